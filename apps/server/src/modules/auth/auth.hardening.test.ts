import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../env";
import { confirmLinkIn, startSmtpServer } from "../../test/smtp-server.fixture";
import {
  buildTestApp,
  describeWithDatabases,
  openTestPGlite,
  signUpThrough,
  testConfig,
} from "../../test/test-app";

const secret = "s".repeat(32);

describe("the start-up warnings for an https PUBLIC_URL", () => {
  it("name the test payment provider and auto-confirmed e-mail", () => {
    const warnings = loadConfig({
      JWT_SECRET: secret,
      DATA_DIR: ":memory:",
      PUBLIC_URL: "https://fit.example",
    }).startupWarnings;
    expect(warnings).toEqual([
      expect.stringContaining("PAYMENTS_PROVIDER is test"),
      expect.stringContaining("AUTH_CONFIRM_EMAIL is off"),
    ]);
    const confirmed = loadConfig({
      JWT_SECRET: secret,
      DATA_DIR: ":memory:",
      PUBLIC_URL: "https://fit.example",
      AUTH_CONFIRM_EMAIL: "true",
    }).startupWarnings;
    expect(confirmed).toEqual([expect.stringContaining("PAYMENTS_PROVIDER is test")]);
    // Plain http (a developer's machine) warns about neither.
    expect(loadConfig({ JWT_SECRET: secret, DATA_DIR: ":memory:" }).startupWarnings).toEqual([]);
  });

  it("are logged at start", async () => {
    const stream = new PassThrough();
    let text = "";
    stream.on("data", (chunk: Buffer) => (text += chunk.toString()));
    const config = loadConfig({
      JWT_SECRET: secret,
      DATA_DIR: ":memory:",
      PUBLIC_URL: "https://fit.example",
    });
    const app = await buildApp(
      { ...config, logLevel: "warn" },
      { database: await openTestPGlite(), logStream: stream },
    );
    await app.close();
    expect(text).toContain("PAYMENTS_PROVIDER is test");
    expect(text).toContain("AUTH_CONFIRM_EMAIL is off");
  });
});

describe("the start-up warning for a multi-instance set-up", () => {
  it("names a defaulted JWT_SECRET and PUBLIC_URL when DATABASE_URL is set", () => {
    const warnings = loadConfig({
      DATABASE_URL: "postgres://u@db/fitwise",
      DATA_DIR: ":memory:",
    }).startupWarnings;
    expect(warnings).toHaveLength(1);
    expect(warnings?.[0]).toContain("JWT_SECRET");
    expect(warnings?.[0]).toContain("PUBLIC_URL");
    expect(
      loadConfig({
        DATABASE_URL: "postgres://u@db/fitwise",
        JWT_SECRET: secret,
        PUBLIC_URL: "https://a.example",
        PAYMENTS_PROVIDER: "lemonsqueezy",
        LEMONSQUEEZY_WEBHOOK_SECRET: "webhook-secret",
        LEMONSQUEEZY_API_KEY: "key",
        LEMONSQUEEZY_STORE_ID: "1",
        LEMONSQUEEZY_VARIANT_MONTHLY: "2",
        LEMONSQUEEZY_VARIANT_YEARLY: "3",
        LEMONSQUEEZY_CHECKOUT_URL: "https://fit.lemonsqueezy.com/checkout/buy",
        AUTH_CONFIRM_EMAIL: "true",
      }).startupWarnings,
    ).toEqual([]);
    expect(loadConfig({ JWT_SECRET: secret }).startupWarnings).toEqual([]);
  });

  it("is logged at warn level when the app starts", async () => {
    const stream = new PassThrough();
    let text = "";
    stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    const app = await buildApp(
      testConfig({ logLevel: "warn", startupWarnings: ["DATABASE_URL is set but PUBLIC_URL is not"] }),
      {
        database: await openTestPGlite(),
        logStream: stream,
      },
    );
    await app.close();
    expect(text).toContain('"level":40');
    expect(text).toContain("DATABASE_URL is set but PUBLIC_URL is not");
    // The first in-memory database of a test process runs initdb, which is slow on a busy machine.
  }, 120_000);
});

