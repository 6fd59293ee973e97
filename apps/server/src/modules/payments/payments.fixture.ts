import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { signWebhookBody, type SubscriptionStatus } from "./lemonsqueezy.webhook";
import { WEBHOOK_PATH } from "./payments.routes";

/** Helpers shared by the payments integration tests: provider-shaped webhooks and a stand-in API. */

export const WEBHOOK_SECRET = "test-webhook-secret-0123456789";

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number): Date => new Date(Date.now() + days * DAY_MS);

export interface SubscriptionEventInput {
  event: string;
  userId?: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  updatedAt: Date;
  renewsAt?: Date | null;
  endsAt?: Date | null;
  trialEndsAt?: Date | null;
  cancelled?: boolean;
  email?: string;
}

/** A subscription resource as Lemon Squeezy's API and webhooks describe it. */
export function subscriptionResource(input: Omit<SubscriptionEventInput, "event" | "userId">) {
  return {
    type: "subscriptions",
    id: input.subscriptionId,
    attributes: {
      store_id: 1,
      variant_id: 42,
      user_name: "Test User",
      user_email: input.email ?? "someone@example.com",
      status: input.status,
      cancelled: input.cancelled ?? input.status === "cancelled",
      trial_ends_at: input.trialEndsAt?.toISOString() ?? null,
      renews_at: (input.renewsAt === undefined ? daysFromNow(30) : input.renewsAt)?.toISOString() ?? null,
      ends_at: input.endsAt?.toISOString() ?? null,
      created_at: "2026-01-01T00:00:00.000000Z",
      // Lemon Squeezy's own format: microseconds.
      updated_at: input.updatedAt.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"),
    },
  };
}

/** The body of a subscription_* webhook (the subscription itself, custom_data from the checkout). */
export function subscriptionEvent(input: SubscriptionEventInput): Record<string, unknown> {
  return {
    meta: { event_name: input.event, ...(input.userId ? { custom_data: { user_id: input.userId } } : {}) },
    data: subscriptionResource(input),
  };
}

/** The body of a subscription_payment_* webhook: a subscription invoice. */
export function invoiceEvent(input: {
  event: "subscription_payment_success" | "subscription_payment_failed" | "subscription_payment_recovered";
  userId?: string;
  subscriptionId: string;
  updatedAt: Date;
}): Record<string, unknown> {
  return {
    meta: { event_name: input.event, ...(input.userId ? { custom_data: { user_id: input.userId } } : {}) },
    data: {
      type: "subscription-invoices",
      id: `inv_${input.updatedAt.getTime()}`,
      attributes: {
        subscription_id: Number(input.subscriptionId),
        status: input.event === "subscription_payment_failed" ? "pending" : "paid",
        updated_at: input.updatedAt.toISOString(),
      },
    },
  };
}

/** Posts a webhook; signed with `secret` unless `signature` is given (null: no X-Signature at all). */
export function sendWebhook(
  app: FastifyInstance,
  body: Record<string, unknown> | string,
  options: { secret?: string; signature?: string | null; eventId?: string } = {},
): Promise<LightMyRequestResponse> {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  const eventName =
    typeof body === "string" ? undefined : (body.meta as { event_name?: string } | undefined)?.event_name;
  const signature =
    options.signature === undefined
      ? signWebhookBody(rawBody, options.secret ?? WEBHOOK_SECRET)
      : options.signature;
  return app.inject({
    method: "POST",
    url: WEBHOOK_PATH,
    headers: {
      "content-type": "application/json",
      ...(eventName ? { "x-event-name": eventName } : {}),
      ...(signature === null ? {} : { "x-signature": signature }),
      ...(options.eventId ? { "x-event-id": options.eventId } : {}),
    },
    payload: rawBody,
  });
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A stand-in for api.lemonsqueezy.com on loopback: answers the subscription calls the payments
 * module makes from `subscriptions` (by id) and records every request.
 */
export async function startLemonSqueezyStandIn(): Promise<{
  url: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, ReturnType<typeof subscriptionResource>>;
  failing: Set<string>;
  close(): Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, ReturnType<typeof subscriptionResource>>();
  const failing = new Set<string>();
  const readBody = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? "/", "http://stand-in");
      requests.push({
        method: request.method ?? "",
        url: url.pathname + url.search,
        authorization: request.headers.authorization,
        body,
      });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { "content-type": "application/vnd.api+json" });
        response.end(JSON.stringify(payload));
      };
      const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      const id = match?.[1] ? decodeURIComponent(match[1]) : undefined;
      if (id && failing.has(id)) return send(500, { errors: [{ detail: "boom" }] });
      if (url.pathname === "/v1/subscriptions" && request.method === "GET") {
        const email = url.searchParams.get("filter[user_email]");
        const data = [...subscriptions.values()].filter(
          (resource) => resource.attributes.user_email === email,
        );
        return send(200, { data });
      }
      const resource = id ? subscriptions.get(id) : undefined;
      if (!id || !resource) return send(404, { errors: [{ detail: "Not found" }] });
      if (request.method === "DELETE") {
        const cancelled = subscriptionResource({
          subscriptionId: id,
          status: "cancelled",
          cancelled: true,
          updatedAt: new Date(),
          renewsAt: null,
          endsAt: new Date(resource.attributes.renews_at ?? Date.now()),
          email: resource.attributes.user_email,
        });
        subscriptions.set(id, cancelled);
        return send(200, { data: cancelled });
      }
      if (request.method === "PATCH") {
        const resumed = subscriptionResource({
          subscriptionId: id,
          status: "active",
          cancelled: false,
          updatedAt: new Date(),
          renewsAt: new Date(resource.attributes.ends_at ?? Date.now()),
          email: resource.attributes.user_email,
        });
        subscriptions.set(id, resumed);
        return send(200, { data: resumed });
      }
      return send(405, { errors: [{ detail: "Method not allowed" }] });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    failing,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
