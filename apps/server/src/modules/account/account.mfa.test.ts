import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { describeWithDatabases, TEST_PASSWORD } from "../../test/test-app";
import { bearer, claimsOf } from "../auth/auth.fixture";
import { challengeOf, codeFor, enrolTotp, verifyTotp } from "./account.fixture";
import { totpStep } from "./totp";

/** Starts a TOTP enrolment without verifying it, so the factor stays unverified. */
async function startEnrolment(app: FastifyInstance, accessToken: string) {
  const enrol = await app.inject({
    method: "POST",
    url: "/auth/v1/factors",
    headers: bearer(accessToken),
    payload: { factor_type: "totp" },
  });
  return enrol.json<{ id: string; totp: { secret: string } }>();
}

/** One answer to a challenge; the test judges the response. */
function submitCode(
  app: FastifyInstance,
  accessToken: string,
  factorId: string,
  challengeId: string,
  code: string,
  remoteAddress = "127.0.0.1",
) {
  return app.inject({
    method: "POST",
    url: `/auth/v1/factors/${factorId}/verify`,
    headers: bearer(accessToken),
    payload: { challenge_id: challengeId, code },
    remoteAddress,
  });
}

describeWithDatabases("TOTP two-factor (docs/decisions/009)", (ctx) => {
  it("enrols with a QR code (SVG data URI), a manual key and an otpauth URI; needs a session", async () => {
    const unauthenticated = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/factors",
      payload: { factor_type: "totp" },
    });
    expect(unauthenticated.statusCode).toBe(401);

    const user = await ctx.signUp();
    const response = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/factors",
      headers: bearer(user.accessToken),
      payload: { factor_type: "totp", friendly_name: "My phone" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      id: string;
      type: string;
      totp: { qr_code: string; secret: string; uri: string };
    }>();
    expect(body.type).toBe("totp");
    expect(body.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.totp.uri).toContain(`secret=${body.totp.secret}`);
    expect(body.totp.qr_code.startsWith("data:image/svg+xml;utf-8,")).toBe(true);
    expect(decodeURIComponent(body.totp.qr_code)).toContain("<svg");
  });

  it("verifies a code into an aal2 session with totp in amr, replacing the aal1 session", async () => {
    const user = await ctx.signUp();
    expect(claimsOf(user.accessToken).aal).toBe("aal1");
    const { factor, session } = await enrolTotp(ctx.app(), user.accessToken);
    const claims = claimsOf(session.access_token);
    expect(claims.aal).toBe("aal2");
    expect(claims.amr.map((entry) => entry.method)).toEqual(["totp", "password"]);
    expect(session.user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: "verified", factor_type: "totp" }),
    ]);
    const oldToken = await ctx
      .app()
      .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(user.accessToken) });
    expect(oldToken.statusCode).toBe(401);
    // The aal2 session survives a refresh as aal2.
    const refreshed = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      payload: { refresh_token: session.refresh_token },
    });
    expect(claimsOf(refreshed.json<Session>().access_token).aal).toBe("aal2");
  });

  it("refuses a code used before (replay), even in a new challenge", async () => {
    const user = await ctx.signUp();
    const { factor, session, usedCode } = await enrolTotp(ctx.app(), user.accessToken);
    const challenge = await challengeOf(ctx.app(), session.access_token, factor.id);
    const replay = await submitCode(ctx.app(), session.access_token, factor.id, challenge.id, usedCode);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({
      error_code: "mfa_verification_failed",
      msg: "Invalid TOTP code entered",
    });
    // The next step's code (inside the ±1 window) is still accepted once.
    const next = await submitCode(
      ctx.app(),
      session.access_token,
      factor.id,
      challenge.id,
      codeFor(factor.totp.secret, 1),
    );
    expect(next.statusCode).toBe(200);
  });

  it("refuses codes outside the ±1 step window and wrong codes", async () => {
    const user = await ctx.signUp();
    const factor = await startEnrolment(ctx.app(), user.accessToken);
    // A code two steps ahead becomes one step ahead when a 30 s boundary passes between computing
    // and checking it; such an attempt proves nothing and is made again in the new step.
    const attempt = async (code: () => string) => {
      for (;;) {
        const stepBefore = totpStep(Date.now());
        const challenge = await challengeOf(ctx.app(), user.accessToken, factor.id);
        const response = await submitCode(ctx.app(), user.accessToken, factor.id, challenge.id, code());
        if (totpStep(Date.now()) === stepBefore) return response;
      }
    };
    for (const [label, code] of [
      ["two steps back", () => codeFor(factor.totp.secret, -2)],
      ["two steps ahead", () => codeFor(factor.totp.secret, 2)],
      ["not digits", () => "000000x"],
      ["empty", () => ""],
    ] as const) {
      const response = await attempt(code);
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
    }
  });

  it("expires challenges after 5 minutes", async () => {
    const user = await ctx.signUp();
    const factor = await startEnrolment(ctx.app(), user.accessToken);
    const challenge = await challengeOf(ctx.app(), user.accessToken, factor.id);
    expect(challenge.expires_at - Date.now() / 1000).toBeGreaterThan(290);
    expect(challenge.expires_at - Date.now() / 1000).toBeLessThanOrEqual(300);
    await ctx
      .db()
      .updateTable("mfa_challenges")
      .set({ created_at: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where("id", "=", challenge.id)
      .execute();
    const response = await submitCode(
      ctx.app(),
      user.accessToken,
      factor.id,
      challenge.id,
      codeFor(factor.totp.secret),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error_code: "mfa_challenge_expired" });
  });

  it("ends a challenge after 5 wrong codes and rate-limits verify per factor", async () => {
    const user = await ctx.signUp();
    const factor = await startEnrolment(ctx.app(), user.accessToken);
    const wrong = codeFor(factor.totp.secret) === "123456" ? "654321" : "123456";
    const challenge = await challengeOf(ctx.app(), user.accessToken, factor.id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await submitCode(
        ctx.app(),
        user.accessToken,
        factor.id,
        challenge.id,
        attempt === 5 ? codeFor(factor.totp.secret) : wrong,
      );
      statuses.push(response.statusCode);
      if (attempt === 5) expect(response.json()).toMatchObject({ error_code: "mfa_challenge_expired" });
    }
    expect(statuses.slice(0, 10)).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 422, 422]);
    expect(statuses[10]).toBe(429);
  });

  it("checks that the factor is the caller's before charging its verify limit", async () => {
    const owner = await ctx.signUp();
    const factor = await startEnrolment(ctx.app(), owner.accessToken);
    const stranger = await ctx.signUp();
    // Far more attempts than the per-factor limit, all with the owner's factor id.
    for (let attempt = 0; attempt < 15; attempt += 1) {
      // From an address of its own, so only the per-factor limit could stop the owner.
      const response = await submitCode(
        ctx.app(),
        stranger.accessToken,
        factor.id,
        randomUUID(),
        "123456",
        "192.0.2.77",
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_code: "mfa_factor_not_found" });
    }
    // The owner's attempts are untouched: the right code still verifies.
    const challenge = await challengeOf(ctx.app(), owner.accessToken, factor.id);
    const verified = await submitCode(
      ctx.app(),
      owner.accessToken,
      factor.id,
      challenge.id,
      codeFor(factor.totp.secret),
    );
    expect(verified.statusCode).toBe(200);
  });

  it("signs in with aal1 listing the factor; data functions then need aal2", async () => {
    const user = await ctx.signUp();
    const { factor } = await enrolTotp(ctx.app(), user.accessToken);
    const signIn = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const aal1 = signIn.json<Session>();
    expect(claimsOf(aal1.access_token).aal).toBe("aal1");
    expect(aal1.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: "verified" })]);

    const refused = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/export_my_data",
      headers: bearer(aal1.access_token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: "insufficient_aal" } });
    const password = await ctx.app().inject({
      method: "PUT",
      url: "/auth/v1/user",
      headers: bearer(aal1.access_token),
      payload: { password: "another long password" },
    });
    expect(password.statusCode).toBe(403);
    const unenrol = await ctx.app().inject({
      method: "DELETE",
      url: `/auth/v1/factors/${factor.id}`,
      headers: bearer(aal1.access_token),
    });
    expect(unenrol.statusCode).toBe(403);
    expect(unenrol.json()).toMatchObject({ error_code: "insufficient_aal" });

    // A later code (the enrolment used the current step) completes the sign-in.
    const aal2 = await verifyTotp(ctx.app(), aal1.access_token, factor.id, codeFor(factor.totp.secret, 1));
    const allowed = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/export_my_data",
      headers: bearer(aal2.access_token),
    });
    expect(allowed.statusCode).toBe(200);
    const removed = await ctx.app().inject({
      method: "DELETE",
      url: `/auth/v1/factors/${factor.id}`,
      headers: bearer(aal2.access_token),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: factor.id });
  });

  it("needs aal2 to enrol another factor once one is verified", async () => {
    const user = await ctx.signUp();
    await enrolTotp(ctx.app(), user.accessToken);
    const signIn = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const response = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/factors",
      headers: bearer(signIn.json<Session>().access_token),
      payload: { factor_type: "totp" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: "insufficient_aal" });
  });

  it("keeps factors private to their owner", async () => {
    const owner = await ctx.signUp();
    const other = await ctx.signUp();
    const { factor } = await enrolTotp(ctx.app(), owner.accessToken);
    for (const request of [
      { method: "POST" as const, url: `/auth/v1/factors/${factor.id}/challenge` },
      { method: "DELETE" as const, url: `/auth/v1/factors/${factor.id}` },
    ]) {
      const response = await ctx.app().inject({ ...request, headers: bearer(other.accessToken) });
      expect(response.statusCode).toBe(404);
    }
  });
});
