import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { HttpError } from "./http/errors";
import { buildTestApp, describeWithDatabases, signUpThrough, testConfig } from "./test/test-app";
import { z } from "zod";

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "fitwise-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    "<!doctype html><head><title>Fitwise</title></head><div id=root></div>",
  );
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

describeWithDatabases("health check", ({ app }) => {
  it("reports the database as up", async () => {
    const response = await app().inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "up" });
  });
});

describe("health check with the database gone", () => {
  it("answers 503 database down", async () => {
    const app = await buildTestApp();
    await app.db.destroy();
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "error", database: "down" });
  });
});

describe("embedded database on disk", () => {
  it("keeps data across restarts and migrates a warm data dir without changes", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fitwise-data-"));
    // As a data folder of `npm start` begins: a copy of the build's initdb output (npm test builds first).
    cpSync(fileURLToPath(new URL("../dist/pglite-initdb", import.meta.url)), join(dataDir, "pg"), {
      recursive: true,
    });
    const config = testConfig({ dataDir });
    const first = await buildApp(config, { logger: false });
    const { email } = await signUpThrough(first);
    await first.close();
    const second = await buildApp(config, { logger: false });
    const user = await second.db.selectFrom("users").select("email").executeTakeFirst();
    await second.close();
    expect(user?.email).toBe(email);
    // Two real start-ups of PGlite on disk, with migrations, on a busy CI machine.
  }, 60_000);
});

describe("security headers and limits", () => {
  it("sends CSP, nosniff, frame-ancestors and Referrer-Policy, and no HSTS on http", async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: "GET", url: "/healthz" });
    await app.close();
    const csp = String(response.headers["content-security-policy"]);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends HSTS when the public URL is https", async () => {
    const app = await buildTestApp({ publicUrl: "https://fit.example" });
    const response = await app.inject({ method: "GET", url: "/healthz" });
    await app.close();
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: "POST",
      url: "/auth/v1/signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: "x".repeat(1_048_576) }),
    });
    await app.close();
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, error_code: "payload_too_large" });
  });
});

