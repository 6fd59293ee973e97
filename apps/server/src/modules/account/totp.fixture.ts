import { HOTP, Secret } from "otpauth";
import { TOTP_DIGITS, totpStep } from "./totp";

/**
 * Codes as an authenticator app computes them, for tests only (the server only checks codes, in totp.ts); a
 * .fixture.ts file is never part of the server bundle.
 */

/** RFC 4226 §5.3 HOTP with HMAC-SHA-1 and dynamic truncation. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({
    secret: new Secret({ buffer: Uint8Array.from(secret).buffer }),
    algorithm: "SHA1",
    counter,
    digits,
  });
}

export function totpCode(secret: Uint8Array, nowMs: number): string {
  return hotp(secret, totpStep(nowMs));
}
