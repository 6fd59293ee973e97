import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { describeWithDatabases, TEST_PASSWORD, testConfig } from "../../test/test-app";
import { safeNextPath } from "./email-links";
import { createMailer } from "./mailer";
import { confirmLinkIn, startSmtpServer } from "../../test/smtp-server.fixture";
import { bearer } from "../auth/auth.fixture";

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** The e-mailed link must be the app's confirm page with the token, its type and a same-origin path. */
function expectConfirmLink(link: URL, type: string, next: string): string {
  expect(link.origin).toBe("http://localhost:3000");
  expect(link.pathname).toBe("/auth/confirm");
  expect(link.searchParams.get("type")).toBe(type);
  expect(link.searchParams.get("next")).toBe(next);
  const tokenHash = link.searchParams.get("token_hash") ?? "";
  expect(tokenHash).toMatch(/^[\w-]{43}$/);
  return tokenHash;
}

describeWithDatabases(
  "forgotten password by e-mail (docs/decisions/009)",
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

    it("spends a recovery link only as recovery, never as a magic link or a generic e-mail link", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      expect((await recover(user.email, "10.0.0.9")).statusCode).toBe(200);
      const tokenHash =
        confirmLinkIn(await smtp.next(user.email, before)).searchParams.get("token_hash") ?? "";
      const verify = (type: string) =>
        ctx
          .app()
          .inject({ method: "POST", url: "/auth/v1/verify", payload: { type, token_hash: tokenHash } });
      for (const type of ["magiclink", "email"]) {
        const refused = await verify(type);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error_code: "otp_expired" });
      }
      // The refusals did not spend it: as recovery it gives the short recovery session.
      const spent = await verify("recovery");
      expect(spent.statusCode).toBe(200);
      const sessionId = (
        JSON.parse(
          Buffer.from(spent.json<Session>().access_token.split(".")[1] ?? "", "base64url").toString(),
        ) as { session_id: string }
      ).session_id;
      const row = await ctx
        .db()
        .selectFrom("sessions")
        .select("not_after")
        .where("id", "=", sessionId)
        .executeTakeFirstOrThrow();
      expect(row.not_after).not.toBeNull();
    });

    it("spends a magic link as magiclink or email", async () => {
      const user = await ctx.signUp();
      for (const type of ["magiclink", "email"]) {
        const before = smtp.messages.length;
        await ctx.app().inject({
          method: "POST",
          url: "/auth/v1/otp",
          payload: { email: user.email },
          remoteAddress: "10.0.0.10",
        });
        const tokenHash =
          confirmLinkIn(await smtp.next(user.email, before)).searchParams.get("token_hash") ?? "";
        const spent = await ctx
          .app()
          .inject({ method: "POST", url: "/auth/v1/verify", payload: { type, token_hash: tokenHash } });
        expect(spent.statusCode).toBe(200);
      }
    });

    it("mails a single-use link that signs in for a new password, which ends the other sessions", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      expect((await recover(user.email, "10.0.0.2")).statusCode).toBe(200);
      const mail = await smtp.next(user.email, before);
      expect(mail.subject).toContain("Reset your Fitwise password");
      const link = confirmLinkIn(mail);
      const tokenHash = expectConfirmLink(link, "recovery", "/reset-password");
      // Only a hash is stored.
      const stored = await ctx
        .db()
        .selectFrom("one_time_tokens")
        .select("token_hash")
        .where("user_id", "=", user.userId)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored.map((row) => row.token_hash)).not.toContain(tokenHash);

      // What a mail scanner does before the user clicks: fetch the page, as a browser and as a bot.
      for (const accept of ["text/html,application/xhtml+xml", "*/*"]) {
        const scan = await ctx.app().inject({
          method: "GET",
          url: `${link.pathname}${link.search}`,
          headers: { accept, "user-agent": "Mozilla/5.0 (compatible; SafeLinks scanner)" },
        });
        expect(scan.headers.location).toBeUndefined();
      }
      await ctx.app().inject({ method: "HEAD", url: `${link.pathname}${link.search}` });
      const unspent = await ctx
        .db()
        .selectFrom("one_time_tokens")
        .select("token_hash")
        .where("user_id", "=", user.userId)
        .execute();
      expect(unspent).toEqual(stored);

      // The page's button.
      const verify = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "recovery", token_hash: tokenHash },
      });
      expect(verify.statusCode).toBe(200);
      const recoverySession = verify.json<Session>();
      expect(recoverySession.user.id).toBe(user.userId);
      const recoveryToken = recoverySession.access_token;
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

      const replay = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "recovery", token_hash: tokenHash },
      });
      expect(replay.statusCode).toBe(403);
      expect(replay.json()).toMatchObject({
        error_code: "otp_expired",
        msg: "Email link is invalid or has expired",
      });
    });

    it("keeps GET /auth/v1/verify working for links sent before the confirm page, once", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      await recover(user.email, "10.0.0.4");
      const tokenHash = expectConfirmLink(
        confirmLinkIn(await smtp.next(user.email, before)),
        "recovery",
        "/reset-password",
      );
      const oldLink = `/auth/v1/verify?${new URLSearchParams({
        token: tokenHash,
        type: "recovery",
        redirect_to: "http://localhost:3000/reset-password",
      }).toString()}`;
      const verify = await ctx.app().inject({ method: "GET", url: oldLink });
      expect(verify.statusCode).toBe(303);
      const location = verify.headers.location as string;
      expect(location.startsWith("http://localhost:3000/reset-password#")).toBe(true);
      const fragment = fragmentOf(location);
      expect(fragment.get("type")).toBe("recovery");
      const me = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(fragment.get("access_token") ?? "") });
      expect(me.json()).toMatchObject({ id: user.userId });

      const replay = await ctx.app().inject({ method: "GET", url: oldLink });
      expect(fragmentOf(replay.headers.location as string).get("error_code")).toBe("otp_expired");
    });

    it("refuses a link older than one hour", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      await recover(user.email, "10.0.0.3");
      const link = confirmLinkIn(await smtp.next(user.email, before));
      await ctx
        .db()
        .updateTable("one_time_tokens")
        .set({ created_at: new Date(Date.now() - 61 * 60_000) })
        .where("user_id", "=", user.userId)
        .execute();
      const verify = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "recovery", token_hash: link.searchParams.get("token_hash") },
      });
      expect(verify.statusCode).toBe(403);
      expect(verify.json()).toMatchObject({ error_code: "otp_expired" });
      expect(verify.json()).not.toHaveProperty("access_token");
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

    it("mails a next path on this origin whatever redirect_to /recover is given", async () => {
      const user = await ctx.signUp();
      const cases = [
        ["https://evil.example/steal", "/reset-password"],
        ["http://localhost:3000//evil.example/steal", "/reset-password"],
        ["/\\evil.example/steal", "/reset-password"],
        ["http://localhost:3000/reset-password?from=mail#access_token=planted", "/reset-password?from=mail"],
      ] as const;
      for (const [index, [redirectTo, next]] of cases.entries()) {
        const before = smtp.messages.length;
        const response = await ctx.app().inject({
          method: "POST",
          url: "/auth/v1/recover",
          payload: { email: user.email, redirect_to: redirectTo },
          remoteAddress: `10.0.1.${index}`,
        });
        expect(response.statusCode).toBe(200);
        expectConfirmLink(confirmLinkIn(await smtp.next(user.email, before)), "recovery", next);
      }
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

    it("says which field is missing with the texts of docs/product.md §9", async () => {
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
      const tokenHash = expectConfirmLink(
        confirmLinkIn(await smtp.next(user.email, before)),
        "magiclink",
        "/signin",
      );
      const verify = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "magiclink", token_hash: tokenHash },
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
  "e-mail confirmation with AUTH_CONFIRM_EMAIL=true (docs/decisions/009)",
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

      const link = confirmLinkIn(await smtp.next(email, before));
      const tokenHash = expectConfirmLink(link, "signup", "/signin");
      // A scanner's fetch of the page confirms nothing.
      await ctx.app().inject({
        method: "GET",
        url: `${link.pathname}${link.search}`,
        headers: { accept: "text/html" },
      });
      const stillEarly = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email, password: TEST_PASSWORD },
      });
      expect(stillEarly.json()).toMatchObject({ error_code: "email_not_confirmed" });
      const verify = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "signup", token_hash: tokenHash },
      });
      expect(verify.statusCode).toBe(200);
      expect(verify.json<Session>().user).toMatchObject({ email });
      expect(verify.json<Session>().user.email_confirmed_at).toBeTruthy();

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
      expectConfirmLink(confirmLinkIn(await smtp.next(email, before)), "signup", "/signin");
    });
  },
  { config: { smtpUrl: smtp.url, authConfirmEmail: true } },
);

