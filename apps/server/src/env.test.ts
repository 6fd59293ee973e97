import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES, EnvSchema, loadConfig } from "./env";

const secret = "s".repeat(32);

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({ JWT_SECRET: secret });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(join(process.cwd(), "data"));
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.logLevel).toBe("info");
    expect(config.supportEmail).toBe("support@fitwise.app");
    expect(config.brandName).toBe("Fitwise");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.webDistDir.endsWith(join("apps", "web", "dist"))).toBe(true);
    expect(config.rateLimits.token.max).toBe(30);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/fitwise",
      DATABASE_URL: "postgres://u@db:5432/fitwise",
      JWT_SECRET: secret,
      REDIS_URL: "redis://cache:6379",
      LOG_LEVEL: "warn",
      PUBLIC_URL: "https://fit.example/",
      TRUST_PROXY: "true",
      RATE_LIMIT_TOKEN_PER_MINUTE: "5",
      RATE_LIMIT_SIGNUP_PER_MINUTE: "2",
      SUPPORT_EMAIL: "help@fit.example",
      BRAND_NAME: "FitCo",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/fitwise",
      databaseUrl: "postgres://u@db:5432/fitwise",
      jwtSecret: secret,
      redisUrl: "redis://cache:6379",
      logLevel: "warn",
      publicUrl: "https://fit.example",
      trustProxy: true,
      rateLimits: { token: { max: 5 }, signup: { max: 2 } },
      supportEmail: "help@fit.example",
      brandName: "FitCo",
    });
  });

  it.each([
    ["PORT", "not-a-port"],
    ["PORT", "70000"],
    ["JWT_SECRET", "too-short"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "http://cache"],
    ["LOG_LEVEL", "loud"],
    ["PUBLIC_URL", "ftp://fit.example"],
    ["SUPPORT_EMAIL", "not-an-email"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => loadConfig({ JWT_SECRET: secret, [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("resolves a relative DATA_DIR against the directory npm was run in", () => {
    expect(loadConfig({ JWT_SECRET: secret, INIT_CWD: "/srv/fitwise" }).dataDir).toBe("/srv/fitwise/data");
    expect(loadConfig({ JWT_SECRET: secret, INIT_CWD: "/srv/fitwise", DATA_DIR: "state" }).dataDir).toBe(
      "/srv/fitwise/state",
    );
  });

  it("treats empty strings as unset", () => {
    const config = loadConfig({ JWT_SECRET: secret, DATABASE_URL: "", REDIS_URL: " " });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it("generates a JWT secret once, keeps it in DATA_DIR with mode 0600, and reuses it", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fitwise-env-"));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, "jwt-secret");
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(file, "utf8").trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("documents every variable it parses", () => {
    expect(Object.keys(ENV_VARIABLES).sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });
});
