import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/database";
import type { AppConfig } from "../../env";
import type { AuthenticatedUser } from "../../http/authenticate";
import { defineFunction } from "../../http/define-function";
import { defineRoute } from "../../http/define-route";
import { HttpError } from "../../http/errors";
import type { EmailLinks } from "../account/email-links";
import { endTestProviderSubscriptions, findUser } from "./payments.repository";
import {
  cancelSubscription,
  completeTestCheckout,
  claimSharedPlanTrial,
  createCheckoutUrl,
  findTestCheckout,
  handleWebhook,
  PURCHASE_RETURN_PATH,
  restorePurchase,
  resumeSubscription,
  testPaymentProblem,
  trialDaysFor,
  type PaymentsDeps,
} from "./payments.service";
import { renderCheckoutGonePage, renderTestCheckoutPage } from "./test-checkout.page";

export const WEBHOOK_PATH = "/webhooks/lemonsqueezy";

function caller(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return request.user;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Payment routes: the functions claim_shared_plan_trial, create_checkout, cancel_subscription, resume_subscription and
 * restore_purchase under /functions/v1, the provider's webhook, and (test provider only) the test
 * checkout pages under /test-checkout.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  // The payments deps and the e-mail links are built once by buildApp (app.ts); account deletion uses the same deps.
  options: { db: Database; config: AppConfig; deps: PaymentsDeps; links: EmailLinks },
): Promise<void> {
  const { deps, links } = options;
  const { payments } = deps;
  const brandName = options.config.brandName;
  if (payments.provider !== "test") {
    const ended = await endTestProviderSubscriptions(options.db, deps.now());
    if (ended > 0)
      app.log.warn({ ended }, "test-checkout subscriptions ended: a real payments provider is configured");
  }

  await app.register(
    async (functions) => {
      defineFunction(functions, "claim_shared_plan_trial", {}, async ({ shared_plan }, request) => {
        return claimSharedPlanTrial(options.db, caller(request).id, shared_plan, deps.now());
      });
      defineFunction(functions, "create_checkout", {}, async ({ plan }, request) => {
        return { url: await createCheckoutUrl(deps, caller(request), plan) };
      });
      defineFunction(functions, "cancel_subscription", {}, async (input, request) =>
        cancelSubscription(deps, caller(request), input),
      );
      defineFunction(functions, "resume_subscription", {}, async (input, request) =>
        resumeSubscription(deps, caller(request), input),
      );
      // One verification link per user and 10 minutes, however often restore is pressed.
      const verifyLimit = functions.createRateLimit({
        max: 1,
        timeWindow: 10 * 60_000,
        keyGenerator: (request) => `restore-verify:${request.user?.id ?? request.ip}`,
      });
      defineFunction(functions, "restore_purchase", {}, async (_input, request) => {
        return restorePurchase(deps, caller(request), async () => {
          const limit = await verifyLimit(request);
          if (!limit.isAllowed && limit.isExceeded) return;
          const user = await findUser(options.db, caller(request).id);
          if (user) await links.send(user, "magiclink", "/settings");
        });
      });
    },
    { prefix: "/functions/v1" },
  );

  await app.register(async (webhooks) => {
    // The signature covers the exact bytes sent, so this route reads the body unparsed.
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    defineRoute(webhooks, "POST /webhooks/lemonsqueezy", {}, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await handleWebhook(deps, rawBody, {
        signature: headerValue(request.headers["x-signature"]),
        eventName: headerValue(request.headers["x-event-name"]),
      });
      if (result.statusCode !== 200) {
        request.log.warn({ code: result.body.error.code }, "webhook refused");
        // Through the one error handler, so the refusal has the envelope of every JSON route (decision 074).
        throw new HttpError(result.statusCode, result.body.error.code, result.body.error.message);
      }
      return reply.code(result.statusCode).send(result.body);
    });
  });

  if (payments.provider !== "test") return;

  await app.register(async (checkoutPages) => {
    checkoutPages.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) =>
        done(null, new URLSearchParams(typeof body === "string" ? body : body.toString())),
    );

    defineRoute<"GET /test-checkout/:id", { Params: { id: string } }>(
      checkoutPages,
      "GET /test-checkout/:id",
      {},
      async (request, reply) => {
        reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store");
        const checkout = await findTestCheckout(deps, request.params.id);
        if (!checkout) return reply.code(404).send(renderCheckoutGonePage(brandName));
        const trialDays = await trialDaysFor(deps.db, checkout.user_id);
        return renderTestCheckoutPage({ checkout, brandName, trialDays });
      },
    );

    defineRoute<"POST /test-checkout/:id", { Params: { id: string } }>(
      checkoutPages,
      "POST /test-checkout/:id",
      {},
      async (request, reply) => {
        reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store");
        const checkout = await findTestCheckout(deps, request.params.id);
        if (!checkout) return reply.code(404).send(renderCheckoutGonePage(brandName));
        const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const values = {
          cardName: form.get("card_name") ?? "",
          cardNumber: form.get("card_number") ?? "",
          expiry: form.get("expiry") ?? "",
        };
        const problem = testPaymentProblem({ ...values, cvc: form.get("cvc") ?? "" }, deps.now());
        if (problem) {
          const trialDays = await trialDaysFor(deps.db, checkout.user_id);
          return reply
            .code(422)
            .send(renderTestCheckoutPage({ checkout, brandName, trialDays, error: problem, values }));
        }

        const webhook = await completeTestCheckout(deps, checkout.checkout_id);
        if (!webhook) return reply.code(404).send(renderCheckoutGonePage(brandName));
        // Delivered through the real webhook route, exactly as the provider's request would arrive.
        const delivery = await app.inject({
          method: "POST",
          url: WEBHOOK_PATH,
          headers: webhook.headers,
          payload: webhook.rawBody,
        });
        if (delivery.statusCode !== 200) {
          throw new Error(`test checkout webhook refused: ${delivery.statusCode} ${delivery.body}`);
        }
        return reply.redirect(PURCHASE_RETURN_PATH, 303);
      },
    );
  });
}
