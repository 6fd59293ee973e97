import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../env";
import {
  changeOf,
  eventIdOf,
  signWebhookBody,
  supersedes,
  verifyWebhookSignature,
  WebhookBodySchema,
} from "./lemonsqueezy.webhook";
import { testPaymentProblem } from "./payments.service";
import { escapeHtml } from "./test-checkout.page";

const SECRET = "webhook-secret";

describe("webhook signatures", () => {
  const raw = Buffer.from('{"meta":{"event_name":"subscription_created"}}');

  it("is the HMAC-SHA256 hex digest of the raw body, as Lemon Squeezy computes it", () => {
    expect(signWebhookBody(raw, SECRET)).toBe(createHmac("sha256", SECRET).update(raw).digest("hex"));
    expect(verifyWebhookSignature(raw, signWebhookBody(raw, SECRET), SECRET)).toBe(true);
    expect(verifyWebhookSignature(raw, signWebhookBody(raw, SECRET).toUpperCase(), SECRET)).toBe(true);
  });

  it("refuses a missing, truncated, non-hex or foreign signature, and a changed body", () => {
    const good = signWebhookBody(raw, SECRET);
    expect(verifyWebhookSignature(raw, undefined, SECRET)).toBe(false);
    expect(verifyWebhookSignature(raw, "", SECRET)).toBe(false);
    expect(verifyWebhookSignature(raw, good.slice(0, 32), SECRET)).toBe(false);
    expect(verifyWebhookSignature(raw, `${good.slice(0, 63)}z`, SECRET)).toBe(false);
    expect(verifyWebhookSignature(raw, signWebhookBody(raw, "other"), SECRET)).toBe(false);
    expect(verifyWebhookSignature(Buffer.from(`${raw.toString()} `), good, SECRET)).toBe(false);
  });
});

describe("event ids", () => {
  const body = WebhookBodySchema.parse({
    meta: { event_name: "subscription_updated" },
    data: { type: "subscriptions", id: 7, attributes: {} },
  });
  const raw = Buffer.from(JSON.stringify(body));

  it("comes from the signed body only: meta.event_id, else the body's SHA-256", () => {
    expect(eventIdOf(raw, { ...body, meta: { ...body.meta, event_id: "m1" } })).toBe("meta:m1");
    expect(eventIdOf(raw, body)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(eventIdOf(raw, body)).toBe(eventIdOf(Buffer.from(raw), body));
  });
});

describe("which description wins", () => {
  const at = new Date("2026-05-01T10:00:00Z");
  const later = new Date("2026-05-01T10:00:01Z");

  it("is the newer one, whatever the statuses", () => {
    expect(supersedes({ updatedAt: later, status: "active" }, { lastEventAt: at, status: "expired" })).toBe(
      true,
    );
    expect(supersedes({ updatedAt: at, status: "expired" }, { lastEventAt: later, status: "active" })).toBe(
      false,
    );
    expect(supersedes({ updatedAt: at, status: "active" }, { lastEventAt: null, status: null })).toBe(true);
  });

  it("at equal times, is the one further along, in either arrival order", () => {
    const active = { updatedAt: at, status: "active" as const };
    const cancelled = { updatedAt: at, status: "cancelled" as const };
    expect(supersedes(cancelled, { lastEventAt: at, status: "active" })).toBe(true);
    expect(supersedes(active, { lastEventAt: at, status: "cancelled" })).toBe(false);
    expect(supersedes(active, { lastEventAt: at, status: "active" })).toBe(false);
  });
});

describe("changeOf", () => {
  it("reads a subscription event as the whole state, with Lemon Squeezy's microsecond dates", () => {
    const change = changeOf(
      WebhookBodySchema.parse({
        meta: { event_name: "subscription_cancelled" },
        data: {
          type: "subscriptions",
          id: 1,
          attributes: {
            status: "cancelled",
            cancelled: true,
            renews_at: null,
            ends_at: "2026-03-01T10:00:00.000000Z",
            variant_id: 42,
            updated_at: "2026-02-01T10:00:00.123456Z",
          },
        },
      }),
    );
    expect(change).toEqual({
      kind: "state",
      state: {
        subscriptionId: "1",
        status: "cancelled",
        renewDate: null,
        endsAt: new Date("2026-03-01T10:00:00Z"),
        trialEndsAt: null,
        manuallyCancelled: true,
        variant: "42",
        updatedAt: new Date("2026-02-01T10:00:00.123Z"),
      },
    });
  });

  it("reads payment events as a status change only, and other events as nothing", () => {
    const invoice = (event: string) =>
      changeOf(
        WebhookBodySchema.parse({
          meta: { event_name: event },
          data: {
            type: "subscription-invoices",
            id: 9,
            attributes: { subscription_id: 1, updated_at: "2026-02-01T10:00:00Z" },
          },
        }),
      );
    expect(invoice("subscription_payment_failed")).toMatchObject({ kind: "status", status: "past_due" });
    expect(invoice("subscription_payment_success")).toMatchObject({ kind: "status", status: "active" });
    expect(invoice("subscription_payment_refunded")).toEqual({ kind: "none" });
  });
});

describe("the test card form", () => {
  const now = new Date("2026-05-15T00:00:00Z");
  const form = { cardNumber: "4242 4242 4242 4242", expiry: "05/26", cvc: "123" };

  it("accepts the test card with a future expiry and a 3- or 4-digit code", () => {
    expect(testPaymentProblem(form, now)).toBeUndefined();
    expect(
      testPaymentProblem({ ...form, cardNumber: "4242-4242-4242-4242", cvc: "1234" }, now),
    ).toBeUndefined();
  });

  it("declines any other card and explains each other problem", () => {
    expect(testPaymentProblem({ ...form, cardNumber: "5555 5555 5555 4444" }, now)).toBe(
      "Your card was declined. This is a test checkout: use the test card 4242 4242 4242 4242.",
    );
    expect(testPaymentProblem({ ...form, cardNumber: "" }, now)).toBe("Enter the card number.");
    expect(testPaymentProblem({ ...form, expiry: "04/26" }, now)).toBe(
      "Enter an expiry date in the future, as MM/YY.",
    );
    expect(testPaymentProblem({ ...form, expiry: "13/30" }, now)).toBe(
      "Enter an expiry date in the future, as MM/YY.",
    );
    expect(testPaymentProblem({ ...form, cvc: "12" }, now)).toBe("Enter the 3- or 4-digit security code.");
  });

  it("escapes what it shows back", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;",
    );
  });
});

