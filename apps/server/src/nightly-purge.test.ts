import Fastify from "fastify";
import { sql } from "kysely";
import { expect, it, vi } from "vitest";
import { jobHandlers } from "./app";
import { SESSION_LIMITS_DEFAULT } from "./env";
import { createMailer } from "./modules/account/mailer";
import { ANALYTICS_RETENTION_DAYS } from "./modules/analytics/analytics.repository";
import { nextDailyRun } from "./modules/jobs/job-queue";
import { queuedJobs } from "./modules/jobs/jobs.fixture";
import { dailyJobKey } from "./modules/jobs/local-job-queue";
import { createInlinePlanPool } from "./modules/plans/plan-pool";
import { collectLogs, describeWithBackgroundJobs, testConfig } from "./test/test-app";

// The nightly purge (docs/decisions/077) as the app wires it: scheduled once a day by the queue, and the handler the
// queue runs deletes what has expired in each module's tables, once. How the queue runs a daily kind (once per day,
// across restarts) is tested in modules/jobs/job-queue.test.ts.

const DAY_MS = 86_400_000;

describeWithBackgroundJobs(
  "the nightly purge of expired rows (docs/decisions/077)",
  ({ app, db, signUp }) => {
    it("is scheduled once a day, at 03:00 UTC, when the app starts", async () => {
      if (app().config.databaseUrl === undefined) {
        expect(await queuedJobs(db(), "purge-expired")).toEqual([
          { job_key: dailyJobKey("purge-expired"), run_after: nextDailyRun(new Date(), 3) },
        ]);
      } else {
        // pg-boss starts in the background (docs/decisions/070), so its schedule appears shortly after the app.
        await vi.waitFor(
          async () => {
            const schedules = await sql<{ name: string; cron: string; timezone: string }>`
            select name, cron, timezone from pgboss.schedule`
              .execute(db())
              .catch(() => ({ rows: [] }));
            expect(schedules.rows).toEqual([{ name: "purge-expired", cron: "0 3 * * *", timezone: "UTC" }]);
          },
          { timeout: 15_000, interval: 100 },
        );
      }
    });

    it("deletes what has expired and keeps what still works; run again, it deletes nothing", async () => {
      const user = await signUp();
      const now = new Date();
      const ago = (ms: number) => new Date(now.getTime() - ms);
      const later = new Date(now.getTime() + 60_000);
      await db()
        .insertInto("analytics_events")
        .values([
          {
            user_id: null,
            name: "page_view",
            properties: "{}",
            created_at: ago((ANALYTICS_RETENTION_DAYS + 1) * DAY_MS),
          },
          { user_id: null, name: "page_view", properties: "{}", created_at: ago(DAY_MS) },
        ])
        .execute();
      // A session of a device not seen for 40 days (past the 30-day limit, decision 056), with its refresh token.
      expect(SESSION_LIMITS_DEFAULT.maxAgeMs).toBeLessThan(40 * DAY_MS);
      const ended = await db()
        .insertInto("sessions")
        .values({
          user_id: user.userId,
          amr: "[]",
          created_at: ago(40 * DAY_MS),
          updated_at: ago(40 * DAY_MS),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db()
        .insertInto("refresh_tokens")
        .values({
          token_hash: `ended-${user.userId}`,
          user_id: user.userId,
          session_id: ended.id,
          parent: null,
          used_at: null,
          created_at: ago(40 * DAY_MS),
          updated_at: ago(40 * DAY_MS),
        })
        .execute();
      await db()
        .insertInto("one_time_tokens")
        .values([
          {
            user_id: user.userId,
            token_type: "confirmation_token",
            token_hash: `old-${user.userId}`,
            relates_to: user.email,
            link_type: "signup",
            created_at: ago(3 * DAY_MS),
            updated_at: ago(3 * DAY_MS),
          },
          {
            user_id: user.userId,
            token_type: "recovery_token",
            token_hash: `new-${user.userId}`,
            relates_to: user.email,
            link_type: "recovery",
            created_at: now,
            updated_at: now,
          },
        ])
        .execute();
      const factor = await db()
        .insertInto("mfa_factors")
        .values({
          user_id: user.userId,
          factor_type: "totp",
          friendly_name: null,
          secret: null,
          last_challenged_at: null,
          last_totp_step: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db()
        .insertInto("mfa_challenges")
        .values([
          { factor_id: factor.id, ip_address: null, verified_at: null, created_at: ago(2 * DAY_MS) },
          { factor_id: factor.id, ip_address: null, verified_at: null, created_at: now },
        ])
        .execute();
      const flow = {
        user_id: user.userId,
        auth_code_hash: null,
        code_challenge: "challenge",
        code_challenge_method: "s256" as const,
        provider_type: "email",
        authentication_method: "magiclink",
        oidc_state_hash: null,
        auth_code_issued_at: null,
      };
      await db()
        .insertInto("flow_states")
        .values([
          {
            ...flow,
            link_token_hash: `old-${user.userId}`,
            created_at: ago(3 * DAY_MS),
            expires_at: ago(2 * DAY_MS),
          },
          { ...flow, link_token_hash: `new-${user.userId}`, created_at: now, expires_at: later },
        ])
        .execute();
      const google = { provider: "google", code_verifier: "v", nonce: "n", redirect_to: "/" };
      await db()
        .insertInto("oidc_states")
        .values([
          {
            ...google,
            state_hash: `old-${user.userId}`,
            created_at: ago(3 * DAY_MS),
            expires_at: ago(2 * DAY_MS),
          },
          { ...google, state_hash: `new-${user.userId}`, created_at: now, expires_at: later },
        ])
        .execute();

      const config = testConfig();
      const logs = collectLogs();
      const log = Fastify({ logger: { level: "info", stream: logs.stream } }).log;
      const deletedByRun = () =>
        logs.lines.filter((line) => line.msg === "expired rows purged").map((line) => line.deleted);
      const purge = jobHandlers({
        db: db(),
        config,
        pool: createInlinePlanPool(),
        mailer: createMailer(config, log),
        log,
      })["purge-expired"];
      const counts = async () => ({
        analyticsEvents: await db().selectFrom("analytics_events").select("id").execute(),
        sessions: await db().selectFrom("sessions").select("id").where("user_id", "=", user.userId).execute(),
        refreshTokens: await db()
          .selectFrom("refresh_tokens")
          .select("id")
          .where("session_id", "=", ended.id)
          .execute(),
        emailLinks: await db().selectFrom("one_time_tokens").select("token_hash").execute(),
        mfaChallenges: await db().selectFrom("mfa_challenges").select("id").execute(),
        pkceFlows: await db().selectFrom("flow_states").select("link_token_hash").execute(),
        googleSignIns: await db().selectFrom("oidc_states").select("state_hash").execute(),
      });

      await purge({});
      const first = await counts();
      expect(first.analyticsEvents).toHaveLength(1);
      // The signed-up session stays, the ended one went with its refresh token.
      expect(first.sessions.map((row) => row.id)).not.toContain(ended.id);
      expect(first.sessions).toHaveLength(1);
      expect(first.refreshTokens).toEqual([]);
      expect(first.emailLinks).toEqual([{ token_hash: `new-${user.userId}` }]);
      expect(first.mfaChallenges).toHaveLength(1);
      expect(first.pkceFlows).toEqual([{ link_token_hash: `new-${user.userId}` }]);
      expect(first.googleSignIns).toEqual([{ state_hash: `new-${user.userId}` }]);
      // The signed-up session still refreshes.
      const refreshed = await app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=refresh_token",
        payload: { refresh_token: user.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);

      // The next night's run (or a second instance's) finds nothing more to delete.
      await purge({});
      expect(await counts()).toEqual(first);
      await vi.waitFor(() =>
        expect(deletedByRun()).toEqual([
          {
            analyticsEvents: 1,
            sessions: 1,
            emailLinks: 1,
            mfaChallenges: 1,
            pkceFlows: 1,
            googleSignIns: 1,
          },
          {
            analyticsEvents: 0,
            sessions: 0,
            emailLinks: 0,
            mfaChallenges: 0,
            pkceFlows: 0,
            googleSignIns: 0,
          },
        ]),
      );
    });
  },
);
