import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError, isAuthPath } from "./errors";
import type { Database } from "../db/database";
import { verifyAccessToken, type AccessTokenClaims } from "../modules/auth/jwt";

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

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return match[1];
}

/**
 * `app.authenticate` as a preHandler: a valid access token whose session still exists and has not
 * passed not_after. A logged-out session's tokens stop working at once, not when they expire.
 */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, options: { db: Database; jwtSecret: string; issuer: string }) => {
    app.decorateRequest("user", null);
    app.decorateRequest("accessTokenClaims", null);
    app.decorate("authenticate", async (request: FastifyRequest) => {
      const claims = await verifyAccessToken(bearerToken(request), options.jwtSecret, options.issuer);
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
      if (!session || (session.not_after && session.not_after.getTime() <= Date.now())) {
        throw new HttpError(401, "session_not_found", "Session from session_id claim in JWT does not exist");
      }
      // With a verified factor, an aal1 session (password alone) may only finish signing in under
      // /auth/v1 (challenge and verify the factor, read the user, sign out); data needs aal2.
      if (session.aal !== "aal2" && session.mfa_enrolled && !isAuthPath(request.url)) {
        throw new HttpError(
          403,
          "insufficient_aal",
          "AAL2 session required: verify your second factor first.",
        );
      }
      request.accessTokenClaims = claims;
      request.user = { id: claims.sub, email: claims.email, sessionId: claims.session_id, aal: session.aal };
    });
  },
  { name: "authenticate" },
);
