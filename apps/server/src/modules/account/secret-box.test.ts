import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SecretBox, SecretBoxError, totpSecretBox } from "./secret-box";

const JWT_SECRET = randomBytes(32).toString("base64url");
const FACTOR_ID = "6f1c2a52-8d0e-4c55-9a43-0b7d6e1f2a3c";
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Flips one bit of the part at `index` (1 iv, 2 ciphertext, 3 tag) and re-encodes it. */
function tamper(sealed: string, index: 1 | 2 | 3): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[index] ?? "", "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

describe("SecretBox (AES-256-GCM, key from HKDF-SHA256)", () => {
  const box = totpSecretBox(JWT_SECRET);

  it("round-trips a value in the v1.<iv>.<ciphertext>.<tag> format", () => {
    const sealed = box.seal(TOTP_SECRET, FACTOR_ID);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain(TOTP_SECRET);
    expect(box.open(sealed, FACTOR_ID)).toBe(TOTP_SECRET);
  });

  it("uses a fresh IV each time, so sealing the same value twice gives different texts", () => {
    const first = box.seal(TOTP_SECRET, FACTOR_ID);
    const second = box.seal(TOTP_SECRET, FACTOR_ID);
    expect(first).not.toBe(second);
    expect(first.split(".")[1]).not.toBe(second.split(".")[1]);
    expect(box.open(second, FACTOR_ID)).toBe(TOTP_SECRET);
  });

  it.each([
    { index: 1, part: "IV" },
    { index: 2, part: "ciphertext" },
    { index: 3, part: "tag" },
  ] as const)("refuses a value whose $part was altered", ({ index }) => {
    const sealed = box.seal(TOTP_SECRET, FACTOR_ID);
    expect(() => box.open(tamper(sealed, index), FACTOR_ID)).toThrow(SecretBoxError);
  });

  it("refuses a truncated tag, an unknown version and non-base64url text", () => {
    const sealed = box.seal(TOTP_SECRET, FACTOR_ID);
    const [, iv, ciphertext, tag] = sealed.split(".");
    expect(() => box.open(`v1.${iv}.${ciphertext}.${tag?.slice(0, 6)}`, FACTOR_ID)).toThrow(SecretBoxError);
    expect(() => box.open(sealed.replace(/^v1\./, "v2."), FACTOR_ID)).toThrow(SecretBoxError);
    expect(() => box.open(`${sealed}.extra`, FACTOR_ID)).toThrow(SecretBoxError);
    expect(() => box.open(`v1.${iv}.${ciphertext}!.${tag}`, FACTOR_ID)).toThrow(SecretBoxError);
  });

  it("refuses a value sealed for another row (additional authenticated data)", () => {
    const sealed = box.seal(TOTP_SECRET, FACTOR_ID);
    expect(() => box.open(sealed, "0b7d6e1f-2a3c-4c55-9a43-6f1c2a528d0e")).toThrow(SecretBoxError);
  });

  it("refuses a value sealed under another JWT secret or another info string", () => {
    const sealed = box.seal(TOTP_SECRET, FACTOR_ID);
    const otherSecret = totpSecretBox(randomBytes(32).toString("base64url"));
    expect(() => otherSecret.open(sealed, FACTOR_ID)).toThrow(SecretBoxError);
    const otherInfo = SecretBox.derive(JWT_SECRET, "another purpose");
    expect(() => otherInfo.open(sealed, FACTOR_ID)).toThrow(SecretBoxError);
    expect(totpSecretBox(JWT_SECRET).open(sealed, FACTOR_ID)).toBe(TOTP_SECRET);
  });

  it("tells sealed values from base32 secrets stored before encryption", () => {
    expect(SecretBox.isSealed(box.seal(TOTP_SECRET, FACTOR_ID))).toBe(true);
    expect(SecretBox.isSealed(TOTP_SECRET)).toBe(false);
  });
});
