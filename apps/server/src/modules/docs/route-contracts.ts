import { z } from "zod";
import type { FunctionContract } from "@fitwise/contracts/functions";
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
} from "@fitwise/contracts/account";
import {
  IdTokenGrantRequestSchema,
  PasswordGrantRequestSchema,
  PkceGrantRequestSchema,
  RefreshTokenGrantRequestSchema,
  SessionSchema,
  SignUpRequestSchema,
  UpdateUserRequestSchema,
  UserSchema,
} from "@fitwise/contracts/auth";

/**
 * What the API documentation says of a route: the contracts' schemas of its body (POST, PUT) or query (GET)
 * and of its 200 answer — absent where the answer is not JSON (a redirect, a page, a file). The functions
 * under /functions/v1 take theirs from the registry (FUNCTIONS, docs/decisions/032); this table holds the rest.
 */
export type RouteContract = Omit<FunctionContract, "request" | "response"> &
  Partial<Pick<FunctionContract, "request" | "response">>;

/** The Supabase-compatible auth routes and the other routes outside /functions/v1, keyed "METHOD /path". */
export const ROUTE_CONTRACTS: Record<string, RouteContract> = {
  "GET /healthz": { summary: "Whether the server and its database answer", auth: "none" },
  "POST /auth/v1/signup": {
    summary: "Creates an account (a session, or the user while the address awaits confirmation)",
    request: SignUpRequestSchema,
    response: z.union([SessionSchema, UserSchema]),
    auth: "none",
  },
  "GET /auth/v1/settings": {
    summary: "Which sign-in methods are on",
    response: AuthSettingsSchema,
    auth: "none",
  },
  "POST /auth/v1/token": {
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
  "GET /auth/v1/user": { summary: "The signed-in user", response: UserSchema, auth: "bearer" },
  "PUT /auth/v1/user": {
    summary: "Changes the e-mail address, password or metadata",
    request: UpdateUserRequestSchema,
    response: UserSchema,
    auth: "bearer",
  },
  "POST /auth/v1/logout": { summary: "Ends the session (scope in the query)", auth: "bearer" },
  "POST /auth/v1/recover": {
    summary: "Sends a password-reset link",
    request: RecoverRequestSchema,
    auth: "none",
  },
  "POST /auth/v1/resend": {
    summary: "Sends a confirmation link again",
    request: ResendRequestSchema,
    auth: "none",
  },
  "POST /auth/v1/otp": { summary: "Sends a sign-in link", request: OtpRequestSchema, auth: "none" },
  "GET /auth/v1/verify": { summary: "Opens an e-mail link (redirects to the app)", auth: "none" },
  "POST /auth/v1/verify": {
    summary: "Verifies an e-mail link's token",
    request: VerifyRequestSchema,
    response: SessionSchema,
    auth: "none",
  },
  "GET /auth/v1/authorize": { summary: "Starts a Google sign-in (redirect)", auth: "none" },
  "GET /auth/v1/callback": { summary: "Google's answer to a sign-in (redirect)", auth: "none" },
  "POST /auth/v1/factors": {
    summary: "Enrols a TOTP factor",
    request: EnrollFactorRequestSchema,
    response: EnrollFactorResponseSchema,
    auth: "bearer",
  },
  "DELETE /auth/v1/factors/:id": { summary: "Removes a factor", auth: "bearer" },
  "POST /auth/v1/factors/:id/challenge": {
    summary: "Opens a challenge for a factor",
    response: ChallengeResponseSchema,
    auth: "bearer",
  },
  "POST /auth/v1/factors/:id/verify": {
    summary: "Answers a challenge with a TOTP code",
    request: VerifyFactorRequestSchema,
    response: SessionSchema,
    auth: "bearer",
  },
  "POST /webhooks/lemonsqueezy": { summary: "Subscription events from Lemon Squeezy (signed)", auth: "none" },
};
