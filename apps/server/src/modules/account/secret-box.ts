import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from "node:crypto";

/**
 * Encryption at rest for values the server must read back (TOTP secrets): AES-256-GCM, a random
 * 96-bit IV per value (NIST SP 800-38D §8.2.2), and the owning row's id as additional authenticated
 * data, so a ciphertext copied into another row does not open. Stored as
 * `v1.<iv>.<ciphertext>.<tag>` (base64url), the version leaving room for another scheme later.
 *
 * The key is derived with HKDF-SHA256 from JWT_SECRET under an info string of its own, so there is
 * one secret to manage and no new variable; the derived key is unrelated to the JWT signing key.
 * The price: after JWT_SECRET changes, stored TOTP secrets no longer open and those factors have to
 * be removed and enrolled again.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const TOTP_KEY_INFO = "fitwise totp secret v1";
/** Any versioned value; anything else (base32) was stored before encryption. */
const SEALED_PATTERN = /^v\d+\./;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

export class SecretBox {
  readonly #key: KeyObject;

  private constructor(key: KeyObject) {
    this.#key = key;
  }

  /** A box whose key is HKDF-SHA256(rootSecret, info); a different info gives an unrelated key. */
  static derive(rootSecret: string, info: string): SecretBox {
    const key = hkdfSync("sha256", rootSecret, Buffer.alloc(0), info, KEY_BYTES);
    return new SecretBox(createSecretKey(Buffer.from(key)));
  }

  /** True for a value written by seal(); false for one stored before encryption. */
  static isSealed(value: string): boolean {
    return SEALED_PATTERN.test(value);
  }

  seal(plaintext: string, aad: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(aad, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  /** Throws SecretBoxError when the value is malformed, altered, sealed for another row or under another key. */
  open(sealed: string, aad: string): string {
    const [version, ...encoded] = sealed.split(".");
    if (version !== VERSION || encoded.length !== 3)
      throw new SecretBoxError(`not a ${VERSION} sealed value`);
    const [iv, ciphertext, tag] = encoded.map(strictBase64url) as [Buffer, Buffer, Buffer];
    // GCM accepts shortened tags unless told otherwise; only the full 128 bits are ours.
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
      throw new SecretBoxError("sealed value has a wrong IV or tag length");
    const decipher = createDecipheriv("aes-256-gcm", this.#key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretBoxError("sealed value does not authenticate (altered, another row, or another key)");
    }
  }
}

/** Node's decoder skips characters it does not know; a value that does not re-encode identically was altered. */
function strictBase64url(text: string): Buffer {
  const bytes = Buffer.from(text, "base64url");
  if (bytes.toString("base64url") !== text) throw new SecretBoxError("sealed value is not base64url");
  return bytes;
}

/** The box for TOTP secrets, keyed from the server's JWT secret (see the module comment). */
export function totpSecretBox(jwtSecret: string): SecretBox {
  return SecretBox.derive(jwtSecret, TOTP_KEY_INFO);
}
