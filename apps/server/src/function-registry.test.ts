import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUNCTION_NAMES, FUNCTIONS } from "@fitwise/contracts/functions";
import { routesOf } from "./test/registered-routes";
import { buildTestApp, signUpThrough } from "./test/test-app";

const PREFIX = "/functions/v1/";

/**
 * The function registry of @fitwise/contracts/functions is what the web client calls through, so it must
 * name exactly the functions this server dispatches, and the server must check bodies against it.
 */
describe("function registry", () => {
  let app: FastifyInstance;
  let accessToken: string;
  beforeAll(async () => {
    app = await buildTestApp();
    ({ accessToken } = await signUpThrough(app));
  });
  afterAll(async () => {
    await app.close();
  });

  it("names exactly the functions the server dispatches under /functions/v1", () => {
    const dispatched = routesOf(app)
      .filter((route) => route.method === "POST" && route.url.startsWith(PREFIX))
      .map((route) => route.url.slice(PREFIX.length))
      .sort();
    expect(dispatched).toEqual([...FUNCTION_NAMES].sort());
  });

  it("has a request and a response schema for every function", () => {
    for (const name of FUNCTION_NAMES) {
      const contract = FUNCTIONS[name];
      expect(typeof contract.request.safeParse).toBe("function");
      expect(typeof contract.response.safeParse).toBe("function");
      // A JSON array is no function's body: every request schema refuses it.
      expect(contract.request.safeParse([]).success).toBe(false);
    }
  });

  it("asks every function the registry marks bearer for a token, and no other", async () => {
    const refused: string[] = [];
    for (const name of FUNCTION_NAMES) {
      const response = await app.inject({ method: "POST", url: `${PREFIX}${name}`, payload: [] });
      if (response.statusCode === 401) refused.push(name);
    }
    expect(refused.sort()).toEqual(FUNCTION_NAMES.filter((name) => FUNCTIONS[name].auth === "bearer").sort());
  });

  it("answers 400 validation_failed to a body the registry refuses, on every function", async () => {
    const refused: string[] = [];
    const accepted: string[] = [];
    for (const name of FUNCTION_NAMES) {
      const response = await app.inject({
        method: "POST",
        url: `${PREFIX}${name}`,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: [],
      });
      if (
        response.statusCode === 400 &&
        response.json<{ error: { code: string } }>().error.code === "validation_failed"
      )
        refused.push(name);
      else accepted.push(name);
    }
    expect(accepted).toEqual([]);
    expect(refused).toHaveLength(FUNCTION_NAMES.length);
  });
});