describe("refresh grants have their own bucket", () => {
  it("keeps refreshing while the same address is over the sign-in limit", async () => {
    const app = await buildTestApp({
      rateLimits: {
        token: { max: 2, windowMs: 60_000 },
        signup: { max: 1000, windowMs: 60_000 },
        refresh: { max: 5, windowMs: 60_000 },
      },
    });
    try {
      const user = await signUpThrough(app);
      const wrong = () =>
        app.inject({
          method: "POST",
          url: "/auth/v1/token?grant_type=password",
          payload: { email: user.email, password: "not the password" },
        });
      const signIns = [(await wrong()).statusCode, (await wrong()).statusCode, (await wrong()).statusCode];
      expect(signIns).toEqual([400, 400, 429]);
      let refreshToken = user.refreshToken;
      const refreshes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await app.inject({
          method: "POST",
          url: "/auth/v1/token?grant_type=refresh_token",
          payload: { refresh_token: refreshToken },
        });
        refreshes.push(response.statusCode);
        if (response.statusCode === 200)
          refreshToken = response.json<{ refresh_token: string }>().refresh_token;
      }
      expect(refreshes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});

describeWithDatabases("Cache-Control on auth and personal-data answers", ({ app, signUp }) => {
  const noStore = async (current: FastifyInstance, method: "GET" | "POST", url: string, token?: string) => {
    const response = await current.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(method === "POST" ? { payload: {} } : {}),
    });
    return response.headers["cache-control"];
  };

  it("answers no-store for tokens, the user, profile data, errors and webhooks", async () => {
    const user = await signUp();
    const signIn = await app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      payload: { refresh_token: user.refreshToken },
    });
    expect(signIn.headers["cache-control"]).toBe("no-store");
    expect(await noStore(app(), "GET", "/auth/v1/user", user.accessToken)).toBe("no-store");
    expect(await noStore(app(), "POST", "/functions/v1/get_user_data", user.accessToken)).toBe("no-store");
    expect(await noStore(app(), "POST", "/functions/v1/export_my_data", user.accessToken)).toBe("no-store");
    expect(await noStore(app(), "POST", "/functions/v1/get_user_data")).toBe("no-store");
    expect(await noStore(app(), "POST", "/webhooks/lemonsqueezy")).toBe("no-store");
  });
});

describe("sign-up with AUTH_CONFIRM_EMAIL does not reveal registered addresses", () => {
  it("answers a registered address as a new one and mails its owner a sign-in link", async () => {
    const smtp = await startSmtpServer();
    const app = await buildTestApp({ authConfirmEmail: true, smtpUrl: smtp.url });
    try {
      const signUp = (email: string) =>
        app.inject({
          method: "POST",
          url: "/auth/v1/signup",
          payload: { email, password: "correct horse battery staple", data: { full_name: "A" } },
        });
      const email = `owner-${Date.now()}@example.com`;
      const first = await signUp(email);
      const confirmation = await smtp.next(email, 0);
      const again = await signUp(email);
      const fresh = await signUp(`fresh-${Date.now()}@example.com`);
      for (const response of [first, again, fresh]) expect(response.statusCode).toBe(200);
      const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
      expect(shape(again.json())).toEqual(shape(fresh.json()));
      expect(again.json()).toMatchObject({ email, email_confirmed_at: null });
      expect(again.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
      // The owner (still unconfirmed) gets the confirmation again; after confirming, a sign-in link.
      const resent = await smtp.next(email, smtp.messages.indexOf(confirmation) + 1);
      expect(confirmLinkIn(resent).searchParams.get("type")).toBe("signup");
      const link = confirmLinkIn(resent);
      await app.inject({
        method: "POST",
        url: "/auth/v1/verify",
        payload: { type: "signup", token_hash: link.searchParams.get("token_hash") },
      });
      const before = smtp.messages.length;
      expect((await signUp(email)).statusCode).toBe(200);
      expect(confirmLinkIn(await smtp.next(email, before)).searchParams.get("type")).toBe("magiclink");
    } finally {
      await app.close();
      await smtp.close();
    }
  }, 120_000);
});
