import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { RestorePurchaseResponse } from "@fitwise/contracts/payments";
import { buildApp } from "../../app";
import type { SubscriptionRow } from "../../db/schema";
import {
  createPostgresDatabase,
  describeWithDatabases,
  postgresAdminUrl,
  signUpThrough,
  testConfig,
  TEST_PASSWORD,
} from "../../test/test-app";
import { confirmLinkIn, startSmtpServer } from "../../test/smtp-server.fixture";
import { callFunction, callOk, errorOf } from "../../test/plan-journey.fixture";
import { getProStatus, isProSubscription, STATUS_DATE_GRACE_MS } from "../subscriptions/subscription-status";
import {
  daysFromNow,
  sendWebhook,
  startLemonSqueezyStandIn,
  subscriptionEvent,
  subscriptionResource,
  WEBHOOK_SECRET,
} from "./payments.fixture";

const standIn = await startLemonSqueezyStandIn();
const smtp = await startSmtpServer();
const folders: string[] = [];
afterAll(async () => {
  await standIn.close();
  await smtp.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const LIVE = {
  provider: "lemonsqueezy" as const,
  webhookSecret: WEBHOOK_SECRET,
  apiKey: "ls-test-api-key",
  storeId: "1234",
  variants: { monthly: "m-1", yearly: "y-1" },
  checkoutUrl: "https://fitwise.lemonsqueezy.com/checkout/buy",
  apiUrl: standIn.url,
};

async function isPro(app: FastifyInstance, userId: string): Promise<boolean> {
  return (await getProStatus(app.db, userId, new Date())).isPro;
}

describe("isProSubscription checks the dates before trusting a status", () => {
  const NOW = new Date("2026-03-01T12:00:00Z");
  const row = (status_name: string, renew_date: Date | null): SubscriptionRow => ({
    user_id: "u",
    subscription_id: "s",
    status_name,
    manually_cancelled: "false",
    renew_date,
    ends_at: null,
    variant: null,
    updated_at: NOW,
    last_event_at: null,
  });
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

  it("stops trusting on_trial once the trial ended (past the grace for a late webhook)", () => {
    expect(isProSubscription(row("on_trial", at(60_000)), NOW)).toBe(true);
    expect(isProSubscription(row("on_trial", at(-STATUS_DATE_GRACE_MS + 60_000)), NOW)).toBe(true);
    expect(isProSubscription(row("on_trial", at(-STATUS_DATE_GRACE_MS - 1)), NOW)).toBe(false);
  });

  it("stops trusting active once the renewal passed without news", () => {
    expect(isProSubscription(row("active", at(30 * STATUS_DATE_GRACE_MS)), NOW)).toBe(true);
    expect(isProSubscription(row("active", at(-2 * STATUS_DATE_GRACE_MS)), NOW)).toBe(false);
  });
});

/** Runs on a database that outlives one app, as a restart with another configuration does. */
const targets: Array<"PGlite" | "PostgreSQL"> = postgresAdminUrl ? ["PGlite", "PostgreSQL"] : ["PGlite"];
for (const target of targets) {
  describe(`a test-checkout purchase after switching to Lemon Squeezy [${target}]`, () => {
    it("no longer grants Pro, and cannot be cancelled or resumed locally", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "fitwise-switch-"));
      folders.push(dataDir);
      const postgres =
        target === "PostgreSQL" && postgresAdminUrl
          ? await createPostgresDatabase(postgresAdminUrl)
          : undefined;
      const where = { dataDir, ...(postgres ? { databaseUrl: postgres.url } : {}) };
      try {
        const testApp = await buildApp(testConfig(where), { logger: false });
        const user = await signUpThrough(testApp);
        const { url } = await callOk<{ url: string }>(
          testApp,
          "create_checkout",
          { plan: "monthly" },
          user.accessToken,
        );
        const paid = await testApp.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "card_name=A&card_number=4242424242424242&expiry=12%2F40&cvc=123",
        });
        expect(paid.statusCode).toBe(303);
        expect(await isPro(testApp, user.userId)).toBe(true);
        await testApp.close();

        const liveApp = await buildApp(testConfig({ ...where, payments: LIVE }), { logger: false });
        try {
          const signedIn = await liveApp.inject({
            method: "POST",
            url: "/auth/v1/token?grant_type=password",
            payload: { email: user.email, password: TEST_PASSWORD },
          });
          const accessToken = signedIn.json<{ access_token: string }>().access_token;
          expect(await isPro(liveApp, user.userId)).toBe(false);
          const before = standIn.requests.length;
          const cancel = await callFunction(
            liveApp,
            "cancel_subscription",
            { cancel_reason: "Other" },
            accessToken,
          );
          expect(cancel.statusCode).toBeGreaterThanOrEqual(400);
          expect(cancel.statusCode).toBeLessThan(500);
          expect(standIn.requests.length).toBe(before);
        } finally {
          await liveApp.close();
        }
      } finally {
        await postgres?.drop();
      }
    }, 120_000);
  });
}

