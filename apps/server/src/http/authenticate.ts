import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { decodeJwt } from "jose";
import { HttpError, isAuthPath } from "./errors";
import type { Database } from "../db/database";
import { verifyAccessToken, type AccessTokenClaims } from "./access-token";
import { UserStateCache } from "./user-state-cache";

export interface AuthenticatedUser {
  id: string;
  email: string;
  sessionId: string;
  aal: string;
}

declare module "fastify" {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    accessTokenClaims: AccessTokenClaims | null;
  }
}

function unverifiedSubject(token: string): string {
  try {
    return decodeJwt(token).sub ?? "";
  } catch {
    return "";
  }
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return match[1];
}

export interface VerifiedSession {
  claims: AccessTokenClaims;
  aal: string;
  notAfterMs: number | null;
  mfaEnrolled: boolean;
}

/**
 * How long a verified session is believed without asking the database again. It bounds how long
 * another server instance still accepts the tokens of a session ended elsewhere (this process
 * forgets at once); GoTrue itself accepts an access token until it expires (an hour).
 * docs/decisions/036-signed-in-read-caches.md.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Active tokens kept; a few hundred bytes each. */
const SESSION_CACHE_MAX_ENTRIES = 20_000;

/** The verified sessions behind access tokens; the app drops entries as requests change them. */
export function createSessionCache(now: () => number = Date.now): UserStateCache<VerifiedSession> {
  return new UserStateCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES, now });
}

/**
 * `app.authenticate` as a preHandler: a valid access token whose session still exists and has not
 * passed not_after. A logged-out session's tokens stop working at once in this process, and within
 * SESSION_CACHE_TTL_MS on other instances, not when they expire.
 */
export const authenticatePlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Database;
      jwtSecret: string;
      issuer: string;
      sessions: UserStateCache<VerifiedSession>;
      now?: () => number;
    },
  ) => {
    const now = options.now ?? Date.now;
    const { sessions } = options;

    const load = async (token: string): Promise<VerifiedSession> => {
      const claims = await verifyAccessToken(token, options.jwtSecret, options.issuer);
      const session = await options.db
        .selectFrom("sessions")
        .select((eb) => [
          "id",
          "not_after",
          "aal",
          eb
            .exists(
              eb
                .selectFrom("mfa_factors")
                .select("mfa_factors.id")
                .whereRef("mfa_factors.user_id", "=", "sessions.user_id")
                .where("mfa_factors.status", "=", "verified"),
            )
            .as("mfa_enrolled"),
        ])
        .where("id", "=", claims.session_id)
        .where("user_id", "=", claims.sub)
        .executeTakeFirst();
      if (!session) {
        throw new HttpError(401, "session_not_found", "Session from session_id claim in JWT does not exist");
      }
      return {
        claims,
        aal: session.aal,
        notAfterMs: session.not_after?.getTime() ?? null,
        mfaEnrolled: Boolean(session.mfa_enrolled),
      };
    };
    // Keyed by the token. Its user (to forget the entry with) is read from the unverified payload
    // only for that bookkeeping; nothing is trusted before the load has verified the signature.
    const verify = (token: string): Promise<VerifiedSession> =>
      sessions.getOrLoad(
        token,
        unverifiedSubject(token),
        () => load(token),
        (verified) => verified.claims.exp * 1000,
      );

    app.decorateRequest("user", null);
    app.decorateRequest("accessTokenClaims", null);
    app.decorate("authenticate", async (request: FastifyRequest) => {
      const session = await verify(bearerToken(request));
      // Checked on every request, cached or not: not_after is a matter of the clock, not of the
      // database (a cached entry never outlives its token's exp, so jose reports an expired token).
      if (session.notAfterMs !== null && session.notAfterMs <= now()) {
        throw new HttpError(401, "session_not_found", "Session from session_id claim in JWT does not exist");
      }
      // With a verified factor, an aal1 session (password alone) may only finish signing in under
      // /auth/v1 (challenge and verify the factor, read the user, sign out); data needs aal2.
      if (session.aal !== "aal2" && session.mfaEnrolled && !isAuthPath(request.url)) {
        throw new HttpError(
          403,
          "insufficient_aal",
          "AAL2 session required: verify your second factor first.",
        );
      }
      const { claims } = session;
      request.accessTokenClaims = claims;
      request.user = { id: claims.sub, email: claims.email, sessionId: claims.session_id, aal: session.aal };
    });
  },
  { name: "authenticate" },
);

/** The signed-in caller's id, on a route behind `app.authenticate`; 401 where a route was left without it. */
export function callerId(request: FastifyRequest): string {
  if (!request.user) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return request.user.id;
}
