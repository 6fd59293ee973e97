import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { describeWithDatabases, TEST_PASSWORD, testConfig } from "../../test/test-app";
import { createMailer } from "./mailer";
import { startSmtpServer, verifyLinkIn } from "./smtp-test-server";
import { bearer } from "./test-helpers";

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

describeWithDatabases(
  "forgotten password by e-mail (issue 8 §2)",
  (ctx) => {
    const recover = (email: string, remoteAddress = "127.0.0.1") =>
      ctx.app().inject({ method: "POST", url: "/auth/v1/recover", payload: { email }, remoteAddress });

    it("answers 200 with the same body whether or not the address exists", async () => {
      const user = await ctx.signUp();
      const known = await recover(user.email, "10.0.0.1");
      const unknown = await recover(`nobody-${Date.now()}@example.com`, "10.0.0.1");
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      const missing = await ctx.app().inject({ method: "POST", url: "/auth/v1/recover", payload: {} });
      expect(missing.statusCode).toBe(400);
    });

    it("mails a single-use link that signs in for a new password, which ends the other sessions", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      expect((await recover(user.email, "10.0.0.2")).statusCode).toBe(200);
      const mail = await smtp.next(user.email, before);
      expect(mail.subject).toContain("Reset your Fitwise password");
      const link = verifyLinkIn(mail);
      expect(link.origin).toBe("http://localhost:3000");
      expect(link.searchParams.get("type")).toBe("recovery");
      // Only a hash is stored.
      const stored = await ctx
        .db()
        .selectFrom("one_time_tokens")
        .select("token_hash")
        .where("user_id", "=", user.userId)
        .execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(link.searchParams.get("token"));

      const verify = await ctx.app().inject({ method: "GET", url: `${link.pathname}${link.search}` });
      expect(verify.statusCode).toBe(303);
      const location = verify.headers.location as string;
      expect(location.startsWith("http://localhost:3000/reset-password#")).toBe(true);
      const fragment = fragmentOf(location);
      expect(fragment.get("type")).toBe("recovery");
      const recoveryToken = fragment.get("access_token") ?? "";
      const session = await ctx
        .db()
        .selectFrom("sessions")
        .select(["not_after"])
        .where("user_id", "=", user.userId)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      expect(session.not_after).not.toBeNull();

      const update = await ctx.app().inject({
        method: "PUT",
        url: "/auth/v1/user",
        headers: bearer(recoveryToken),
        payload: { password: "a brand new passphrase" },
      });
      expect(update.statusCode).toBe(200);
      const oldSession = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(user.accessToken) });
      expect(oldSession.statusCode).toBe(401);
      const signIn = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email: user.email, password: "a brand new passphrase" },
      });
      expect(signIn.statusCode).toBe(200);

      const replay = await ctx.app().inject({ method: "GET", url: `${link.pathname}${link.search}` });
      expect(fragmentOf(replay.headers.location as string).get("error_code")).toBe("otp_expired");
    });

    it("refuses a link older than one hour", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      await recover(user.email, "10.0.0.3");
      const link = verifyLinkIn(await smtp.next(user.email, before));
      await ctx
        .db()
        .updateTable("one_time_tokens")
        .set({ created_at: new Date(Date.now() - 61 * 60_000) })
        .where("user_id", "=", user.userId)
        .execute();
      const verify = await ctx.app().inject({ method: "GET", url: `${link.pathname}${link.search}` });
      const fragment = fragmentOf(verify.headers.location as string);
      expect(fragment.get("error_code")).toBe("otp_expired");
      expect(fragment.get("access_token")).toBeNull();
    });

    it("never redirects to another origin", async () => {
      const verify = await ctx.app().inject({
        method: "GET",
        url: "/auth/v1/verify?type=recovery&token=nope&redirect_to=https%3A%2F%2Fevil.example%2Fsteal",
      });
      expect(
        (verify.headers.location as string).startsWith("http://localhost:3000/reset-password#error="),
      ).toBe(true);
    });

    it("rate-limits per address and per IP", async () => {
      const email = `limited-${Date.now()}@example.com`;
      const statuses = [];
      for (let index = 0; index < 6; index += 1)
        statuses.push((await recover(email, `10.1.0.${index}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const perIp = [];
      for (let index = 0; index < 31; index += 1)
        perIp.push((await recover(`ip-${index}@example.com`, "10.2.0.1")).statusCode);
      expect(perIp.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(perIp[30]).toBe(429);
    });

    it("says which field is missing with the spec's texts", async () => {
      const otp = await ctx
        .app()
        .inject({ method: "POST", url: "/auth/v1/otp", payload: {}, remoteAddress: "10.3.0.1" });
      expect(otp.statusCode).toBe(400);
      expect(otp.json()).toMatchObject({ msg: "You must provide either an email or phone number." });
      const token = await ctx
        .app()
        .inject({ method: "POST", url: "/auth/v1/token?grant_type=password", payload: { email: "a@b.co" } });
      expect(token.json()).toMatchObject({
        msg: "You must provide either an email or phone number and a password",
      });
    });

    it("sends a sign-in link from /otp to existing accounts only", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      const response = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/otp",
        payload: { email: user.email },
        remoteAddress: "10.4.0.1",
      });
      expect(response.statusCode).toBe(200);
      const link = verifyLinkIn(await smtp.next(user.email, before));
      expect(link.searchParams.get("type")).toBe("magiclink");
      const verify = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "magiclink", token_hash: link.searchParams.get("token") },
      });
      expect(verify.statusCode).toBe(200);
      expect(verify.json<Session>().user.id).toBe(user.userId);
    });

    it("reports Google as not configured in /settings and refuses /authorize", async () => {
      const settings = await ctx.app().inject({ method: "GET", url: "/auth/v1/settings" });
      expect(settings.json()).toMatchObject({
        external: { google: false, email: true },
        mailer_autoconfirm: true,
      });
      const authorize = await ctx.app().inject({ method: "GET", url: "/auth/v1/authorize?provider=google" });
      expect(authorize.statusCode).toBe(400);
      expect(authorize.json()).toMatchObject({ error_code: "provider_disabled" });
    });
  },
  { config: { smtpUrl: smtp.url } },
);

describeWithDatabases(
  "e-mail confirmation with AUTH_CONFIRM_EMAIL=true (issue 8 §2)",
  (ctx) => {
    it("signs up without a session, refuses the password until confirmed, and the link confirms and signs in", async () => {
      const email = `confirm-${Date.now()}@example.com`;
      const before = smtp.messages.length;
      const signUp = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: { email, password: TEST_PASSWORD, data: { full_name: "Con Firm" } },
      });
      expect(signUp.statusCode).toBe(200);
      expect(signUp.json()).toMatchObject({ email, email_confirmed_at: null });
      expect(signUp.json()).not.toHaveProperty("access_token");

      const early = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email, password: TEST_PASSWORD },
      });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({ error_code: "email_not_confirmed", msg: "Email not confirmed" });
      // A wrong password still says only that the credentials are wrong.
      const wrong = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email, password: "not the password" },
      });
      expect(wrong.json()).toMatchObject({ error_code: "invalid_credentials" });

      const link = verifyLinkIn(await smtp.next(email, before));
      expect(link.searchParams.get("type")).toBe("signup");
      const verify = await ctx.app().inject({ method: "GET", url: `${link.pathname}${link.search}` });
      const location = verify.headers.location as string;
      expect(location.startsWith("http://localhost:3000/signin#")).toBe(true);
      expect(fragmentOf(location).get("access_token")).toBeTruthy();

      const later = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email, password: TEST_PASSWORD },
      });
      expect(later.statusCode).toBe(200);
      const settings = await ctx.app().inject({ method: "GET", url: "/auth/v1/settings" });
      expect(settings.json()).toMatchObject({ mailer_autoconfirm: false });
    });

    it("resends the confirmation link to unconfirmed accounts", async () => {
      const email = `resend-${Date.now()}@example.com`;
      await ctx
        .app()
        .inject({ method: "POST", url: "/auth/v1/signup", payload: { email, password: TEST_PASSWORD } });
      const before = smtp.messages.length;
      const resend = await ctx
        .app()
        .inject({ method: "POST", url: "/auth/v1/resend", payload: { type: "signup", email } });
      expect(resend.statusCode).toBe(200);
      expect(verifyLinkIn(await smtp.next(email, before)).searchParams.get("type")).toBe("signup");
    });
  },
  { config: { smtpUrl: smtp.url, authConfirmEmail: true } },
);

describe("the outbox used without SMTP_URL", () => {
  it("writes the message as an .eml file in DATA_DIR/outbox and logs the link", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "fitwise-outbox-"));
    try {
      const lines: string[] = [];
      const log = {
        info: (fields: object) => lines.push(JSON.stringify(fields)),
      } as unknown as FastifyBaseLogger;
      const mailer = createMailer(testConfig({ dataDir }), log);
      await mailer.send({
        to: "a@example.com",
        subject: "Hello",
        text: "Go: http://x/y",
        html: "<p>Go</p>",
        link: "http://x/y",
      });
      const files = await readdir(join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      const eml = await readFile(join(dataDir, "outbox", files[0] ?? ""), "utf8");
      expect(eml).toContain("To: a@example.com");
      expect(eml).toContain("http://x/y");
      expect(lines.join("")).toContain("http://x/y");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