describe("the next path of an e-mail link", () => {
  const publicUrl = "https://fit.example";

  it("keeps the path and query of a same-origin redirect and drops its fragment", () => {
    expect(safeNextPath(publicUrl, "https://fit.example/diet?tab=2#x", "/signin")).toBe("/diet?tab=2");
    expect(safeNextPath(publicUrl, "/workouts", "/signin")).toBe("/workouts");
    expect(safeNextPath(publicUrl, undefined, "/reset-password")).toBe("/reset-password");
  });

  it("gives the fallback for anything that could name another host", () => {
    for (const hostile of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "https://fit.example//evil.example/x",
      "https://fit.example.evil.example/",
      "javascript:alert(1)",
      "http://[::1",
    ]) {
      expect(safeNextPath(publicUrl, hostile, "/signin")).toBe("/signin");
    }
  });
});

describe("the outbox used without SMTP_URL", () => {
  it("writes the message as an .eml file in DATA_DIR/outbox and logs only the file name", async () => {
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
      expect(lines.join("")).toContain(files[0]);
      expect(lines.join("")).not.toContain("http://x/y");
      expect(lines.join("")).not.toContain("a@example.com");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describeWithDatabases(
  "changing the e-mail address (GoTrue's email_change, confirmed at the new address)",
  (ctx) => {
    const changeTo = (accessToken: string, email: string) =>
      ctx.app().inject({
        method: "PUT",
        url: "/auth/v1/user",
        headers: bearer(accessToken),
        payload: { email },
      });

    it("keeps the address until the link mailed to the new one is opened, then signs in with it", async () => {
      const user = await ctx.signUp();
      const newEmail = `moved-${Date.now()}@example.com`;
      const before = smtp.messages.length;
      const asked = await changeTo(user.accessToken, ` ${newEmail.toUpperCase()} `);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toMatchObject({ email: user.email, new_email: newEmail });
      const message = await smtp.next(newEmail, before);
      expect(message.subject).toBe("Confirm your new Fitwise e-mail address");
      const tokenHash = expectConfirmLink(confirmLinkIn(message), "email_change", "/updatemyinfo");

      // Not yet: the old address still signs in, the new one does not.
      const signIn = (email: string) =>
        ctx.app().inject({
          method: "POST",
          url: "/auth/v1/token?grant_type=password",
          payload: { email, password: TEST_PASSWORD },
        });
      expect((await signIn(newEmail)).statusCode).toBe(400);

      const verify = () =>
        ctx.app().inject({
          method: "POST",
          url: "/auth/v1/verify",
          payload: { type: "email_change", token_hash: tokenHash },
        });
      const confirmed = await verify();
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json<Session>().user).toMatchObject({
        email: newEmail,
        user_metadata: { user_email: newEmail },
      });
      expect((await signIn(newEmail)).statusCode).toBe(200);
      expect((await signIn(user.email)).statusCode).toBe(400);
      // Once only.
      expect((await verify()).statusCode).toBe(403);
    });

    it("refuses the address it has, an address another account has, and a malformed one", async () => {
      const user = await ctx.signUp();
      const other = await ctx.signUp();
      const same = await changeTo(user.accessToken, user.email);
      expect(same.statusCode).toBe(422);
      expect(same.json()).toMatchObject({ error_code: "same_email" });
      const taken = await changeTo(user.accessToken, other.email);
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toMatchObject({
        error_code: "email_exists",
        msg: "A user with this email address has already been registered",
      });
      expect((await changeTo(user.accessToken, "not-an-address")).statusCode).toBe(400);
    });

    it("voids the link when another account takes the address before it is opened", async () => {
      const user = await ctx.signUp();
      const wanted = `wanted-${Date.now()}@example.com`;
      const before = smtp.messages.length;
      expect((await changeTo(user.accessToken, wanted)).statusCode).toBe(200);
      const tokenHash = confirmLinkIn(await smtp.next(wanted, before)).searchParams.get("token_hash");
      const signUp = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: { email: wanted, password: TEST_PASSWORD },
      });
      expect(signUp.statusCode).toBe(200);
      const verify = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "email_change", token_hash: tokenHash },
      });
      expect(verify.statusCode).toBe(403);
    });
  },
  { config: { smtpUrl: smtp.url } },
);
