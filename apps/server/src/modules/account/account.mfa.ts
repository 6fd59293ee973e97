import { randomBytes, randomUUID } from "node:crypto";
import type { ChallengeResponse, EnrollFactorResponse } from "@fitwise/contracts/account";
import type { Session as SessionResponse } from "@fitwise/contracts/auth";
import QRCode from "qrcode";
import { z } from "zod";
import type { AmrEntry } from "../../db/schema";
import type { AuthenticatedUser } from "../../http/authenticate";
import { HttpError } from "../../http/errors";
import type { SessionMeta } from "../auth/auth.repository";
import { requireUser, seconds, type AccountServiceDeps } from "./account.deps";
import { SecretBox } from "./secret-box";
import { base32Decode, base32Encode, matchTotp, totpUri } from "./totp";

/** GoTrue's MFA challenge lifetime default (MFA_CHALLENGE_EXPIRY_DURATION): 300 s. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes a challenge survives; then a new challenge (and the factor's rate limit) applies. */
export const MFA_MAX_FAILED_ATTEMPTS = 5;

/** MFA with TOTP factors: enrol, challenge, verify (to aal2) and remove. */
export class AccountMfa {
  readonly #deps: AccountServiceDeps;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
  }

  async enroll(
    actor: AuthenticatedUser,
    input: { friendly_name?: string | undefined; issuer?: string | undefined },
  ): Promise<EnrollFactorResponse> {
    const user = await requireUser(this.#deps, actor.id);
    const factors = await this.#deps.repo.listFactors(user.id);
    if (actor.aal !== "aal2" && factors.some((factor) => factor.status === "verified")) {
      throw new HttpError(403, "insufficient_aal", "AAL2 required to enroll a new factor");
    }
    // RFC 4226 §4 R6: a shared secret of at least 128 bits; 160 bits is the SHA-1 block-friendly length.
    const secret = base32Encode(randomBytes(20));
    const friendlyName = input.friendly_name ?? "";
    const factorId = randomUUID();
    const factor = await this.#deps.repo.insertFactor({
      id: factorId,
      userId: user.id,
      friendlyName,
      sealedSecret: this.#deps.totpSecrets.seal(secret, factorId),
      now: new Date(),
    });
    const uri = totpUri({
      secretBase32: secret,
      issuer: input.issuer ?? this.#deps.config.brandName,
      accountName: user.email,
    });
    const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return {
      id: factor.id,
      type: "totp",
      friendly_name: friendlyName,
      totp: { qr_code: `data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`, secret, uri },
    };
  }

  /**
   * The caller's own factor, else 404. Verify calls it before charging the per-factor limit, so
   * someone who learnt a factor id cannot spend its owner's attempts and lock them out.
   */
  async requireOwnFactor(actor: AuthenticatedUser, factorId: string) {
    return this.#requireFactor(actor, factorId);
  }

  async #requireFactor(actor: AuthenticatedUser, factorId: string) {
    const factor = z.uuid().safeParse(factorId).success
      ? await this.#deps.repo.findFactor(actor.id, factorId)
      : undefined;
    if (!factor) throw new HttpError(404, "mfa_factor_not_found", "Factor not found");
    return factor;
  }

  async challenge(actor: AuthenticatedUser, factorId: string, ip: string | null): Promise<ChallengeResponse> {
    const factor = await this.#requireFactor(actor, factorId);
    const now = new Date();
    const challenge = await this.#deps.repo.insertChallenge(factor.id, ip, now);
    return {
      id: challenge.id,
      type: "totp",
      expires_at: seconds(new Date(now.getTime() + MFA_CHALLENGE_TTL_MS)),
    };
  }

  /** Checks the code and, on success, replaces the caller's session with an aal2 one (amr gains totp). */
  async verifyFactor(
    actor: AuthenticatedUser,
    factorId: string,
    input: { challenge_id?: string | undefined; code?: string | undefined },
    meta: SessionMeta,
  ): Promise<SessionResponse> {
    const factor = await this.#requireFactor(actor, factorId);
    if (!input.challenge_id || !input.code)
      throw new HttpError(400, "validation_failed", "challenge_id and code are required");
    const challenge = z.uuid().safeParse(input.challenge_id).success
      ? await this.#deps.repo.findChallenge(factor.id, input.challenge_id)
      : undefined;
    if (!challenge) throw new HttpError(404, "mfa_challenge_not_found", "Challenge not found");
    const now = new Date();
    if (challenge.verified_at)
      throw new HttpError(422, "mfa_challenge_expired", "Challenge has already been verified");
    if (
      now.getTime() - challenge.created_at.getTime() > MFA_CHALLENGE_TTL_MS ||
      challenge.failed_attempts >= MFA_MAX_FAILED_ATTEMPTS
    ) {
      throw new HttpError(
        422,
        "mfa_challenge_expired",
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (challenge.ip_address !== meta.ip) {
      throw new HttpError(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
    }
    const secret = factor.secret === null ? null : this.#openTotpSecret(factor.id, factor.secret);
    const step = secret ? matchTotp(base32Decode(secret), input.code.trim(), now.getTime()) : null;
    const accepted =
      step !== null &&
      (await this.#deps.repo.acceptCode({ factorId: factor.id, challengeId: challenge.id, step, now }));
    if (!accepted) {
      await this.#deps.repo.countFailedAttempt(challenge.id);
      throw new HttpError(422, "mfa_verification_failed", "Invalid TOTP code entered");
    }
    if (factor.secret !== null && !SecretBox.isSealed(factor.secret)) {
      await this.#deps.repo.sealLegacySecret({
        factorId: factor.id,
        plainSecret: factor.secret,
        sealedSecret: this.#deps.totpSecrets.seal(factor.secret, factor.id),
      });
    }
    const user = await requireUser(this.#deps, actor.id);
    const previous = await this.#deps.db
      .selectFrom("sessions")
      .select("amr")
      .where("id", "=", actor.sessionId)
      .executeTakeFirst();
    const earlier: AmrEntry[] = (previous?.amr ?? []).filter((entry) => entry.method !== "totp");
    const session = await this.#deps.auth.startSession(user, meta, now, {
      aal: "aal2",
      factorId: factor.id,
      amr: [{ method: "totp", timestamp: seconds(now) }, ...earlier],
    });
    // The aal1 session is replaced, so its tokens cannot be used (or refreshed) any more.
    await this.#deps.db.deleteFrom("sessions").where("id", "=", actor.sessionId).execute();
    return session;
  }

  /**
   * The base32 secret of a factor. Rows enrolled before secrets were encrypted hold it in plain text;
   * verifyFactor seals those after their next accepted code. A sealed secret that does not open
   * (JWT_SECRET changed) is a server fault, not a wrong code, so it is not counted against the challenge.
   */
  #openTotpSecret(factorId: string, stored: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    try {
      return this.#deps.totpSecrets.open(stored, factorId);
    } catch (error) {
      throw new Error(
        `TOTP secret of factor ${factorId} does not decrypt; if JWT_SECRET changed, the factor must be enrolled again`,
        { cause: error },
      );
    }
  }

  async unenroll(actor: AuthenticatedUser, factorId: string): Promise<{ id: string }> {
    const factor = await this.#requireFactor(actor, factorId);
    if (factor.status === "verified" && actor.aal !== "aal2") {
      throw new HttpError(403, "insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    await this.#deps.repo.deleteFactor(actor.id, factor.id);
    return { id: factor.id };
  }
}
