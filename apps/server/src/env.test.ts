import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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
    expect(config.backgroundJobs).toBe(true);
  });

  it.each([
    ["false", false],
    ["0", false],
    ["true", true],
    ["", true],
  ])("reads BACKGROUND_JOBS=%j as %s", (value, expected) => {
    expect(loadConfig({ JWT_SECRET: secret, BACKGROUND_JOBS: value }).backgroundJobs).toBe(expected);
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
      TRUST_PROXY: "2",
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
      trustProxy: 2,
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
    ["BACKGROUND_JOBS", "sometimes"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => loadConfig({ JWT_SECRET: secret, [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("reads the landing page's outside links, https only, and leaves out what is unset", () => {
    const links = loadConfig({
      JWT_SECRET: secret,
      COMMUNITY_URL: "https://discord.gg/fit",
      SOCIAL_LINKS: " Instagram=https://instagram.com/fit , YouTube=https://youtube.com/@fit",
    }).siteLinks;
    expect(links).toEqual({
      community: "https://discord.gg/fit",
      social: [
        { name: "Instagram", url: "https://instagram.com/fit" },
        { name: "YouTube", url: "https://youtube.com/@fit" },
      ],
    });
    expect(loadConfig({ JWT_SECRET: secret }).siteLinks).toEqual({ social: [] });
    for (const [name, value] of [
      ["BLOG_URL", "http://blog.example.com"],
      ["APP_STORE_URL", "javascript:alert(1)"],
      ["SOCIAL_LINKS", "Instagram"],
      ["SOCIAL_LINKS", "X=http://x.com/fit"],
    ] as const)
      expect(() => loadConfig({ JWT_SECRET: secret, [name]: value }), value).toThrow(
        new RegExp(`\\b${name}\\b`),
      );
  });

  it("reads TRUST_PROXY as a hop count or the proxies' addresses, and refuses true", () => {
    const trust = (value: string | undefined) =>
      loadConfig({ JWT_SECRET: secret, TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("10.0.0.1, 10.1.0.0/16,fd00::/8, loopback")).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
    expect(() => trust("true")).toThrow(/TRUST_PROXY: true trusts every X-Forwarded-For hop/);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.1,proxy.internal", "-1", "21"])
      expect(() => trust(bad)).toThrow(/TRUST_PROXY: must be a number of proxies/);
  });

  it("reads the session lifetime in hours: 30 days and 7 idle days unless set, a year at most", () => {
    const limits = (env: Record<string, string>) => loadConfig({ JWT_SECRET: secret, ...env }).sessionLimits;
    const hour = 3_600_000;
    expect(limits({})).toEqual({ maxAgeMs: 720 * hour, idleMs: 168 * hour });
    expect(limits({ SESSION_MAX_AGE_HOURS: "24", SESSION_IDLE_TIMEOUT_HOURS: "0.5" })).toEqual({
      maxAgeMs: 24 * hour,
      idleMs: 0.5 * hour,
    });
    for (const bad of ["0", "-1", "8761", "soon"])
      expect(() => limits({ SESSION_MAX_AGE_HOURS: bad })).toThrow(/SESSION_MAX_AGE_HOURS/);
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

  it("lists every variable in README's configuration table, in the same words", () => {
    const readme = readFileSync(
      resolve(dirname(fileURLToPath(import.meta.url)), "../../../README.md"),
      "utf8",
    );
    const rows = [...readme.matchAll(/^\| `([A-Z0-9_]+)` +\| (.*?) +\|$/gm)].map(([, name, meaning]) => [
      name,
      meaning,
    ]);
    expect(Object.fromEntries(rows)).toEqual(ENV_VARIABLES);
  });
});

describe("BRAND_HOSTS", () => {
  const load = (value: string) => loadConfig({ JWT_SECRET: secret, BRAND_HOSTS: value });

  it("maps host names and sub-domain patterns to brands", () => {
    const config = load(
      JSON.stringify({
        "fit.example.com": {
          name: " FitCo ",
          logoUrl: "https://cdn.example.com/fitco.png",
          supportEmail: "help@fit.example.com",
        },
        "*.gym.example": { name: "GymPal", logoUrl: "/favicon.svg" },
        "127.0.0.1": { name: "Local" },
      }),
    );
    expect(config.brandHosts).toEqual({
      "fit.example.com": {
        name: "FitCo",
        logoUrl: "https://cdn.example.com/fitco.png",
        supportEmail: "help@fit.example.com",
      },
      "*.gym.example": { name: "GymPal", logoUrl: "/favicon.svg" },
      "127.0.0.1": { name: "Local" },
    });
  });

  it("is empty when unset or blank", () => {
    expect(loadConfig({ JWT_SECRET: secret }).brandHosts).toEqual({});
    expect(load("  ").brandHosts).toEqual({});
  });

  it.each([
    ["not JSON", "{fit.example.com: FitCo}", /^Invalid environment: BRAND_HOSTS: must be a JSON object/],
    ["a JSON array", '[{"name":"FitCo"}]', /^Invalid environment: BRAND_HOSTS: must be a JSON object/],
    [
      "a host with a port",
      '{"fit.example.com:443":{"name":"FitCo"}}',
      /BRAND_HOSTS\["fit\.example\.com:443"\]: .*without a port/,
    ],
    [
      "an upper-case host",
      '{"Fit.Example.com":{"name":"FitCo"}}',
      /BRAND_HOSTS\["Fit\.Example\.com"\]: must be a lower-case/,
    ],
    ["a wildcard in the middle", '{"fit.*.com":{"name":"FitCo"}}', /BRAND_HOSTS\["fit\.\*\.com"\]/],
    ["an empty name", '{"fit.example.com":{"name":" "}}', /BRAND_HOSTS\["fit\.example\.com"\]\["name"\]/],
    [
      "a name over 40 characters",
      `{"fit.example.com":{"name":"${"x".repeat(41)}"}}`,
      /BRAND_HOSTS\["fit\.example\.com"\]\["name"\]/,
    ],
    [
      "an http logo",
      '{"fit.example.com":{"name":"FitCo","logoUrl":"http://cdn.example.com/a.png"}}',
      /BRAND_HOSTS\["fit\.example\.com"\]\["logoUrl"\]: must be an https URL or a path/,
    ],
    [
      "a javascript: logo",
      '{"fit.example.com":{"name":"FitCo","logoUrl":"javascript:alert(1)"}}',
      /\["logoUrl"\]: must be an https URL/,
    ],
    [
      "a data: logo",
      '{"fit.example.com":{"name":"FitCo","logoUrl":"data:image/png;base64,AAAA"}}',
      /\["logoUrl"\]: must be an https URL/,
    ],
    [
      "a protocol-relative logo",
      '{"fit.example.com":{"name":"FitCo","logoUrl":"//evil.example/a.png"}}',
      /\["logoUrl"\]: must be an https URL/,
    ],
    [
      "a logo host that would bend the CSP",
      '{"fit.example.com":{"name":"FitCo","logoUrl":"https://cdn.example;script-src/a.png"}}',
      /\["logoUrl"\]: must be an https URL/,
    ],
    [
      "a bad support address",
      '{"fit.example.com":{"name":"FitCo","supportEmail":"help"}}',
      /\["supportEmail"\]/,
    ],
    [
      "a misspelt field",
      '{"fit.example.com":{"name":"FitCo","logo":"/a.png"}}',
      /BRAND_HOSTS\["fit\.example\.com"\]: Unrecognized key: "logo"/,
    ],
  ])("stops start-up on %s, naming the variable", (_case, value, message) => {
    expect(() => load(value)).toThrow(message);
  });
});
