import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "@fitwise/contracts/routes";
import { routesOf } from "./test/registered-routes";
import { buildTestApp } from "./test/test-app";

/** A built web app's two files the server reads itself, so the page routes are registered too. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "fitwise-web-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><html><head><title>Fitwise</title></head></html>");
  writeFileSync(join(dir, "manifest.webmanifest"), JSON.stringify({ name: "Fitwise" }));
  return dir;
}

/**
 * The route table of @fitwise/contracts/routes is what the routes outside /functions/v1 are registered
 * through and what the API documentation is generated from: it must name exactly the routes the server
 * serves (with the test payment provider and a built web app, every route there is).
 */
describe("route table", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ webDistDir: webDist() });
  });
  afterAll(async () => {
    await app.close();
  });

  it("names exactly the routes the server registers outside /functions/v1", () => {
    const registered = routesOf(app)
      .filter((route) => !route.url.startsWith("/functions/v1/"))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(Object.keys(ROUTES).sort());
  });

  it("puts a route in the auth family exactly when it is under /auth/v1", () => {
    for (const [key, route] of Object.entries(ROUTES)) {
      expect(route.family === "auth", key).toBe(key.split(" ")[1]?.startsWith("/auth/v1/"));
    }
  });
});