describe("payments configuration", () => {
  const base = { JWT_SECRET: "s".repeat(32) };

  it("defaults to the test provider with a random secret per process, or the configured one", () => {
    const first = loadConfig(base).payments;
    const second = loadConfig(base).payments;
    expect(first?.provider).toBe("test");
    expect(first?.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first?.webhookSecret).not.toBe(second?.webhookSecret);
    expect(loadConfig({ ...base, LEMONSQUEEZY_WEBHOOK_SECRET: "fixed-secret" }).payments).toEqual({
      provider: "test",
      webhookSecret: "fixed-secret",
    });
  });

  it("names every variable Lemon Squeezy still needs", () => {
    expect(() =>
      loadConfig({ ...base, PAYMENTS_PROVIDER: "lemonsqueezy", LEMONSQUEEZY_API_KEY: "k" }),
    ).toThrow(
      /LEMONSQUEEZY_WEBHOOK_SECRET: required.*LEMONSQUEEZY_STORE_ID: required.*LEMONSQUEEZY_VARIANT_MONTHLY: required.*LEMONSQUEEZY_VARIANT_YEARLY: required.*LEMONSQUEEZY_CHECKOUT_URL: required/,
    );
    expect(() => loadConfig({ ...base, PAYMENTS_PROVIDER: "stripe" })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadConfig({ ...base, LEMONSQUEEZY_CHECKOUT_URL: "javascript:alert(1)" })).toThrow(
      /LEMONSQUEEZY_CHECKOUT_URL/,
    );
  });

  it("reads a complete Lemon Squeezy configuration", () => {
    const config = loadConfig({
      ...base,
      PAYMENTS_PROVIDER: "lemonsqueezy",
      LEMONSQUEEZY_WEBHOOK_SECRET: "whsec-123",
      LEMONSQUEEZY_API_KEY: "key",
      LEMONSQUEEZY_STORE_ID: "77",
      LEMONSQUEEZY_VARIANT_MONTHLY: "uuid-m",
      LEMONSQUEEZY_VARIANT_YEARLY: "uuid-y",
      LEMONSQUEEZY_CHECKOUT_URL: "https://fit.lemonsqueezy.com/checkout/buy/",
    });
    expect(config.payments).toEqual({
      provider: "lemonsqueezy",
      webhookSecret: "whsec-123",
      apiKey: "key",
      storeId: "77",
      variants: { monthly: "uuid-m", yearly: "uuid-y" },
      checkoutUrl: "https://fit.lemonsqueezy.com/checkout/buy",
      apiUrl: "https://api.lemonsqueezy.com",
    });
  });
});
