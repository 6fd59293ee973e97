import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { HttpError } from "./errors";

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const AUDIENCE = "authenticated";

const ClaimsSchema = z.object({
  sub: z.uuid(),
  aud: z.union([z.string(), z.array(z.string())]),
  role: z.string(),
  iss: z.string(),
  exp: z.number(),
  iat: z.number(),
  session_id: z.uuid(),
  aal: z.string(),
  amr: z.array(z.object({ method: z.string(), timestamp: z.number() })),
  email: z.string(),
});
export type AccessTokenClaims = z.infer<typeof ClaimsSchema>;

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export interface AccessTokenInput {
  userId: string;
  email: string;
  sessionId: string;
  aal: string;
  /** RFC 8176 authentication methods, each with the time (seconds since the epoch) it was used. */
  amr: Array<{ method: string; timestamp: number }>;
}

export async function signAccessToken(
  input: AccessTokenInput,
  secret: string,
  issuer: string,
  nowSeconds: number,
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = nowSeconds + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    role: "authenticated",
    session_id: input.sessionId,
    aal: input.aal,
    amr: input.amr,
    email: input.email,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(input.userId)
    .setAudience(AUDIENCE)
    .setIssuer(issuer)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(expiresAt)
    .sign(keyFor(secret));
  return { token, expiresAt };
}

/** Only HS256 with our key, our audience and issuer, unexpired; anything else is a 401 bad_jwt. */
export async function verifyAccessToken(
  token: string,
  secret: string,
  issuer: string,
): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer,
      requiredClaims: ["sub", "exp", "iat", "session_id"],
    });
    return ClaimsSchema.parse(payload);
  } catch (error) {
    const message =
      error instanceof joseErrors.JWTExpired
        ? "invalid JWT: token is expired"
        : "invalid JWT: unable to parse or verify signature";
    throw new HttpError(401, "bad_jwt", message);
  }
}
