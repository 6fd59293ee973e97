import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routesOf } from "../../test/registered-routes";
import { buildTestApp } from "../../test/test-app";
import { DOCS_PATH, OPENAPI_JSON_PATH } from "./docs.routes";
import { FUNCTIONS } from "@fitwise/contracts/functions";

interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
}
type Paths = Record<string, Record<string, Operation>>;

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{path}");

describe("API documentation", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("serves an OpenAPI 3.1 document that validates", async () => {
    const response = await app.inject({ method: "GET", url: OPENAPI_JSON_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const document = response.json<{ openapi: string; paths: Paths }>();
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every registered route and every function, each function with its contract's schemas", async () => {
    const { paths } = (await app.inject({ method: "GET", url: OPENAPI_JSON_PATH })).json<{ paths: Paths }>();
    const routes = routesOf(app).filter((route) => !route.url.startsWith(DOCS_PATH));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => !paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);

    const functionNames = routes
      .filter((route) => route.method === "POST" && route.url.startsWith("/functions/v1/"))
      .map((route) => route.url.slice("/functions/v1/".length))
      .sort();
    expect(functionNames).toEqual(Object.keys(FUNCTIONS).sort());
    for (const name of functionNames) {
      const operation = paths[`/functions/v1/${name}`]?.post;
      expect(operation?.operationId).toBe(name);
      expect(operation?.requestBody?.content["application/json"]?.schema, name).toBeTypeOf("object");
      // track_events answers 204 without a body; every other function answers JSON.
      if (name !== "track_events")
        expect(operation?.responses["200"]?.content?.["application/json"]?.schema, name).toBeTypeOf("object");
    }
  });

  it("shows the contracts' enums and marks which functions need a bearer token", async () => {
    const { paths } = (await app.inject({ method: "GET", url: OPENAPI_JSON_PATH })).json<{ paths: Paths }>();
    const mealPlan = paths["/functions/v1/openai_get_meal_plan"]?.post;
    expect(JSON.stringify(mealPlan?.responses["200"])).toContain('"Breakfast"');
    expect(mealPlan?.security).toEqual([{ bearer: [] }]);
    expect(paths["/functions/v1/get_saved_data"]?.post?.security).toBeUndefined();
    expect(paths["/auth/v1/factors/{id}"]?.delete?.operationId).toBe("delete_auth_v1_factors_id");
  });

  it("serves a readable page with no scripts and nothing loaded from elsewhere", async () => {
    const response = await app.inject({ method: "GET", url: DOCS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    for (const name of Object.keys(FUNCTIONS)) expect(response.body).toContain(`>${name}<`);
    expect(response.body).not.toMatch(/<script|<link|src=|https?:\/\/(?!localhost)/i);
  });
});
