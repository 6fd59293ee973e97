import { sql } from "kysely";
import { afterAll, expect, it, vi } from "vitest";
import { confirmLinkIn, startSmtpServer } from "../../test/smtp-server.fixture";
import { describeWithBackgroundJobs, type TestContext } from "../../test/test-app";

// Account e-mails with the job queue on (docs/decisions/077): the request queues a send-email job and answers; the
// job sends through SMTP and is retried when the mail server refuses. The e-mail suites with the queue off
// (account.email.test.ts and others) prove the same e-mails sent inside the request.

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describeWithBackgroundJobs(
  "account e-mails sent by the job queue (docs/decisions/077)",
  (ctx: TestContext) => {
    const recover = (email: string) =>
      ctx.app().inject({ method: "POST", url: "/auth/v1/recover", payload: { email } });
    const verifyRecovery = (tokenHash: string) =>
      ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "recovery", token_hash: tokenHash },
      });

    it("delivers the e-mail from a job, with a link that works, and keeps no job holding the link", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      expect((await recover(user.email)).statusCode).toBe(200);
      const link = confirmLinkIn(await smtp.next(user.email, before));
      expect((await verifyRecovery(link.searchParams.get("token_hash") ?? "")).statusCode).toBe(200);
      // The in-process runner's table on PGlite, pg-boss's job table on PostgreSQL.
      const stored =
        ctx.app().config.databaseUrl === undefined
          ? sql`select id from background_jobs where kind = 'send-email'`
          : sql`select id from pgboss.job where name = 'send-email'`;
      await vi.waitFor(async () => expect((await stored.execute(ctx.db())).rows).toEqual([]));
    });

    it("answers at once when the mail server refuses, then retries the e-mail and delivers it", async () => {
      const user = await ctx.signUp();
      const newEmail = `moved-${Date.now()}@example.com`;
      const before = smtp.messages.length;
      const refusedBefore = smtp.refused();
      smtp.refuseNext(1);
      // An e-mail change sends its link inside the request when the queue is off: the refusal was a 500 there.
      const asked = await ctx.app().inject({
        method: "PUT",
        url: "/auth/v1/user",
        headers: { authorization: `Bearer ${user.accessToken}` },
        payload: { email: newEmail },
      });
      expect(asked.statusCode).toBe(200);
      const mail = await smtp.next(newEmail, before);
      expect(smtp.refused()).toBe(refusedBefore + 1);
      const tokenHash = confirmLinkIn(mail).searchParams.get("token_hash") ?? "";
      const confirmed = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "email_change", token_hash: tokenHash },
      });
      expect(confirmed.statusCode).toBe(200);
      await vi.waitFor(() =>
        expect(ctx.logs.lines).toContainEqual(
          expect.objectContaining({ level: 40, msg: "background job failed; retrying", job: "send-email" }),
        ),
      );
      // The log names the job and the failure, never the address or the link.
      expect(ctx.logs.text()).not.toContain(newEmail);
      expect(ctx.logs.text()).not.toContain(tokenHash);
    });
  },
  { config: { smtpUrl: smtp.url, logLevel: "warn" }, captureLogs: true },
);
