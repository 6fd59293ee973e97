import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import type { ProfileResponse, SubscriptionResponse } from "@fitwise/contracts/profile";
import {
  RestorePurchaseResponseSchema,
  UpdatedSubscriptionResponseSchema,
  type RestorePurchaseResponse,
  type UpdatedSubscriptionResponse,
} from "@fitwise/contracts/payments";
import { describeWithDatabases, TEST_PASSWORD, type TestContext } from "../../test/test-app";
import { signWebhookBody } from "./lemonsqueezy.webhook";
import { callFunction, callOk, errorOf, PROFILE, saveFirstDayDiet } from "../../test/plan-journey.fixture";
import {
  daysFromNow,
  invoiceEvent,
  sendWebhook,
  startLemonSqueezyStandIn,
  subscriptionEvent,
  subscriptionResource,
  WEBHOOK_SECRET,
} from "./payments.fixture";

const TEST_PAYMENTS = { payments: { provider: "test" as const, webhookSecret: WEBHOOK_SECRET } };

async function subscriptionOf(ctx: TestContext, accessToken: string): Promise<SubscriptionResponse | null> {
  const response = await callFunction(
    ctx.app(),
    "get_user_data",
    { table: "user_subscriptions" },
    accessToken,
  );
  if (response.statusCode === 404) return null;
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SubscriptionResponse>();
}

async function userProOf(ctx: TestContext, accessToken: string): Promise<number> {
  const profile = await callOk<ProfileResponse>(
    ctx.app(),
    "get_user_data",
    { table: "my_users" },
    accessToken,
  );
  return profile.user_pro;
}

/** Signs up a user with a complete profile, so get_user_data my_users reports user_pro. */
async function signUpWithProfile(ctx: TestContext) {
  const user = await ctx.signUp();
  await callOk(ctx.app(), "write_user_data", PROFILE, user.accessToken);
  return user;
}

/** Asks to cancel with an ordinary reason; the test judges the response. */
function requestCancel(app: Parameters<typeof callFunction>[0], subscriptionId: string, accessToken: string) {
  return callFunction(
    app,
    "cancel_subscription",
    { subscription_id: subscriptionId, cancel_reason: "Too expensive" },
    accessToken,
  );
}

function checkoutIdOf(url: string): string {
  const match = /^\/test-checkout\/([A-Za-z0-9_-]{32})$/.exec(url);
  if (!match?.[1]) throw new Error(`not a test checkout path: ${url}`);
  return match[1];
}

