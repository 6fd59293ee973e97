import { z } from "zod";
import type { FunctionContract } from "./functions";
import {
  AuthSettingsSchema,
  ChallengeResponseSchema,
  EnrollFactorRequestSchema,
  EnrollFactorResponseSchema,
  OtpRequestSchema,
  RecoverRequestSchema,
  ResendRequestSchema,
  VerifyFactorRequestSchema,
  VerifyRequestSchema,
} from "./account";
import {
  IdTokenGrantRequestSchema,
  PasswordGrantRequestSchema,
  PkceGrantRequestSchema,
  RefreshTokenGrantRequestSchema,
  SessionSchema,
  SignUpRequestSchema,
  UpdateUserRequestSchema,
  UserSchema,
} from "./auth";

/**
 * Every route outside /functions/v1, keyed "METHOD /path" as Fastify registers it: the server registers each
 * through this table (defineRoute, apps/server/src/http/define-route.ts, which parses bodies with `request`)
 * and the API documentation is generated from it, so neither can name a route the other lacks
 * (docs/decisions/074). `request` is the body (POST, PUT) or query (GET); `response` the 200 answer, absent
 * where the answer is not JSON (a redirect, a page, a file). `family` says which error envelope the route
 * answers with (ROUTE_FAMILIES). The functions take all of this from their registry (FUNCTIONS, decision 032).
 */
export type RouteFamily = "auth" | "api" | "health" | "page";

export type RouteContract = Omit<FunctionContract, "request" | "response"> &
  Partial<Pick<FunctionContract, "request" | "response">> & { family: RouteFamily };

/**
 * The error envelope of each family (docs/product.md §8, decision 002): GoTrue's for /auth/v1, which
 * Supabase clients read; `{ error: {...} }` for the functions and every other JSON route; the health check's
 * report; a page for pages. Whatever family, an error nobody foresaw (a 5xx) shows a fixed message only.
 */
export const ROUTE_FAMILIES = {
  auth: "{ code, error_code, msg } (Supabase Auth / GoTrue)",
  api: '{ "error": { "code", "message", "issues"? } }',
  health: "{ status, database }, the probe's report, also as its 503 (load balancers read it)",
  page: "an HTML page (a 404 page, or the form again with its problem)",
} as const satisfies Record<RouteFamily, string>;

export const ROUTES = {
  "GET /healthz": { summary: "Whether the server and its database answer", auth: "none", family: "health" },
  "POST /auth/v1/signup": {
    family: "auth",
    summary: "Creates an account (a session, or the user while the address awaits confirmation)",
    request: SignUpRequestSchema,
    response: z.union([SessionSchema, UserSchema]),
    auth: "none",
  },
  "GET /auth/v1/settings": {
    family: "auth",
    summary: "Which sign-in methods are on",
    response: AuthSettingsSchema,
    auth: "none",
  },
  "POST /auth/v1/token": {
    family: "auth",
    summary:
      "Signs in (grant_type=password, pkce or id_token) or refreshes a session (grant_type=refresh_token)",
    request: z.union([
      PasswordGrantRequestSchema,
      RefreshTokenGrantRequestSchema,
      PkceGrantRequestSchema,
      IdTokenGrantRequestSchema,
    ]),
    response: SessionSchema,
    auth: "none",
  },
  "GET /auth/v1/user": {
    family: "auth",
    summary: "The signed-in user",
    response: UserSchema,
    auth: "bearer",
  },
  "PUT /auth/v1/user": {
    family: "auth",
    summary: "Changes the e-mail address, password or metadata",
    request: UpdateUserRequestSchema,
    response: UserSchema,
    auth: "bearer",
  },
  "POST /auth/v1/logout": {
    family: "auth",
    summary: "Ends the session (scope in the query)",
    auth: "bearer",
  },
  "POST /auth/v1/recover": {
    family: "auth",
    summary: "Sends a password-reset link",
    request: RecoverRequestSchema,
    auth: "none",
  },
  "POST /auth/v1/resend": {
    family: "auth",
    summary: "Sends a confirmation link again",
    request: ResendRequestSchema,
    auth: "none",
  },
  "POST /auth/v1/otp": {
    family: "auth",
    summary: "Sends a sign-in link",
    request: OtpRequestSchema,
    auth: "none",
  },
  "GET /auth/v1/verify": {
    family: "auth",
    summary: "Opens an e-mail link (redirects to the app)",
    request: VerifyRequestSchema,
    auth: "none",
  },
  "POST /auth/v1/verify": {
    family: "auth",
    summary: "Verifies an e-mail link's token",
    request: VerifyRequestSchema,
    response: SessionSchema,
    auth: "none",
  },
  "GET /auth/v1/authorize": { family: "auth", summary: "Starts a Google sign-in (redirect)", auth: "none" },
  "GET /auth/v1/callback": {
    family: "auth",
    summary: "Google's answer to a sign-in (redirect)",
    auth: "none",
  },
  "POST /auth/v1/factors": {
    family: "auth",
    summary: "Enrols a TOTP factor",
    request: EnrollFactorRequestSchema,
    response: EnrollFactorResponseSchema,
    auth: "bearer",
  },
  "DELETE /auth/v1/factors/:id": { family: "auth", summary: "Removes a factor", auth: "bearer" },
  "POST /auth/v1/factors/:id/challenge": {
    family: "auth",
    summary: "Opens a challenge for a factor",
    response: ChallengeResponseSchema,
    auth: "bearer",
  },
  "POST /auth/v1/factors/:id/verify": {
    family: "auth",
    summary: "Answers a challenge with a TOTP code",
    request: VerifyFactorRequestSchema,
    response: SessionSchema,
    auth: "bearer",
  },
  "POST /webhooks/lemonsqueezy": {
    summary: "Subscription events from Lemon Squeezy (signed)",
    auth: "none",
    family: "api",
  },
  "GET /api/docs": { summary: "This documentation as a page", auth: "none", family: "page" },
  "GET /api/docs/openapi.json": { summary: "This documentation as OpenAPI 3.1", auth: "none", family: "api" },
  "GET /test-checkout/:id": {
    summary: "The local test checkout page (PAYMENTS_PROVIDER=test only)",
    auth: "none",
    family: "page",
  },
  "POST /test-checkout/:id": {
    summary: "Pays on the local test checkout (PAYMENTS_PROVIDER=test only; a form)",
    auth: "none",
    family: "page",
  },
  "GET /": { summary: "The web app", auth: "none", family: "page" },
  "GET /index.html": { summary: "The web app", auth: "none", family: "page" },
  "GET /manifest.webmanifest": {
    summary: "The web app's manifest, named for the host",
    auth: "none",
    family: "page",
  },
  "GET /*": { summary: "The web app's files, and its pages by path", auth: "none", family: "page" },
} as const satisfies Record<string, RouteContract>;

export type RouteKey = keyof typeof ROUTES;
