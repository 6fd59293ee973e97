import { Secret, TOTP } from "otpauth";

/**
 * TOTP codes come from otpauth (docs/decisions/071): RFC 4226/6238, its HMAC through node:crypto, base32 and the Key Uri
 * Format. What stays ours is the policy: the parameters below, six ASCII digits only, and the matched time step, which
 * account.mfa.ts stores so a code is accepted once.
 */

/** RFC 6238 parameters as authenticator apps assume them when the URI names none: SHA-1, 30 s, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes one step either side of now are accepted, for clock drift (RFC 6238 §5.2 recommends at most one). */
export const TOTP_WINDOW_STEPS = 1;
const TOTP_ALGORITHM = "SHA1";

/** RFC 4648 §6 base32 without padding, the form authenticator apps take as the manual key. */
export function base32Encode(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/** Base32 as people type it: any case, with spaces, dashes or padding (otpauth itself drops only spaces and padding). */
export function base32Decode(text: string): Uint8Array {
  return Secret.fromBase32(text.replace(/[\s=-]/g, "")).bytes;
}

/** RFC 6238 §4.2: the time step counting from the Unix epoch. */
export function totpStep(nowMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: nowMs });
}

/**
 * The time step whose code matches, searching now and one step either side; null when none does.
 * otpauth compares each candidate with crypto.timingSafeEqual. The six-digit check comes first: a
 * code of six characters but more bytes (non-ASCII) would make that comparison throw.
 */
export function matchTotp(secret: Uint8Array, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: new Secret({ buffer: Uint8Array.from(secret).buffer }),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: nowMs,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : totpStep(nowMs) + delta;
}

/** The Key Uri Format read by authenticator apps (Google Authenticator wiki, "Key Uri Format"). */
export function totpUri(input: { secretBase32: string; issuer: string; accountName: string }): string {
  return new TOTP({
    issuer: input.issuer,
    label: input.accountName,
    secret: Secret.fromBase32(input.secretBase32),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}