function payTestCheckout(ctx: TestContext, checkoutId: string, cardNumber: string, expiry = "12/39") {
  return ctx.app().inject({
    method: "POST",
    url: `/test-checkout/${checkoutId}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      card_name: "Ada",
      card_number: cardNumber,
      expiry,
      cvc: "123",
    }).toString(),
  });
}

describeWithDatabases(
  "payments with the test provider",
  (ctx) => {
    const { app, db } = ctx;

    it("create_checkout needs a session and a known plan", async () => {
      expect((await callFunction(app(), "create_checkout", { plan: "monthly" })).statusCode).toBe(401);
      const { accessToken } = await ctx.signUp();
      const bad = await callFunction(app(), "create_checkout", { plan: "weekly" }, accessToken);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).code).toBe("validation_failed");
    });

    it("gives a guest who signs up from a public plan the 14-day trial that page promised, and no one else", async () => {
      const owner = await ctx.signUp();
      const dietId = await saveFirstDayDiet(app(), owner.accessToken);
      const signUp = async (sharedPlan: unknown) => {
        const response = await app().inject({
          method: "POST",
          url: "/auth/v1/signup",
          payload: {
            email: `guest-${randomUUID()}@example.com`,
            password: TEST_PASSWORD,
            data: { full_name: "Guest", shared_plan: sharedPlan },
          },
        });
        expect(response.statusCode).toBe(200);
        return response.json<{ access_token: string; user: { app_metadata: Record<string, unknown> } }>();
      };
      // A private plan and a made-up id promise nothing.
      await callOk(
        app(),
        "set_saved_plan_visibility",
        { table: "saved_diets", diet_id: dietId, public: false },
        owner.accessToken,
      );
      expect((await signUp({ kind: "diet", id: dietId })).user.app_metadata.trial_days).toBeUndefined();
      expect((await signUp({ kind: "diet", id: randomUUID() })).user.app_metadata.trial_days).toBeUndefined();
      await callOk(
        app(),
        "set_saved_plan_visibility",
        { table: "saved_diets", diet_id: dietId, public: true },
        owner.accessToken,
      );
      const guest = await signUp({ kind: "diet", id: dietId });
      expect(guest.user.app_metadata).toMatchObject({ trial_days: 14, shared_plan: `diet:${dietId}` });
      // The user cannot grant it to themselves: user data is theirs, app_metadata is not.
      const self = await signUp(undefined);
      await app().inject({
        method: "PUT",
        url: "/auth/v1/user",
        headers: { authorization: `Bearer ${self.access_token}` },
        payload: { data: { trial_days: 14 } },
      });
      const selfCheckout = await callOk<{ url: string }>(
        app(),
        "create_checkout",
        { plan: "monthly" },
        self.access_token,
      );
      expect((await app().inject({ method: "GET", url: selfCheckout.url })).body).toContain(
        "Start 7-day free trial",
      );

      const { url } = await callOk<{ url: string }>(
        app(),
        "create_checkout",
        { plan: "monthly" },
        guest.access_token,
      );
      const page = await app().inject({ method: "GET", url });
      expect(page.body).toContain("14 days free trial");
      expect(page.body).toContain("Start 14-day free trial");
      expect((await payTestCheckout(ctx, checkoutIdOf(url), "4242 4242 4242 4242")).statusCode).toBe(303);
      const renewInDays =
        (Date.parse((await subscriptionOf(ctx, guest.access_token))?.renew_date ?? "") - Date.now()) /
        86_400_000;
      expect(renewInDays).toBeGreaterThan(13.9);
      expect(renewInDays).toBeLessThanOrEqual(14);
    }, 30_000);

    it("lets a new account that signed up without sign-up data (Google) claim a public plan's trial once", async () => {
      const owner = await ctx.signUp();
      const dietId = await saveFirstDayDiet(app(), owner.accessToken);
      const claim = (accessToken: string, id = dietId) =>
        callOk<{ trial_days: number }>(
          app(),
          "claim_shared_plan_trial",
          { shared_plan: { kind: "diet", id } },
          accessToken,
        );
      const guest = await ctx.signUp();
      expect(await claim(guest.accessToken, randomUUID())).toEqual({ trial_days: 7 });
      expect(await claim(guest.accessToken)).toEqual({ trial_days: 14 });
      expect(await claim(guest.accessToken)).toEqual({ trial_days: 14 });
      const { url } = await callOk<{ url: string }>(
        app(),
        "create_checkout",
        { plan: "monthly" },
        guest.accessToken,
      );
      expect((await app().inject({ method: "GET", url })).body).toContain("Start 14-day free trial");

      // An account older than an hour did not come from the plan page: nothing changes.
      const old = await ctx.signUp();
      await db()
        .updateTable("users")
        .set({ created_at: new Date(Date.now() - 2 * 60 * 60 * 1000) })
        .where("id", "=", old.userId)
        .execute();
      expect(await claim(old.accessToken)).toEqual({ trial_days: 7 });
      const anonymous = await callFunction(app(), "claim_shared_plan_trial", {
        shared_plan: { kind: "diet", id: dietId },
      });
      expect(anonymous.statusCode).toBe(401);
    }, 30_000);

    it("runs the whole upgrade: checkout page, declined card, test card, signed webhook, Pro on trial", async () => {
      const { accessToken, email } = await signUpWithProfile(ctx);
      expect(await userProOf(ctx, accessToken)).toBe(0);
      const { url } = await callOk<{ url: string }>(
        app(),
        "create_checkout",
        { plan: "yearly" },
        accessToken,
      );
      const checkoutId = checkoutIdOf(url);

      const page = await app().inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("TEST MODE — no real payment");
      expect(page.body).toContain("49.99 USD / year");
      expect(page.body).toContain("99.99 USD");
      expect(page.body).toContain(email);
      expect(page.body).toContain("Start 7-day free trial");
      expect(page.body).not.toMatch(/<script/i);
      expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");

      const declined = await payTestCheckout(ctx, checkoutId, "4000 0000 0000 0002");
      expect(declined.statusCode).toBe(422);
      expect(declined.body).toContain(
        "Your card was declined. This is a test checkout: use the test card 4242 4242 4242 4242.",
      );
      const expired = await payTestCheckout(ctx, checkoutId, "4242 4242 4242 4242", "01/20");
      expect(expired.statusCode).toBe(422);
      expect(expired.body).toContain("Enter an expiry date in the future, as MM/YY.");
      expect(await subscriptionOf(ctx, accessToken)).toBeNull();

      const paid = await payTestCheckout(ctx, checkoutId, "4242 4242 4242 4242");
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe("/diet?premium_zxy=active");

      const subscription = await subscriptionOf(ctx, accessToken);
      expect(subscription).toMatchObject({
        status_name: "on_trial",
        manually_cancelled: "false",
        ends_at: null,
        variant: "yearly",
      });
      const renewInDays = (Date.parse(subscription?.renew_date ?? "") - Date.now()) / 86_400_000;
      expect(renewInDays).toBeGreaterThan(6.9);
      expect(renewInDays).toBeLessThanOrEqual(7);
      expect(await userProOf(ctx, accessToken)).toBe(1);

      const events = await db()
        .selectFrom("webhook_events")
        .selectAll()
        .where("subscription_id", "=", subscription?.subscription_id ?? "")
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ event_name: "subscription_created", outcome: "applied" });
      expect(events[0]?.event_id).toMatch(/^sha256:[0-9a-f]{64}$/);

      // The checkout is single use, and a Pro user is not sent to a second one.
      expect((await payTestCheckout(ctx, checkoutId, "4242 4242 4242 4242")).statusCode).toBe(404);
      expect((await app().inject({ method: "GET", url })).statusCode).toBe(404);
      const again = await callFunction(app(), "create_checkout", { plan: "monthly" }, accessToken);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).code).toBe("already_pro");
    });

    it("refuses a webhook with a missing, malformed or wrong signature (401) and changes nothing", async () => {
      const { userId, accessToken } = await ctx.signUp();
      const body = subscriptionEvent({
        event: "subscription_created",
        userId,
        subscriptionId: "900",
        status: "active",
        updatedAt: new Date(),
      });
      const refused = [
        await sendWebhook(app(), body, { signature: null }),
        await sendWebhook(app(), body, { signature: "" }),
        await sendWebhook(app(), body, { signature: "not-hex" }),
        await sendWebhook(app(), body, { secret: "another-secret-entirely" }),
        await sendWebhook(app(), body, { signature: "ab".repeat(16) }),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(401);
        expect(errorOf(response).code).toBe("invalid_signature");
      }
      // A body changed after signing is refused too.
      const tampered = JSON.stringify(body).replace('"active"', '"on_trial"');
      const originalSignature = signWebhookBody(JSON.stringify(body), WEBHOOK_SECRET);
      expect((await sendWebhook(app(), tampered, { signature: originalSignature })).statusCode).toBe(401);
      expect(await subscriptionOf(ctx, accessToken)).toBeNull();
      const stored = await db()
        .selectFrom("webhook_events")
        .select("event_id")
        .where("subscription_id", "=", "900")
        .execute();
      expect(stored).toEqual([]);

      expect((await sendWebhook(app(), body)).statusCode).toBe(200);
      expect((await subscriptionOf(ctx, accessToken))?.status_name).toBe("active");
    });

    it("answers 400 to a signed but unreadable body", async () => {
      const response = await sendWebhook(app(), "{not json");
      expect(response.statusCode).toBe(400);
      const wrongShape = await sendWebhook(
        app(),
        subscriptionEvent({
          event: "subscription_created",
          subscriptionId: "901",
          status: "active",
          updatedAt: new Date(),
        }).data as Record<string, unknown>,
      );
      expect(wrongShape.statusCode).toBe(400);
    });

    it("applies a repeated event once: the second delivery of the same body or event id changes nothing", async () => {
      const { userId, accessToken } = await ctx.signUp();
      const t0 = new Date(Date.now() - 60_000);
      const created = subscriptionEvent({
        event: "subscription_created",
        userId,
        subscriptionId: "910",
        status: "on_trial",
        updatedAt: t0,
        trialEndsAt: daysFromNow(7),
      });
      const first = await sendWebhook(app(), created);
      expect(first.json()).toEqual({ received: true, duplicate: false, outcome: "applied" });

      // The user's own change since then, made directly: a replayed delivery must not undo it.
      await db()
        .updateTable("user_subscriptions")
        .set({ status_name: "paused" })
        .where("user_id", "=", userId)
        .execute();
      const replay = await sendWebhook(app(), created);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      expect((await subscriptionOf(ctx, accessToken))?.status_name).toBe("paused");

      // An unsigned X-Event-Id header names nothing: two different bodies carrying the same one are two events.
      const updated = subscriptionEvent({
        event: "subscription_updated",
        userId,
        subscriptionId: "910",
        status: "active",
        updatedAt: new Date(),
      });
      expect((await sendWebhook(app(), updated, { eventId: "evt-1" })).json()).toMatchObject({
        duplicate: false,
      });
      const sameId = subscriptionEvent({
        event: "subscription_updated",
        userId,
        subscriptionId: "910",
        status: "expired",
        updatedAt: new Date(Date.now() + 1000),
      });
      expect((await sendWebhook(app(), sameId, { eventId: "evt-1" })).json()).toMatchObject({
        received: true,
        duplicate: false,
        outcome: "applied",
      });
      expect((await subscriptionOf(ctx, accessToken))?.status_name).toBe("expired");
      // And a retry of a body under a new header value is still the same event.
      expect((await sendWebhook(app(), sameId, { eventId: "evt-2" })).json()).toEqual({
        received: true,
        duplicate: true,
      });

      const count = await db()
        .selectFrom("webhook_events")
        .select(({ fn }) => fn.countAll<number>().as("n"))
        .where("subscription_id", "=", "910")
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(3);
    });

    it("settles two descriptions with the same updated_at alike in either arrival order", async () => {
      const finalStatuses: string[] = [];
      for (const order of [
        ["active", "cancelled"],
        ["cancelled", "active"],
      ] as const) {
        const { userId, accessToken } = await ctx.signUp();
        const subscriptionId = `93${finalStatuses.length}`;
        const at = new Date(Date.now() - 30_000);
        for (const status of order) {
          const event = subscriptionEvent({
            event: "subscription_updated",
            userId,
            subscriptionId,
            status,
            updatedAt: at,
            ...(status === "cancelled" ? { endsAt: daysFromNow(20) } : {}),
          });
          expect((await sendWebhook(app(), event)).statusCode).toBe(200);
        }
        finalStatuses.push((await subscriptionOf(ctx, accessToken))?.status_name ?? "none");
      }
      expect(finalStatuses).toEqual(["cancelled", "cancelled"]);
    });

    it("follows every status transition, with Pro exactly for on_trial, active and cancelled before ends_at", async () => {
      const { userId, accessToken } = await signUpWithProfile(ctx);
      const subscriptionId = "920";
      const base = Date.now() - 3_600_000;
      let step = 0;
      const at = () => new Date(base + ++step * 1000);
      const sub = (
        event: string,
        status: Parameters<typeof subscriptionEvent>[0]["status"],
        extra: Partial<Parameters<typeof subscriptionEvent>[0]> = {},
      ) => subscriptionEvent({ event, userId, subscriptionId, status, updatedAt: at(), ...extra });
      const invoice = (event: Parameters<typeof invoiceEvent>[0]["event"]) =>
        invoiceEvent({ event, userId, subscriptionId, updatedAt: at() });
      const steps: Array<{ body: Record<string, unknown>; status: string; pro: number; cancelled?: string }> =
        [
          {
            body: sub("subscription_created", "on_trial", { trialEndsAt: daysFromNow(7) }),
            status: "on_trial",
            pro: 1,
          },
          { body: sub("subscription_updated", "active"), status: "active", pro: 1 },
          {
            body: invoice("subscription_payment_failed"),
            status: "past_due",
            pro: 0,
          },
          {
            body: invoice("subscription_payment_recovered"),
            status: "active",
            pro: 1,
          },
          { body: sub("subscription_updated", "past_due"), status: "past_due", pro: 0 },
          { body: sub("subscription_updated", "unpaid"), status: "unpaid", pro: 0 },
          {
            body: invoice("subscription_payment_success"),
            status: "active",
            pro: 1,
          },
          { body: sub("subscription_paused", "paused"), status: "paused", pro: 0 },
          { body: sub("subscription_unpaused", "active"), status: "active", pro: 1 },
          {
            body: sub("subscription_cancelled", "cancelled", { endsAt: daysFromNow(10) }),
            status: "cancelled",
            pro: 1,
            cancelled: "true",
          },
          { body: sub("subscription_resumed", "active"), status: "active", pro: 1, cancelled: "false" },
          {
            body: sub("subscription_cancelled", "cancelled", { endsAt: daysFromNow(3) }),
            status: "cancelled",
            pro: 1,
            cancelled: "true",
          },
          // The period ran out: still "cancelled" with ends_at in the past is free, then expired.
          {
            body: sub("subscription_updated", "cancelled", { endsAt: new Date(Date.now() - 1000) }),
            status: "cancelled",
            pro: 0,
          },
          {
            body: sub("subscription_expired", "expired", { endsAt: new Date(Date.now() - 1000) }),
            status: "expired",
            pro: 0,
          },
        ];
      for (const { body, status, pro, cancelled } of steps) {
        const response = await sendWebhook(app(), body);
        expect(response.json(), JSON.stringify(body.meta)).toMatchObject({ outcome: "applied" });
        const subscription = await subscriptionOf(ctx, accessToken);
        expect(subscription?.status_name, String((body.meta as { event_name: string }).event_name)).toBe(
          status,
        );
        if (cancelled) expect(subscription?.manually_cancelled).toBe(cancelled);
        expect(await userProOf(ctx, accessToken), status).toBe(pro);
      }
    });

    it("ends out-of-order deliveries in the newest state", async () => {
      const { userId, accessToken } = await ctx.signUp();
      const t = (seconds: number) => new Date(Date.now() - 600_000 + seconds * 1000);
      const created = subscriptionEvent({
        event: "subscription_created",
        userId,
        subscriptionId: "930",
        status: "on_trial",
        updatedAt: t(1),
      });
      const active = subscriptionEvent({
        event: "subscription_updated",
        userId,
        subscriptionId: "930",
        status: "active",
        updatedAt: t(2),
      });
      const cancelled = subscriptionEvent({
        event: "subscription_cancelled",
        userId,
        subscriptionId: "930",
        status: "cancelled",
        updatedAt: t(3),
        endsAt: daysFromNow(20),
      });
      const lateInvoice = invoiceEvent({
        event: "subscription_payment_failed",
        userId,
        subscriptionId: "930",
        updatedAt: t(2),
      });

      expect((await sendWebhook(app(), cancelled)).json()).toMatchObject({ outcome: "applied" });
      expect((await sendWebhook(app(), created)).json()).toMatchObject({ outcome: "stale" });
      expect((await sendWebhook(app(), active)).json()).toMatchObject({ outcome: "stale" });
      expect((await sendWebhook(app(), lateInvoice)).json()).toMatchObject({ outcome: "stale" });
      expect(await subscriptionOf(ctx, accessToken)).toMatchObject({
        status_name: "cancelled",
        manually_cancelled: "true",
      });
    });

    it("keeps a live subscription when an old one of the same user ends later", async () => {
      const { userId, accessToken } = await ctx.signUp();
      await sendWebhook(
        app(),
        subscriptionEvent({
          event: "subscription_created",
          userId,
          subscriptionId: "940",
          status: "active",
          updatedAt: new Date(Date.now() - 5000),
        }),
      );
      const oldExpired = subscriptionEvent({
        event: "subscription_expired",
        userId,
        subscriptionId: "939",
        status: "expired",
        updatedAt: new Date(),
      });
      expect((await sendWebhook(app(), oldExpired)).json()).toMatchObject({ outcome: "ignored" });
      expect(await subscriptionOf(ctx, accessToken)).toMatchObject({
        subscription_id: "940",
        status_name: "active",
      });
    });

    it("ignores events for nobody it knows and events it does not act on, answering 200 so they are not retried", async () => {
      const unknownUser = subscriptionEvent({
        event: "subscription_created",
        userId: randomUUID(),
        subscriptionId: "950",
        status: "active",
        updatedAt: new Date(),
      });
      expect((await sendWebhook(app(), unknownUser)).json()).toEqual({
        received: true,
        duplicate: false,
        outcome: "ignored",
      });
      const order = {
        meta: { event_name: "order_created" },
        data: { type: "orders", id: "1", attributes: { status: "paid" } },
      };
      expect((await sendWebhook(app(), order)).json()).toEqual({
        received: true,
        duplicate: false,
        outcome: "ignored",
      });
      const rows = await db()
        .selectFrom("user_subscriptions")
        .select("user_id")
        .where("subscription_id", "=", "950")
        .execute();
      expect(rows).toEqual([]);
    });

    it("finds the user by subscription id when an event carries no custom data", async () => {
      const { userId, accessToken } = await ctx.signUp();
      await sendWebhook(
        app(),
        subscriptionEvent({
          event: "subscription_created",
          userId,
          subscriptionId: "960",
          status: "on_trial",
          updatedAt: new Date(Date.now() - 1000),
        }),
      );
      await sendWebhook(
        app(),
        subscriptionEvent({
          event: "subscription_updated",
          subscriptionId: "960",
          status: "active",
          updatedAt: new Date(),
        }),
      );
      expect((await subscriptionOf(ctx, accessToken))?.status_name).toBe("active");
    });

    it("cancels only the caller's own subscription, with a reason, and keeps Pro until ends_at", async () => {
      const owner = await signUpWithProfile(ctx);
      const other = await ctx.signUp();
      const renewsAt = daysFromNow(12);
      await sendWebhook(
        app(),
        subscriptionEvent({
          event: "subscription_created",
          userId: owner.userId,
          subscriptionId: "970",
          status: "active",
          renewsAt,
          updatedAt: new Date(Date.now() - 1000),
        }),
      );

      expect(
        (await callFunction(app(), "cancel_subscription", { subscription_id: "970", cancel_reason: "x" }))
          .statusCode,
      ).toBe(401);
      const noReason = await callFunction(
        app(),
        "cancel_subscription",
        { subscription_id: "970", cancel_reason: "  " },
        owner.accessToken,
      );
      expect(noReason.statusCode).toBe(400);
      expect(errorOf(noReason).issues).toEqual([
        { path: "cancel_reason", message: "Please provide a reason for cancellation." },
      ]);
      const notTheirs = await requestCancel(app(), "970", other.accessToken);
      expect(notTheirs.statusCode).toBe(404);
      expect(errorOf(notTheirs).code).toBe("subscription_not_found");
      const wrongId = await requestCancel(app(), "971", owner.accessToken);
      expect(wrongId.statusCode).toBe(404);
      expect((await subscriptionOf(ctx, owner.accessToken))?.status_name).toBe("active");

      const cancelled = await callOk<UpdatedSubscriptionResponse>(
        app(),
        "cancel_subscription",
        { subscription_id: "970", cancel_reason: "Other: moving abroad" },
        owner.accessToken,
      );
      expect(UpdatedSubscriptionResponseSchema.parse(cancelled)).toEqual(cancelled);
      expect(cancelled.updatedRow).toMatchObject({
        subscription_id: "970",
        status_name: "cancelled",
        manually_cancelled: "true",
        ends_at: renewsAt.toISOString(),
      });
      expect(await userProOf(ctx, owner.accessToken)).toBe(1);
      const reasons = await db()
        .selectFrom("subscription_cancellations")
        .select(["reason", "subscription_id"])
        .where("user_id", "=", owner.userId)
        .execute();
      expect(reasons).toEqual([{ reason: "Other: moving abroad", subscription_id: "970" }]);

      const twice = await callOk<UpdatedSubscriptionResponse>(
        app(),
        "cancel_subscription",
        { subscription_id: "970", cancel_reason: "Too expensive" },
        owner.accessToken,
      );
      expect(twice.updatedRow).toEqual(cancelled.updatedRow);

      expect((await callFunction(app(), "resume_subscription", {}, other.accessToken)).statusCode).toBe(404);
      const resumed = await callOk<UpdatedSubscriptionResponse>(
        app(),
        "resume_subscription",
        { subscription_id: "970" },
        owner.accessToken,
      );
      expect(resumed.updatedRow).toMatchObject({
        status_name: "active",
        manually_cancelled: "false",
        ends_at: null,
        renew_date: renewsAt.toISOString(),
      });
      const notCancelled = await callFunction(app(), "resume_subscription", {}, owner.accessToken);
      expect(notCancelled.statusCode).toBe(409);
      expect(errorOf(notCancelled).code).toBe("subscription_not_resumable");
    });

    it("resumes a cancelled trial back to on_trial, and refuses to cancel an ended subscription", async () => {
      const { accessToken } = await signUpWithProfile(ctx);
      const { url } = await callOk<{ url: string }>(
        app(),
        "create_checkout",
        { plan: "monthly" },
        accessToken,
      );
      expect((await payTestCheckout(ctx, checkoutIdOf(url), "4242424242424242")).statusCode).toBe(303);
      const trial = await subscriptionOf(ctx, accessToken);
      const subscriptionId = trial?.subscription_id ?? "";
      const cancelled = await callOk<UpdatedSubscriptionResponse>(
        app(),
        "cancel_subscription",
        { subscription_id: subscriptionId, cancel_reason: "Not using enough" },
        accessToken,
      );
      expect(cancelled.updatedRow).toMatchObject({
        status_name: "cancelled",
        manually_cancelled: "true",
        ends_at: trial?.renew_date,
      });
      const resumed = await callOk<UpdatedSubscriptionResponse>(
        app(),
        "resume_subscription",
        {},
        accessToken,
      );
      expect(resumed.updatedRow).toMatchObject({
        status_name: "on_trial",
        manually_cancelled: "false",
        ends_at: null,
      });

      const ended = await ctx.signUp();
      await sendWebhook(
        app(),
        subscriptionEvent({
          event: "subscription_expired",
          userId: ended.userId,
          subscriptionId: "980",
          status: "expired",
          updatedAt: new Date(),
        }),
      );
      const refused = await requestCancel(app(), "980", ended.accessToken);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).code).toBe("subscription_not_active");
    });

    it("restore_purchase reports the stored subscription", async () => {
      const none = await ctx.signUp();
      const empty = await callOk<RestorePurchaseResponse>(app(), "restore_purchase", {}, none.accessToken);
      expect(empty).toEqual({ restored: false, subscription: null });

      const paying = await ctx.signUp();
      await sendWebhook(
        app(),
        subscriptionEvent({
          event: "subscription_created",
          userId: paying.userId,
          subscriptionId: "990",
          status: "active",
          updatedAt: new Date(),
        }),
      );
      const restored = await callOk<RestorePurchaseResponse>(
        app(),
        "restore_purchase",
        {},
        paying.accessToken,
      );
      expect(RestorePurchaseResponseSchema.parse(restored)).toEqual(restored);
      expect(restored).toMatchObject({
        restored: true,
        subscription: { subscription_id: "990", status_name: "active" },
      });
    });

    it("validates the settings fields through write_user_data (age 13-85 integer, 3-6 workout days)", async () => {
      const { accessToken } = await ctx.signUp();
      const refused: Array<[string, unknown]> = [
        ["user_age", 12],
        ["user_age", 86],
        ["user_age", 30.5],
        ["user_preferred_workout_days", ["Monday", "Tuesday"]],
        [
          "user_preferred_workout_days",
          ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        ],
        ["user_activity", 1.3],
      ];
      for (const [field, value] of refused) {
        const response = await callFunction(
          app(),
          "write_user_data",
          { ...PROFILE, [field]: value },
          accessToken,
        );
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(errorOf(response).issues?.map((issue) => (issue as { path: string }).path)).toContain(field);
      }
      for (const age of [13, 85]) {
        expect(
          (await callFunction(app(), "write_user_data", { ...PROFILE, user_age: age }, accessToken))
            .statusCode,
        ).toBe(200);
      }
    });
  },
  { config: TEST_PAYMENTS },
);

const standIn = await startLemonSqueezyStandIn();
afterAll(() => standIn.close());

const LEMONSQUEEZY = {
  payments: {
    provider: "lemonsqueezy" as const,
    webhookSecret: WEBHOOK_SECRET,
    apiKey: "ls-test-api-key",
    storeId: "1234",
    variants: { monthly: "a1b2c3d4-monthly", yearly: "e5f6a7b8-yearly" },
    checkoutUrl: "https://fitwise.lemonsqueezy.com/checkout/buy",
    apiUrl: standIn.url,
  },
};

describeWithDatabases(
  "payments with Lemon Squeezy",
  (ctx) => {
    const { app } = ctx;

    it("builds the hosted checkout URL with the user's e-mail, name and id as custom data", async () => {
      const user = await ctx.signUp();
      await callOk(app(), "write_user_data", { user_full_name: "Zoë O'Brien & Co" }, user.accessToken);
      for (const plan of ["monthly", "yearly"] as const) {
        const { url } = await callOk<{ url: string }>(app(), "create_checkout", { plan }, user.accessToken);
        const parsed = new URL(url);
        expect(`${parsed.origin}${parsed.pathname}`).toBe(
          `https://fitwise.lemonsqueezy.com/checkout/buy/${LEMONSQUEEZY.payments.variants[plan]}`,
        );
        expect(parsed.searchParams.get("checkout[email]")).toBe(user.email);
        expect(parsed.searchParams.get("checkout[name]")).toBe("Zoë O'Brien & Co");
        expect(parsed.searchParams.get("checkout[custom][user_id]")).toBe(user.userId);
        // URL-encoded: brackets, spaces and the ampersand never appear raw in the query.
        expect(parsed.search).not.toMatch(/[[\] ]/);
        expect(parsed.search).toContain("checkout%5Bname%5D=Zo%C3%AB+O%27Brien+%26+Co&");
      }
    });

    it("serves no test checkout", async () => {
      const response = await app().inject({ method: "GET", url: "/test-checkout/anything" });
      expect(response.statusCode).toBe(404);
    });

    it("cancels and resumes through the provider's API and stores what it answers", async () => {
      const { userId, accessToken, email } = await ctx.signUp();
      const resource = subscriptionResource({
        subscriptionId: "5001",
        status: "active",
        renewsAt: daysFromNow(25),
        updatedAt: new Date(Date.now() - 5000),
        email,
      });
      standIn.subscriptions.set("5001", resource);
      await sendWebhook(app(), {
        meta: { event_name: "subscription_created", custom_data: { user_id: userId } },
        data: resource,
      });

      const before = standIn.requests.length;
      const cancelled = await callOk<UpdatedSubscriptionResponse>(
        app(),
        "cancel_subscription",
        { subscription_id: "5001", cancel_reason: "Technical issues" },
        accessToken,
      );
      const cancelCall = standIn.requests[before];
      expect(cancelCall).toMatchObject({
        method: "DELETE",
        url: "/v1/subscriptions/5001",
        authorization: "Bearer ls-test-api-key",
      });
      expect(cancelled.updatedRow).toMatchObject({
        status_name: "cancelled",
        manually_cancelled: "true",
        ends_at: resource.attributes.renews_at?.replace("000Z", "Z"),
      });

      const resumed = await callOk<UpdatedSubscriptionResponse>(
        app(),
        "resume_subscription",
        { subscription_id: "5001" },
        accessToken,
      );
      expect(standIn.requests[before + 1]).toMatchObject({
        method: "PATCH",
        url: "/v1/subscriptions/5001",
        body: { data: { type: "subscriptions", id: "5001", attributes: { cancelled: false } } },
      });
      expect(resumed.updatedRow).toMatchObject({
        status_name: "active",
        manually_cancelled: "false",
        ends_at: null,
      });
    });

    it("answers 502 when the provider fails, and leaves the subscription as it was", async () => {
      const { userId, accessToken, email } = await ctx.signUp();
      const resource = subscriptionResource({
        subscriptionId: "5002",
        status: "active",
        updatedAt: new Date(),
        email,
      });
      standIn.subscriptions.set("5002", resource);
      standIn.failing.add("5002");
      await sendWebhook(app(), {
        meta: { event_name: "subscription_created", custom_data: { user_id: userId } },
        data: resource,
      });
      const response = await requestCancel(app(), "5002", accessToken);
      expect(response.statusCode).toBe(502);
      expect(errorOf(response).code).toBe("payment_provider_error");
      expect((await subscriptionOf(ctx, accessToken))?.status_name).toBe("active");
    });

    it("restores a purchase found by the user's e-mail in the store", async () => {
      // restore_purchase needs a proved address (payments.hardening.test.ts follows the e-mail link).
      const verified = async () => {
        const user = await ctx.signUp();
        await ctx
          .db()
          .updateTable("users")
          .set({ email_verified_at: new Date() })
          .where("id", "=", user.userId)
          .execute();
        return user;
      };
      const { accessToken, email } = await verified();
      standIn.subscriptions.set(
        "5003",
        subscriptionResource({
          subscriptionId: "5003",
          status: "expired",
          updatedAt: new Date(Date.now() - 90_000),
          email,
        }),
      );
      standIn.subscriptions.set(
        "5004",
        subscriptionResource({
          subscriptionId: "5004",
          status: "active",
          updatedAt: new Date(Date.now() - 60_000),
          email,
        }),
      );
      const before = standIn.requests.length;
      const restored = await callOk<RestorePurchaseResponse>(app(), "restore_purchase", {}, accessToken);
      const query = new URL(standIn.requests[before]?.url ?? "", "http://x").searchParams;
      expect(query.get("filter[store_id]")).toBe("1234");
      expect(query.get("filter[user_email]")).toBe(email);
      expect(restored).toMatchObject({
        restored: true,
        subscription: { subscription_id: "5004", status_name: "active" },
      });

      const stranger = await verified();
      expect(await callOk(app(), "restore_purchase", {}, stranger.accessToken)).toEqual({
        restored: false,
        subscription: null,
      });

      // A subscription linked to another account is not handed over because the e-mail matches.
      const owner = await ctx.signUp();
      const claimant = await verified();
      const linked = subscriptionResource({
        subscriptionId: "5005",
        status: "active",
        updatedAt: new Date(Date.now() - 30_000),
        email: claimant.email,
      });
      standIn.subscriptions.set("5005", linked);
      await sendWebhook(app(), {
        meta: { event_name: "subscription_created", custom_data: { user_id: owner.userId } },
        data: linked,
      });
      expect(await callOk(app(), "restore_purchase", {}, claimant.accessToken)).toEqual({
        restored: false,
        subscription: null,
      });
      expect((await subscriptionOf(ctx, owner.accessToken))?.subscription_id).toBe("5005");
    });
  },
  { config: LEMONSQUEEZY },
);
