import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { describeWithDatabases } from "../../test/test-app";
import { totpSecretBox } from "./secret-box";
import { bearer, claimsOf } from "../auth/auth.fixture";
import { challengeOf, codeFor, enrolTotp, verifyTotp } from "./account.fixture";
import { base32Encode } from "./totp";

describeWithDatabases("TOTP secrets encrypted at rest", (ctx) => {
  const storedSecret = async (factorId: string): Promise<string> => {
    const row = await ctx
      .db()
      .selectFrom("mfa_factors")
      .select("secret")
      .where("id", "=", factorId)
      .executeTakeFirstOrThrow();
    if (row.secret === null) throw new Error("factor has no secret");
    return row.secret;
  };
  const box = () => totpSecretBox(ctx.app().config.jwtSecret);

  it("stores the secret sealed to its factor, never the base32 key shown at enrolment", async () => {
    const user = await ctx.signUp();
    const { factor, session } = await enrolTotp(ctx.app(), user.accessToken);
    expect(claimsOf(session.access_token).aal).toBe("aal2");

    const stored = await storedSecret(factor.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(factor.totp.secret);
    expect(box().open(stored, factor.id)).toBe(factor.totp.secret);

    const again = await verifyTotp(
      ctx.app(),
      session.access_token,
      factor.id,
      codeFor(factor.totp.secret, 1),
    );
    expect(claimsOf(again.access_token).aal).toBe("aal2");
    expect(await storedSecret(factor.id)).toBe(stored);

    const exported = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/export_my_data",
      headers: bearer(again.access_token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(factor.totp.secret);
    expect(exported.body).not.toContain(stored);
  });

  it("still verifies a factor stored in plain text before encryption, then stores it sealed", async () => {
    const user = await ctx.signUp();
    const plainSecret = base32Encode(randomBytes(20));
    const now = new Date();
    const legacy = await ctx
      .db()
      .insertInto("mfa_factors")
      .values({
        user_id: user.userId,
        friendly_name: "Old phone",
        factor_type: "totp",
        status: "verified",
        secret: plainSecret,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const session = await verifyTotp(ctx.app(), user.accessToken, legacy.id, codeFor(plainSecret));
    expect(claimsOf(session.access_token).aal).toBe("aal2");

    const stored = await storedSecret(legacy.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(plainSecret);
    expect(box().open(stored, legacy.id)).toBe(plainSecret);

    const next = await verifyTotp(ctx.app(), session.access_token, legacy.id, codeFor(plainSecret, 1));
    expect(claimsOf(next.access_token).aal).toBe("aal2");
  });

  it("refuses a sealed secret copied into another factor's row, without counting it as a wrong code", async () => {
    const victim = await ctx.signUp();
    const { factor: victimFactor } = await enrolTotp(ctx.app(), victim.accessToken);
    const attacker = await ctx.signUp();
    const { factor: attackerFactor, session } = await enrolTotp(ctx.app(), attacker.accessToken);

    await ctx
      .db()
      .updateTable("mfa_factors")
      .set({ secret: await storedSecret(victimFactor.id) })
      .where("id", "=", attackerFactor.id)
      .execute();

    const challenge = await challengeOf(ctx.app(), session.access_token, attackerFactor.id);
    const response = await ctx.app().inject({
      method: "POST",
      url: `/auth/v1/factors/${attackerFactor.id}/verify`,
      headers: bearer(session.access_token),
      payload: { challenge_id: challenge.id, code: codeFor(victimFactor.totp.secret, 1) },
    });
    expect(response.statusCode).toBe(500);
    const row = await ctx
      .db()
      .selectFrom("mfa_challenges")
      .select(["failed_attempts", "verified_at"])
      .where("id", "=", challenge.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_attempts: 0, verified_at: null });
  });
});