describeWithDatabases(
  "payments in live mode",
  (ctx) => {
    const app = () => ctx.app();

    it("ignores test_mode webhooks", async () => {
      const user = await ctx.signUp();
      const body = subscriptionEvent({
        event: "subscription_created",
        userId: user.userId,
        subscriptionId: "7001",
        status: "active",
        updatedAt: new Date(),
      });
      const response = await sendWebhook(app(), {
        ...body,
        meta: { ...(body.meta as object), test_mode: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ outcome: "ignored" });
      expect(await isPro(app(), user.userId)).toBe(false);
    });

    it("restores a purchase only for an address the caller proved, sending the link that proves it", async () => {
      const user = await ctx.signUp();
      standIn.subscriptions.set(
        "7002",
        subscriptionResource({
          subscriptionId: "7002",
          status: "active",
          updatedAt: new Date(),
          email: user.email,
        }),
      );
      const before = smtp.messages.length;
      const refused = await callFunction(app(), "restore_purchase", {}, user.accessToken);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("email_not_verified");
      expect(await isPro(app(), user.userId)).toBe(false);

      const link = confirmLinkIn(await smtp.next(user.email, before));
      const verified = await app().inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: link.searchParams.get("type"), token_hash: link.searchParams.get("token_hash") },
      });
      expect(verified.statusCode).toBe(200);
      const restored = await callOk<RestorePurchaseResponse>(app(), "restore_purchase", {}, user.accessToken);
      expect(restored).toMatchObject({ restored: true, subscription: { subscription_id: "7002" } });
    });

    it("cancels a running subscription at the provider when the account is deleted", async () => {
      const user = await ctx.signUp();
      const resource = subscriptionResource({
        subscriptionId: "7003",
        status: "active",
        renewsAt: daysFromNow(20),
        updatedAt: new Date(),
        email: user.email,
      });
      standIn.subscriptions.set("7003", resource);
      await sendWebhook(app(), {
        meta: { event_name: "subscription_created", custom_data: { user_id: user.userId } },
        data: resource,
      });

      standIn.failing.add("7003");
      const blocked = await callFunction(
        app(),
        "delete_my_account",
        { password: TEST_PASSWORD },
        user.accessToken,
      );
      expect(blocked.statusCode).toBe(502);
      expect(await isPro(app(), user.userId)).toBe(true);

      standIn.failing.delete("7003");
      const before = standIn.requests.length;
      const deleted = await callOk(app(), "delete_my_account", { password: TEST_PASSWORD }, user.accessToken);
      expect(deleted).toEqual({ deleted: true });
      expect(standIn.requests.slice(before)).toContainEqual(
        expect.objectContaining({ method: "DELETE", url: "/v1/subscriptions/7003" }),
      );
    });
  },
  { config: { payments: LIVE, smtpUrl: smtp.url } },
);
