import { describe, expect, it } from "vitest";
import { CancelSubscriptionRequestSchema, subscriptionGrantsPro } from "./payments";

describe("subscriptionGrantsPro", () => {
  const now = new Date("2026-03-01T12:00:00Z");

  it("grants Pro to active and trialling subscriptions", () => {
    expect(subscriptionGrantsPro({ status_name: "active", ends_at: null }, now)).toBe(true);
    expect(subscriptionGrantsPro({ status_name: "on_trial", ends_at: null }, now)).toBe(true);
  });

  it("keeps Pro for a cancelled subscription until ends_at only", () => {
    expect(subscriptionGrantsPro({ status_name: "cancelled", ends_at: "2026-03-01T12:00:01Z" }, now)).toBe(
      true,
    );
    expect(subscriptionGrantsPro({ status_name: "cancelled", ends_at: "2026-03-01T12:00:00Z" }, now)).toBe(
      false,
    );
    expect(subscriptionGrantsPro({ status_name: "cancelled", ends_at: null }, now)).toBe(false);
  });

  it("gives every other status, and no subscription, the free tier", () => {
    for (const status of ["paused", "past_due", "unpaid", "expired", null]) {
      expect(subscriptionGrantsPro({ status_name: status, ends_at: "2030-01-01T00:00:00Z" }, now)).toBe(
        false,
      );
    }
    expect(subscriptionGrantsPro(null, now)).toBe(false);
  });
});

describe("CancelSubscriptionRequestSchema", () => {
  it("requires a reason, with the product's message", () => {
    const result = CancelSubscriptionRequestSchema.safeParse({ subscription_id: "1", cancel_reason: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please provide a reason for cancellation.");
    expect(
      CancelSubscriptionRequestSchema.parse({ subscription_id: " 1 ", cancel_reason: " Too expensive " }),
    ).toEqual({ subscription_id: "1", cancel_reason: "Too expensive" });
  });
});
