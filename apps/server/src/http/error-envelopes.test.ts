import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthErrorSchema } from "@fitwise/contracts/auth";
import { FunctionErrorSchema } from "@fitwise/contracts/profile";
import { buildTestApp, signUpThrough } from "../test/test-app";

/** The exact envelope: its schema with no key left over (a stray detail would be a leak). */
function envelopeOf(schema: typeof AuthErrorSchema | typeof FunctionErrorSchema, body: string): unknown {
  const parsed: unknown = JSON.parse(body);
  expect(schema.strict().safeParse(parsed).success, body).toBe(true);
  return parsed;
}

/** One error envelope per family of routes (docs/decisions/074, docs/product.md §8). */
describe("error envelopes", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers a function's 4xx as { error: { code, message, issues } }, the message naming the field", async () => {
    const { accessToken } = await signUpThrough(app);
    const response = await app.inject({
      method: "POST",
      url: "/functions/v1/get_diary",
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { date: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(FunctionErrorSchema, response.body)).toMatchObject({
      error: {
        code: "validation_failed",
        message: expect.stringMatching(/^Invalid request: date: /) as string,
      },
    });
    expect(response.json<{ error: { issues: unknown } }>().error.issues).toEqual([
      { path: "date", message: expect.any(String) as string },
    ]);

    const unsigned = await app.inject({ method: "POST", url: "/functions/v1/get_diary", payload: {} });
    expect(unsigned.statusCode).toBe(401);
    envelopeOf(FunctionErrorSchema, unsigned.body);
  });

  it("answers the webhook's and an unknown API route's 4xx in the same envelope", async () => {
    const webhook = await app.inject({
      method: "POST",
      url: "/webhooks/lemonsqueezy",
      headers: { "content-type": "application/json", "x-signature": "0".repeat(64) },
      payload: "{}",
    });
    expect(webhook.statusCode).toBe(401);
    expect(envelopeOf(FunctionErrorSchema, webhook.body)).toEqual({
      error: { code: "invalid_signature", message: "Invalid signature" },
    });

    const unknown = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(unknown.statusCode).toBe(404);
    envelopeOf(FunctionErrorSchema, unknown.body);
  });

  it("answers an auth route's 4xx as GoTrue does: { code, error_code, msg }", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      payload: { email: "nobody@example.com" },
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(AuthErrorSchema, response.body)).toMatchObject({
      code: 400,
      error_code: "validation_failed",
    });
  });

  it("answers a page's 4xx with a page", async () => {
    const response = await app.inject({ method: "GET", url: "/test-checkout/unknown" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  });
});

describe("a 5xx in either envelope", () => {
  it("hides what failed: a fixed message, nothing of the cause", async () => {
    const app = await buildTestApp();
    const { accessToken } = await signUpThrough(app);
    // The database going away is a real failure inside every signed-in request (the session is read first).
    await app.db.destroy();
    const headers = { authorization: `Bearer ${accessToken}` };
    const fn = await app.inject({ method: "POST", url: "/functions/v1/get_diary", headers, payload: {} });
    const auth = await app.inject({ method: "GET", url: "/auth/v1/user", headers });
    await app.close();

    expect(fn.statusCode).toBe(500);
    expect(envelopeOf(FunctionErrorSchema, fn.body)).toEqual({
      error: { code: "internal_error", message: "Internal server error" },
    });
    expect(auth.statusCode).toBe(500);
    expect(envelopeOf(AuthErrorSchema, auth.body)).toEqual({
      code: 500,
      error_code: "internal_error",
      msg: "Internal server error",
    });
  });
});