describe("the error handler", () => {
  async function appWithTestRoutes() {
    const app = await buildTestApp();
    app.get("/functions/v1/test-crash", async () => {
      throw new Error("connection to 10.0.0.7 refused: password for admin is hunter2");
    });
    app.get("/functions/v1/test-client-error", async () => {
      throw new HttpError(409, "plan_exists", "A plan already exists", [{ path: "day", message: "taken" }]);
    });
    app.post("/functions/v1/test-validate", async (request) => {
      z.object({ age: z.number().int().min(13) }).parse(request.body);
      return { ok: true };
    });
    return app;
  }

  it("hides the internals of a 5xx", async () => {
    const app = await appWithTestRoutes();
    const response = await app.inject({ method: "GET", url: "/functions/v1/test-crash" });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: "internal_error", message: "Internal server error" } });
    expect(response.body).not.toContain("hunter2");
  });

  it("passes client errors through with their code, message and issues", async () => {
    const app = await appWithTestRoutes();
    const response = await app.inject({ method: "GET", url: "/functions/v1/test-client-error" });
    const invalid = await app.inject({
      method: "POST",
      url: "/functions/v1/test-validate",
      payload: { age: 9 },
    });
    const badJson = await app.inject({
      method: "POST",
      url: "/functions/v1/test-validate",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    const poisoned = await app.inject({
      method: "POST",
      url: "/functions/v1/test-validate",
      headers: { "content-type": "application/json" },
      payload: '{"age": 30, "__proto__": {"admin": true}}',
    });
    await app.close();
    expect(poisoned.statusCode).toBe(400);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: "plan_exists",
        message: "A plan already exists",
        issues: [{ path: "day", message: "taken" }],
      },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "age" }] } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ error: { code: "bad_json" } });
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const app = await appWithTestRoutes();
    const response = await app.inject({ method: "POST", url: "/functions/v1/nope" });
    await app.close();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("serving the web app", () => {
  const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

  it("serves index.html for every client route a browser navigates to, uncached", async () => {
    const app = await buildTestApp({ webDistDir: webDist() });
    const routes = [
      "/",
      "/signup",
      "/signin",
      "/goal",
      "/userinfo",
      "/user-info",
      "/mealplanpreferences",
      "/diet",
      "/workouts",
      "/saved",
      "/fulldiet/5d1c1a0e-2b7a-4c1e-9f4e-1f2a3b4c5d6e",
      "/fullworkout/5d1c1a0e-2b7a-4c1e-9f4e-1f2a3b4c5d6e",
      "/beginnerguide",
      "/updatemyinfo",
      "/terms?source=ad",
    ];
    for (const url of routes) {
      const response = await app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toContain("<div id=root>");
    }
    await app.close();
  });

  it("writes the operator's brand and support address into index.html, escaped", async () => {
    const app = await buildTestApp({
      webDistDir: webDist(),
      brandName: 'Gym "&" Co',
      supportEmail: "help@gym.example",
    });
    const response = await app.inject({ method: "GET", url: "/contact", headers: html });
    expect(response.body).toContain("<title>Gym &quot;&amp;&quot; Co</title>");
    const meta = /<meta name="fitwise-config" content="([^"]*)"/.exec(response.body);
    const decoded = (meta?.[1] ?? "")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&amp;/g, "&");
    expect(JSON.parse(decoded)).toEqual({ brandName: 'Gym "&" Co', supportEmail: "help@gym.example" });
    await app.close();
  });

  it("tells the web app Google sign-in and the outside links exist only when they are configured", async () => {
    const configOf = async (overrides: Parameters<typeof buildTestApp>[0]) => {
      const app = await buildTestApp({ webDistDir: webDist(), ...overrides });
      const response = await app.inject({ method: "GET", url: "/signin", headers: html });
      await app.close();
      const meta = /<meta name="fitwise-config" content="([^"]*)"/.exec(response.body)?.[1] ?? "";
      return JSON.parse(meta.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as Record<string, unknown>;
    };
    const unset = await configOf({});
    expect(unset.googleSignIn).toBeUndefined();
    expect(unset.links).toBeUndefined();
    const google = { clientId: "client", clientSecret: "secret", issuer: "https://accounts.google.com" };
    expect((await configOf({ google })).googleSignIn).toBe(true);
    const siteLinks = { blog: "https://blog.example.com", social: [] };
    expect((await configOf({ siteLinks })).links).toEqual(siteLinks);
  });

  it("sends the precompressed copy of an asset to a browser that accepts it", async () => {
    const dist = webDist();
    const script = "console.log('app');".repeat(200);
    writeFileSync(join(dist, "assets", "big-abc123.js"), script);
    writeFileSync(join(dist, "assets", "big-abc123.js.br"), brotliCompressSync(script));
    const app = await buildTestApp({ webDistDir: dist });
    const compressed = await app.inject({
      method: "GET",
      url: "/assets/big-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: "GET", url: "/assets/big-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    await app.close();
  });

  it("caches hashed assets for a year and serves other files revalidated", async () => {
    const app = await buildTestApp({ webDistDir: webDist() });
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    const missingAsset = await app.inject({ method: "GET", url: "/assets/gone-123.js", headers: html });
    await app.close();
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    expect(missingAsset.statusCode).toBe(404);
  });

  it("never answers API paths with the SPA", async () => {
    const app = await buildTestApp({ webDistDir: webDist() });
    const auth = await app.inject({ method: "GET", url: "/auth/v1/unknown", headers: html });
    const fn = await app.inject({ method: "GET", url: "/functions/v1/unknown", headers: html });
    const health = await app.inject({ method: "GET", url: "/healthz/deep", headers: html });
    await app.close();
    expect(auth.statusCode).toBe(404);
    expect(auth.json()).toMatchObject({ code: 404, error_code: "not_found" });
    expect(fn.statusCode).toBe(404);
    expect(fn.json()).toMatchObject({ error: { code: "not_found" } });
    expect(health.statusCode).toBe(404);
    expect(health.headers["content-type"]).toMatch(/application\/json/);
  });

  it("says the web app is not built when index.html is missing", async () => {
    const app = await buildTestApp({ webDistDir: mkdtempSync(join(tmpdir(), "fitwise-empty-")) });
    const response = await app.inject({ method: "GET", url: "/diet", headers: html });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toMatch(/text\/plain/);
    expect(response.body).toContain("npm run build");
  });
});
