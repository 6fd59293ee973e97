import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "../env";
import { defineFunction, type FunctionHandler } from "./define-function";
import { registerErrorHandler } from "./errors";

/** A bare server with one function, get_recipe (public, so no session is needed), answering as `handler` does. */
async function serverWith(
  checkAnswers: boolean,
  handler: FunctionHandler<"get_recipe">,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate("config", { checkAnswers } as AppConfig);
  registerErrorHandler(app);
  await app.register(async (functions) => defineFunction(functions, "get_recipe", {}, handler), {
    prefix: "/functions/v1",
  });
  return app;
}

const call = (app: FastifyInstance) =>
  app.inject({ method: "POST", url: "/functions/v1/get_recipe", payload: { food_id: "oats", grams: 50 } });

// An answer of the wrong shape, as a handler whose types were bypassed (or a prebuilt JSON string) would send.
const drifted: FunctionHandler<"get_recipe"> = async () => ({ recipe: "none" }) as never;

describe("defineFunction", () => {
  it("refuses an answer outside the contract with a 500 where answers are checked (tests, development)", async () => {
    const app = await serverWith(true, drifted);
    const response = await call(app);
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: "internal_error", message: "Internal server error" } });
  });

  it("checks what is sent, also when the handler sends a prebuilt string itself", async () => {
    const app = await serverWith(true, async (_input, _request, reply) =>
      reply.type("application/json; charset=utf-8").send('{"recipe":"none"}'),
    );
    const response = await call(app);
    await app.close();
    expect(response.statusCode).toBe(500);
  });

  it("sends the answer unchecked in production", async () => {
    const app = await serverWith(false, drifted);
    const response = await call(app);
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recipe: "none" });
  });

  it("hands the handler the parsed body, and answers 400 naming the field before it runs", async () => {
    const inputs: unknown[] = [];
    const app = await serverWith(true, async (input) => {
      inputs.push(input);
      return { recipe: "none" } as never;
    });
    const refused = await app.inject({
      method: "POST",
      url: "/functions/v1/get_recipe",
      payload: { food_id: "oats", grams: 0 },
    });
    await call(app);
    await app.close();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        code: "validation_failed",
        message: expect.stringMatching(/^Invalid request: grams: /) as string,
      },
    });
    expect(inputs).toEqual([{ food_id: "oats", grams: 50 }]);
  });

  it("registers only under /functions/v1, where the function's URL is its name", async () => {
    const app = Fastify({ logger: false });
    app.decorate("config", { checkAnswers: true } as AppConfig);
    await expect(
      app.register(async (other) => defineFunction(other, "get_recipe", {}, drifted), { prefix: "/api" }),
    ).rejects.toThrow(/must be registered under \/functions\/v1/);
    await app.close();
  });
});
