import { z } from "zod";
import { HttpError } from "../../http/errors";
import { ResourceSchema, type Resource } from "./lemonsqueezy.webhook";

/**
 * The three calls of Lemon Squeezy's JSON:API we need (https://docs.lemonsqueezy.com/api/subscriptions):
 * cancel (DELETE /v1/subscriptions/{id}), resume (PATCH cancelled:false) and list by customer e-mail.
 */
export interface LemonSqueezyClient {
  cancelSubscription(subscriptionId: string): Promise<Resource>;
  resumeSubscription(subscriptionId: string): Promise<Resource>;
  listSubscriptionsByEmail(storeId: string, email: string): Promise<Resource[]>;
}

const SingleSchema = z.object({ data: ResourceSchema });
const ListSchema = z.object({ data: z.array(ResourceSchema) });

/** A slow provider must not hold a request (and its database connection) for long. */
const TIMEOUT_MS = 10_000;

export function createLemonSqueezyClient(options: {
  apiKey: string;
  apiUrl: string;
  fetch?: typeof fetch;
}): LemonSqueezyClient {
  const send = options.fetch ?? fetch;

  async function call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await send(`${options.apiUrl}${path}`, {
        method,
        headers: {
          Accept: "application/vnd.api+json",
          "Content-Type": "application/vnd.api+json",
          Authorization: `Bearer ${options.apiKey}`,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(502, "payment_provider_unreachable", "The payment provider could not be reached.");
    }
    if (response.status === 404) {
      throw new HttpError(
        404,
        "subscription_not_found",
        "The payment provider does not know this subscription.",
      );
    }
    if (!response.ok) {
      throw new HttpError(502, "payment_provider_error", `The payment provider answered ${response.status}.`);
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      throw new HttpError(502, "payment_provider_error", "The payment provider sent an unexpected answer.");
    }
    return parsed.data;
  }

  return {
    async cancelSubscription(subscriptionId) {
      const path = `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`;
      return (await call("DELETE", path, SingleSchema)).data;
    },
    async resumeSubscription(subscriptionId) {
      const path = `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`;
      const body = { data: { type: "subscriptions", id: subscriptionId, attributes: { cancelled: false } } };
      return (await call("PATCH", path, SingleSchema, body)).data;
    },
    async listSubscriptionsByEmail(storeId, email) {
      const query = new URLSearchParams({ "filter[store_id]": storeId, "filter[user_email]": email });
      return (await call("GET", `/v1/subscriptions?${query.toString()}`, ListSchema)).data;
    },
  };
}
