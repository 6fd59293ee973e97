import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, totpStep, totpUri } from "./totp";
import { hotp, totpCode } from "./totp.fixture";

/** RFC 6238 Appendix B: the SHA-1 seed "12345678901234567890" and its 8-digit codes. */
const RFC_SECRET = new TextEncoder().encode("12345678901234567890");
const RFC_VECTORS: Array<[number, string]> = [
  [59, "94287082"],
  [1_111_111_109, "07081804"],
  [1_111_111_111, "14050471"],
  [1_234_567_890, "89005924"],
  [2_000_000_000, "69279037"],
  [20_000_000_000, "65353130"],
];

describe("TOTP (RFC 6238, SHA-1)", () => {
  it.each(RFC_VECTORS)("matches the RFC 6238 test vector at T=%i", (seconds, expected) => {
    expect(hotp(RFC_SECRET, totpStep(seconds * 1000), 8)).toBe(expected);
  });

  it("matches the RFC 4226 Appendix D HOTP values for counters 0 and 9", () => {
    expect(hotp(RFC_SECRET, 0)).toBe("755224");
    expect(hotp(RFC_SECRET, 9)).toBe("520489");
  });

  it("accepts codes one step either side of now and no further", () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step - 2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, hotp(RFC_SECRET, step + 2), now)).toBeNull();
  });

  it("refuses anything but six digits", () => {
    const now = 1_700_000_000_000;
    expect(matchTotp(RFC_SECRET, "12345", now)).toBeNull();
    expect(matchTotp(RFC_SECRET, ` ${totpCode(RFC_SECRET, now)}`, now)).toBeNull();
  });

  it("round-trips base32 (RFC 4648 §10 vectors)", () => {
    expect(base32Encode(new TextEncoder().encode("foobar"))).toBe("MZXW6YTBOI");
    expect(new TextDecoder().decode(base32Decode("MZXW6YTBOI"))).toBe("foobar");
    expect(new TextDecoder().decode(base32Decode("mzxw 6ytb oi=="))).toBe("foobar");
  });

  it("builds an otpauth URI with the issuer, the account and the parameters", () => {
    const text = totpUri({ secretBase32: "MZXW6YTBOI", issuer: "Fitwise", accountName: "a@b.co" });
    expect(text.startsWith("otpauth://totp/Fitwise:a%40b.co?")).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: "MZXW6YTBOI",
      issuer: "Fitwise",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});
