import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/database";
import type { FlowStatesTable } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { Selectable } from "kysely";

/** GoTrue's FlowStateExpiryDuration default (300 s): how long an issued auth code can be exchanged. */
export const PKCE_AUTH_CODE_TTL_MS = 5 * 60 * 1000;

/** RFC 7636 §4.1: the verifier (and so a plain challenge) is 43–128 unreserved characters. */
const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

export type CodeChallengeMethod = FlowStatesTable["code_challenge_method"];

export interface PkceChallenge {
  codeChallenge: string;
  method: CodeChallengeMethod;
}

export type FlowState = Selectable<FlowStatesTable>;

function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * The PKCE part of a request (/authorize query, /signup or /recover body), GoTrue's rules: neither
 * field means the implicit flow (undefined), one without the other is an error, and the method is
 * s256 or plain in any case.
 */
export function parsePkceChallenge(input: {
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}): PkceChallenge | undefined {
  const challenge = input.code_challenge ?? "";
  const method = (input.code_challenge_method ?? "").toLowerCase();
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw new HttpError(
      400,
      "validation_failed",
      "PKCE flow requires code_challenge_method and code_challenge",
    );
  }
  if (method !== "s256" && method !== "plain") {
    throw new HttpError(400, "validation_failed", "code challenge method not supported");
  }
  if (!CODE_CHALLENGE_PATTERN.test(challenge)) {
    throw new HttpError(400, "validation_failed", "code challenge has to be between 43 and 128 characters");
  }
  return { codeChallenge: challenge, method };
}

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) for S256, the verifier itself for plain; compared in constant time. */
export function verifierMatches(flow: PkceChallenge, codeVerifier: string): boolean {
  const expected = Buffer.from(flow.codeChallenge);
  const actual = Buffer.from(
    flow.method === "s256" ? createHash("sha256").update(codeVerifier).digest("base64url") : codeVerifier,
  );
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** An auth code next to its target: GoTrue's PKCE redirect puts it in the query, `?code=`. */
export function withAuthCode(target: string, authCode: string): string {
  const url = new URL(target);
  url.hash = "";
  url.searchParams.set("code", authCode);
  return url.toString();
}

/**
 * PKCE flow states (migration 011): started with a client's code_challenge, completed by the
 * provider callback or the e-mail link with a single-use auth code, spent by POST
 * /token?grant_type=pkce with the matching code_verifier.
 */
export class PkceFlows {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Abandoned flows would otherwise pile up; an expired one is useless to anyone. Returns how many went. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.#db.deleteFrom("flow_states").where("expires_at", "<", now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async start(input: {
    challenge: PkceChallenge;
    providerType: "google" | "email";
    authenticationMethod: string;
    userId?: string;
    oidcStateHash?: string;
    linkTokenHash?: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.deleteExpired(input.now);
    await this.#db
      .insertInto("flow_states")
      .values({
        user_id: input.userId ?? null,
        code_challenge: input.challenge.codeChallenge,
        code_challenge_method: input.challenge.method,
        provider_type: input.providerType,
        authentication_method: input.authenticationMethod,
        oidc_state_hash: input.oidcStateHash ?? null,
        link_token_hash: input.linkTokenHash ?? null,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .execute();
  }

  /** The flow a Google /authorize started, if the client asked for PKCE there. */
  forOidcState(stateHash: string): Promise<FlowState | undefined> {
    return this.#db
      .selectFrom("flow_states")
      .selectAll()
      .where("oidc_state_hash", "=", stateHash)
      .where("auth_code_hash", "is", null)
      .executeTakeFirst();
  }

  /** The flow an e-mail link was sent for (by the SHA-256 of its token), if it was sent with a challenge. */
  forLink(linkTokenHash: string): Promise<FlowState | undefined> {
    return this.#db
      .selectFrom("flow_states")
      .selectAll()
      .where("link_token_hash", "=", linkTokenHash)
      .where("auth_code_hash", "is", null)
      .executeTakeFirst();
  }

  /**
   * Completes the flow for a user: a fresh auth code (a UUID, as GoTrue issues) that can be exchanged
   * once within PKCE_AUTH_CODE_TTL_MS. Undefined when the flow was completed already.
   */
  async issueAuthCode(flowId: string, userId: string, now: Date): Promise<string | undefined> {
    const authCode = randomUUID();
    const updated = await this.#db
      .updateTable("flow_states")
      .set({
        user_id: userId,
        auth_code_hash: sha256Hex(authCode),
        auth_code_issued_at: now,
        expires_at: new Date(now.getTime() + PKCE_AUTH_CODE_TTL_MS),
      })
      .where("id", "=", flowId)
      .where("auth_code_hash", "is", null)
      .returning("id")
      .executeTakeFirst();
    return updated ? authCode : undefined;
  }

  /**
   * POST /token?grant_type=pkce: checks the verifier against the flow's challenge and spends the code.
   * Status codes and error codes are GoTrue's (token.go PKCE): 404 flow_state_not_found for an unknown
   * or spent code, 422 flow_state_expired, 400 bad_code_verifier (the code stays usable, as there).
   */
  async exchange(
    input: { auth_code?: string | undefined; code_verifier?: string | undefined },
    now: Date,
  ): Promise<{ userId: string; authenticationMethod: string; providerType: string }> {
    if (!input.auth_code || !input.code_verifier) {
      throw new HttpError(
        400,
        "validation_failed",
        "invalid request: both auth code and code verifier should be non-empty",
      );
    }
    const codeHash = sha256Hex(input.auth_code);
    const flow = await this.#db
      .selectFrom("flow_states")
      .selectAll()
      .where("auth_code_hash", "=", codeHash)
      .executeTakeFirst();
    if (!flow?.user_id) {
      throw new HttpError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    }
    if (flow.expires_at.getTime() <= now.getTime()) {
      await this.#db.deleteFrom("flow_states").where("id", "=", flow.id).execute();
      throw new HttpError(422, "flow_state_expired", "invalid flow state, flow state has expired");
    }
    if (
      !verifierMatches(
        { codeChallenge: flow.code_challenge, method: flow.code_challenge_method },
        input.code_verifier,
      )
    ) {
      throw new HttpError(
        400,
        "bad_code_verifier",
        "code challenge does not match previously saved code verifier",
      );
    }
    // The delete is the spend: of two exchanges racing with the right verifier, one gets the row.
    const spent = await this.#db
      .deleteFrom("flow_states")
      .where("id", "=", flow.id)
      .where("auth_code_hash", "=", codeHash)
      .returning("id")
      .executeTakeFirst();
    if (!spent) {
      throw new HttpError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    }
    return {
      userId: flow.user_id,
      authenticationMethod: flow.authentication_method,
      providerType: flow.provider_type,
    };
  }
}
