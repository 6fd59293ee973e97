import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Every environment variable the server reads, with a one-line description (the README lists these). */
export const ENV_VARIABLES = {
  PORT: "HTTP port to listen on (default 3000).",
  HOST: "Interface to bind (default 0.0.0.0).",
  DATA_DIR:
    "Folder for the embedded database and the generated JWT secret (default ./data, relative to the directory npm start was run in).",
  DATABASE_URL: "PostgreSQL connection URL; when unset the embedded PGlite database in DATA_DIR/pg is used.",
  DATABASE_LISTEN_URL:
    "PostgreSQL URL for the one connection per instance that listens for deleted public plans (docs/scaling.md); it needs a session, so when DATABASE_URL goes through PgBouncer in transaction mode set a direct or session-mode URL here (default DATABASE_URL).",
  JWT_SECRET:
    "HS256 secret for access tokens, at least 32 characters; when unset one is generated into DATA_DIR/jwt-secret (mode 0600). It also keys the encryption of stored two-step (TOTP) secrets: keep it stable, or every enrolled user must have their factor deleted and enrol again.",
  REDIS_URL:
    "Redis URL for rate-limit counters shared by several server instances; in-memory counters when unset, and while Redis does not answer (each command gets 100 ms; the change is logged once each way).",
  LOG_LEVEL: "pino log level: fatal, error, warn, info, debug, trace or silent (default info).",
  NODE_ENV:
    "test or development: every function's answer is checked against its contract in packages/contracts before it is sent, and one that does not match is a 500 naming the field (tests set it; npm run dev sets development). Unset or production: not checked.",
  WEB_DIST_DIR:
    "Folder of the built web app to serve (default apps/web/dist of this checkout), e.g. a new build deployed beside the old one.",
  PUBLIC_URL:
    "Public origin of the app, e.g. https://fitwise.example (default http://localhost:PORT); sets the JWT issuer and enables HSTS when https.",
  TRUST_PROXY:
    "Proxies in front of the server: how many (e.g. 1), or their addresses (comma-separated IPs, CIDR ranges, loopback, linklocal, uniquelocal); client IPs then come from X-Forwarded-For, read from the right (default: none). true is refused: any client could pick its address.",
  RATE_LIMIT_TOKEN_PER_MINUTE: "Requests per minute and IP allowed on POST /auth/v1/token (default 30).",
  RATE_LIMIT_SIGNUP_PER_MINUTE: "Requests per minute and IP allowed on POST /auth/v1/signup (default 10).",
  SUPPORT_EMAIL: "Support address shown to users (default support@fitwise.app).",
  BRAND_NAME: "Product name shown to users (default Fitwise).",
  BRAND_HOSTS:
    'Brand per host name, as JSON, e.g. {"fit.example.com": {"name": "FitCo", "logoUrl": "/logo.svg"}} (see Branding per host below); other hosts get BRAND_NAME, as do account e-mails.',
  PAYMENTS_PROVIDER:
    "test (default): a local, clearly marked test checkout that sends the server signed webhooks, so upgrades work offline; lemonsqueezy: real Lemon Squeezy checkouts (needs every LEMONSQUEEZY_* below).",
  LEMONSQUEEZY_WEBHOOK_SECRET:
    "Signing secret of the Lemon Squeezy webhook (6-200 characters), checked against X-Signature; with the test provider, optional (a random one per process otherwise).",
  LEMONSQUEEZY_API_KEY: "Lemon Squeezy API key, used to cancel, resume and look up subscriptions.",
  LEMONSQUEEZY_STORE_ID: "Lemon Squeezy store id (restore purchase looks up subscriptions in this store).",
  LEMONSQUEEZY_VARIANT_MONTHLY: "Variant id of Pro monthly, as it appears in its checkout link.",
  LEMONSQUEEZY_VARIANT_YEARLY: "Variant id of Pro yearly, as it appears in its checkout link.",
  LEMONSQUEEZY_CHECKOUT_URL:
    "Checkout link base, e.g. https://fitwise.lemonsqueezy.com/checkout/buy (the variant id is appended).",
  LEMONSQUEEZY_API_URL: "Lemon Squeezy API base URL (default https://api.lemonsqueezy.com).",
  AI_BASE_URL:
    "Base URL of an OpenAI-compatible API for the trainer chat, e.g. https://api.openai.com/v1, http://127.0.0.1:8080/v1 (llama.cpp llama-server) or http://127.0.0.1:11434/v1 (Ollama); with AI_MODEL set, Alex uses the model, otherwise the offline brain.",
  AI_API_KEY: "API key sent to AI_BASE_URL (optional for local servers such as Ollama).",
  AI_MODEL: "Model name for the trainer chat, e.g. gpt-4o-mini; needed together with AI_BASE_URL.",
  OPEN_FOOD_FACTS_URL:
    "Base URL of Open Food Facts for the food diary's barcode lookup (default https://world.openfoodfacts.org).",
  AI_TIMEOUT_MS:
    "Time allowed for one model request in milliseconds (default 30000); a slower answer, a failure or output that is not a chat completion gets the offline brain's answer instead.",
  GOOGLE_CLIENT_ID:
    "OAuth client id for Sign in with Google; with GOOGLE_CLIENT_SECRET set, the Connect with Google buttons work.",
  GOOGLE_CLIENT_SECRET: "OAuth client secret for Sign in with Google.",
  GOOGLE_ISSUER:
    "OpenID Connect issuer whose discovery document is read (default https://accounts.google.com).",
  SMTP_URL:
    "SMTP server for account e-mails, e.g. smtps://user:pass@smtp.example.com:465; when unset, e-mails are written to DATA_DIR/outbox (the log names the file).",
  MAIL_FROM:
    'Sender of account e-mails (default "Fitwise" <no-reply@localhost>, with BRAND_NAME as the name).',
  BLOG_URL:
    "https address of the blog, linked in the signed-out header and on the landing page; hidden while unset.",
  COMMUNITY_URL:
    "https address of the community chat (e.g. a Discord invite), linked on the landing page; hidden while unset.",
  APP_STORE_URL: "https address of the iOS app in the App Store; its badge shows only when set.",
  GOOGLE_PLAY_URL: "https address of the Android app in Google Play; its badge shows only when set.",
  SOCIAL_LINKS:
    'Social profiles linked on the landing page, comma-separated Name=https-address pairs, e.g. "Instagram=https://instagram.com/fitwise,YouTube=https://youtube.com/@fitwise"; none while unset.',
  AUTH_CONFIRM_EMAIL:
    "Set to true to require new accounts to confirm their e-mail address before signing in (default false).",
  BACKGROUND_JOBS:
    "Set to false to run no background jobs (default true): plans a profile change leaves stale are re-planned when next opened rather than ahead of time, account e-mails are sent inside their request without retries, and each instance purges expired data on its own timer.",
  SESSION_MAX_AGE_HOURS:
    "Longest a sign-in lasts, refreshed or not, in hours (default 720, 30 days); then the refresh token is refused and the user signs in again.",
  SESSION_IDLE_TIMEOUT_HOURS:
    "A session whose refresh token was not used for this many hours ends (default 168, 7 days); an open app refreshes about hourly.",
} as const;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalHttpsUrl = optionalString.pipe(z.url({ protocol: /^https$/ }).optional());

/** SOCIAL_LINKS: "Name=https://…" pairs, comma-separated; the name is the link's text. */
const SocialLinksSchema = z
  .string()
  .trim()
  .transform((text, ctx): SiteLink[] => {
    if (text === "") return [];
    const links: SiteLink[] = [];
    for (const pair of text.split(",")) {
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const url = pair.slice(separator + 1).trim();
      if (separator < 1 || name.length > 40 || !z.url({ protocol: /^https$/ }).safeParse(url).success) {
        ctx.addIssue({ code: "custom", message: `"${pair.trim()}" is not Name=https://address` });
        return z.NEVER;
      }
      links.push({ name, url });
    }
    return links;
  })
  .default([]);

const HOST_NAME_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * An https URL, or a path on this server; "//host" and "/\host" lead off-site, so neither counts as a
 * path. The URL's host goes into the CSP's img-src, so only a plain host name will do there.
 */
const LogoUrl = z.union(
  [z.url({ protocol: /^https$/, hostname: z.regexes.hostname }), z.string().regex(/^\/(?![/\\])\S*$/)],
  "must be an https URL or a path starting with /",
);

const HostBrandSchema = z.strictObject({
  name: z.string().trim().min(1).max(40),
  logoUrl: LogoUrl.optional(),
  supportEmail: z.email().optional(),
});

const BrandHostsSchema = z
  .string()
  .trim()
  .transform((text, ctx): unknown => {
    if (text === "") return {};
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON object (not valid JSON)" });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(z.string(), HostBrandSchema, "must be a JSON object of host name to brand").check((ctx) => {
      for (const host of Object.keys(ctx.value)) {
        if (HOST_NAME_PATTERN.test(host) && host.length <= 253) continue;
        ctx.issues.push({
          code: "custom",
          input: host,
          path: [host],
          message: 'must be a lower-case host name without a port, optionally starting with "*."',
        });
      }
    }),
  )
  .optional();

/** A name proxy-addr (Fastify's trustProxy) knows, an IPv4/IPv6 address, or a CIDR range of either. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * false (the default: the connection's address), a hop count, or the proxies' addresses — never
 * "trust every hop", with which a client that writes its own first X-Forwarded-For entry picks the
 * address every per-IP limit and the MFA challenge's IP binding (decision 009) count.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === "" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 20) return hops;
    } else if (value === "true") {
      context.addIssue({
        code: "custom",
        message:
          "true trusts every X-Forwarded-For hop, so any client could choose its address: set the number of proxies in front of the server (e.g. 1) or their addresses",
      });
      return z.NEVER;
    } else {
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    context.addIssue({
      code: "custom",
      message:
        "must be a number of proxies (0-20) or a comma-separated list of IP addresses, CIDR ranges or loopback/linklocal/uniquelocal",
    });
    return z.NEVER;
  });

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_LISTEN_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["production", "development", "test"]).optional(),
  WEB_DIST_DIR: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: TrustProxySchema,
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_SIGNUP_PER_MINUTE: z.coerce.number().int().positive().default(10),
  SUPPORT_EMAIL: z.email().default("support@fitwise.app"),
  BRAND_NAME: z.string().trim().min(1).default("Fitwise"),
  BRAND_HOSTS: BrandHostsSchema,
  PAYMENTS_PROVIDER: z.enum(["test", "lemonsqueezy"]).default("test"),
  LEMONSQUEEZY_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(6, "must be at least 6 characters").max(200).optional(),
  ),
  LEMONSQUEEZY_API_KEY: optionalString,
  LEMONSQUEEZY_STORE_ID: optionalString,
  LEMONSQUEEZY_VARIANT_MONTHLY: optionalString,
  LEMONSQUEEZY_VARIANT_YEARLY: optionalString,
  LEMONSQUEEZY_CHECKOUT_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LEMONSQUEEZY_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.lemonsqueezy.com"),
  AI_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPEN_FOOD_FACTS_URL: z.url({ protocol: /^https?$/ }).default("https://world.openfoodfacts.org"),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default("https://accounts.google.com"),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalString,
  BLOG_URL: optionalHttpsUrl,
  COMMUNITY_URL: optionalHttpsUrl,
  APP_STORE_URL: optionalHttpsUrl,
  GOOGLE_PLAY_URL: optionalHttpsUrl,
  SOCIAL_LINKS: SocialLinksSchema,
  AUTH_CONFIRM_EMAIL: booleanFlag,
  BACKGROUND_JOBS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value !== "false" && value !== "0"),
  // One year at most: a longer sign-in is no limit at all. Defaults: see SESSION_LIMITS_DEFAULT.
  SESSION_MAX_AGE_HOURS: z.coerce.number().positive().max(8_760).optional(),
  SESSION_IDLE_TIMEOUT_HOURS: z.coerce.number().positive().max(8_760).optional(),
});

export interface RateLimitConfig {
  /** Requests allowed per window and client IP. */
  max: number;
  windowMs: number;
}

export type PaymentsConfig =
  | { provider: "test"; webhookSecret: string }
  | {
      provider: "lemonsqueezy";
      webhookSecret: string;
      apiKey: string;
      storeId: string;
      variants: { monthly: string; yearly: string };
      checkoutUrl: string;
      apiUrl: string;
    };

/** Sign in with Google (OpenID Connect); absent = the buttons say it is not configured. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Issuer URL without a trailing slash; its /.well-known/openid-configuration is read. */
  issuer: string;
}

/**
 * Refresh grants per minute and IP when a config names none. A browser refreshes about once an hour
 * per tab, so this leaves room for a whole office behind one address; it is apart from sign-ins, so a
 * password-guessing burst from that address does not log everyone else out.
 */
export const DEFAULT_REFRESH_LIMIT: RateLimitConfig = { max: 120, windowMs: 60_000 };

/** How long a session lives: from its sign-in at most maxAgeMs, and idleMs since its last refresh. */
export interface SessionLimits {
  maxAgeMs: number;
  idleMs: number;
}

const HOUR_MS = 3_600_000;

/**
 * 30 days from sign-in, 7 days without a refresh (decision 056). An open app refreshes about hourly
 * (ACCESS_TOKEN_TTL_SECONDS), so only a device left unused for a week signs in again, and a stolen refresh token
 * is good for at most a month even while its thief keeps it fresh. GoTrue has both knobs
 * (GOTRUE_SESSIONS_TIMEBOX, GOTRUE_SESSIONS_INACTIVITY_TIMEOUT) but leaves them off; we do not.
 */
export const SESSION_LIMITS_DEFAULT: SessionLimits = { maxAgeMs: 720 * HOUR_MS, idleMs: 168 * HOUR_MS };

/** The trainer chat's model; absent = the offline brain (the default). */
export interface AiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface SiteLink {
  name: string;
  url: string;
}

/** BLOG_URL, COMMUNITY_URL, APP_STORE_URL, GOOGLE_PLAY_URL and SOCIAL_LINKS: https addresses, each optional. */
export interface SiteLinks {
  blog?: string;
  community?: string;
  appStore?: string;
  googlePlay?: string;
  social: SiteLink[];
}

/** The brand shown on one host name (BRAND_HOSTS); what it leaves out comes from BRAND_NAME and SUPPORT_EMAIL. */
export type HostBrand = z.infer<typeof HostBrandSchema>;

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path, or ":memory:" for an in-memory PGlite (tests). */
  dataDir: string;
  databaseUrl?: string;
  /** Absent: databaseUrl. Only read with databaseUrl. */
  databaseListenUrl?: string;
  jwtSecret: string;
  /** Function answers checked against their contracts before they leave (http/define-function.ts); absent: not. */
  checkAnswers?: boolean;
  redisUrl?: string;
  logLevel: string;
  webDistDir: string;
  publicUrl: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (TRUST_PROXY); never true. */
  trustProxy: false | number | string[];
  /** token: sign-ins on POST /token; refresh: refresh grants there (absent: DEFAULT_REFRESH_LIMIT). */
  rateLimits: { token: RateLimitConfig; signup: RateLimitConfig; refresh?: RateLimitConfig };
  /** Key prefix for shared rate-limit counters, so apps on one Redis can be kept apart (tests). */
  rateLimitNamespace: string;
  supportEmail: string;
  brandName: string;
  /** Host name or "*.domain" → brand; absent or empty: every host gets brandName. */
  brandHosts?: Record<string, HostBrand>;
  /** Absent (tests that build a config by hand): the test provider with a secret made per process. */
  payments?: PaymentsConfig;
  /** Absent: Alex answers with the offline brain. */
  ai?: AiConfig;
  /** Open Food Facts for barcode lookups; absent (tests that build a config by hand): lookups are off. */
  openFoodFactsUrl?: string;
  /** Absent: Google sign-in is off. */
  google?: GoogleConfig;
  /** Absent: account e-mails go to DATA_DIR/outbox. */
  smtpUrl?: string;
  /** Absent: `"<brandName>" <no-reply@localhost>`. */
  mailFrom?: string;
  /** Absent or false: new accounts are confirmed at sign-up. */
  authConfirmEmail?: boolean;
  /** Whether the job queue runs (docs/decisions/070, 077); off, stale plans are re-planned when read, e-mails sent inline (BACKGROUND_JOBS). */
  backgroundJobs: boolean;
  /** Absent: SESSION_LIMITS_DEFAULT. */
  sessionLimits?: SessionLimits;
  /** Links the landing page and header show; each one absent is hidden (absent: none). */
  siteLinks?: SiteLinks;
  /** How long a profile answer is reused (absent: PROFILE_CACHE_TTL_MS); 0 reads the database every time. */
  profileCacheTtlMs?: number;
  /** Socket time limits instead of app.ts SOCKET_TIMEOUTS (tests use short ones). */
  socketTimeouts?: { connectionMs?: number; requestMs?: number; keepAliveMs?: number };
  /** Set-up mistakes worth a warning at start (logged by buildApp). */
  startupWarnings?: string[];
}

const defaultWebDistDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/** A generated secret is kept in DATA_DIR so tokens survive restarts; only the owner may read it. */
function readOrCreateJwtSecret(dataDir: string): string {
  if (dataDir === ":memory:") return randomBytes(32).toString("base64url");
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}

const LEMONSQUEEZY_REQUIRED = [
  "LEMONSQUEEZY_WEBHOOK_SECRET",
  "LEMONSQUEEZY_API_KEY",
  "LEMONSQUEEZY_STORE_ID",
  "LEMONSQUEEZY_VARIANT_MONTHLY",
  "LEMONSQUEEZY_VARIANT_YEARLY",
  "LEMONSQUEEZY_CHECKOUT_URL",
] as const;

/** Both AI_BASE_URL and AI_MODEL switch the model on; one without the other is a mistake worth naming. */
function aiConfig(e: z.infer<typeof EnvSchema>): AiConfig | undefined {
  if (e.AI_BASE_URL === undefined && e.AI_MODEL === undefined) return undefined;
  if (e.AI_BASE_URL === undefined || e.AI_MODEL === undefined) {
    const missing = e.AI_BASE_URL === undefined ? "AI_BASE_URL" : "AI_MODEL";
    throw new Error(
      `Invalid environment: ${missing}: required when the other of AI_BASE_URL and AI_MODEL is set`,
    );
  }
  return {
    baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
    // Local OpenAI-compatible servers ignore the key, but the client insists on one.
    apiKey: e.AI_API_KEY ?? "not-needed",
    model: e.AI_MODEL,
    timeoutMs: e.AI_TIMEOUT_MS,
  };
}

/** Both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET switch Google sign-in on; one alone is a mistake worth naming. */
function googleSection(e: z.infer<typeof EnvSchema>): { google?: GoogleConfig } {
  if (e.GOOGLE_CLIENT_ID === undefined && e.GOOGLE_CLIENT_SECRET === undefined) return {};
  if (e.GOOGLE_CLIENT_ID === undefined || e.GOOGLE_CLIENT_SECRET === undefined) {
    const missing = e.GOOGLE_CLIENT_ID === undefined ? "GOOGLE_CLIENT_ID" : "GOOGLE_CLIENT_SECRET";
    throw new Error(
      `Invalid environment: ${missing}: required when the other of GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET is set`,
    );
  }
  return {
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER.replace(/\/+$/, ""),
    },
  };
}

function aiSection(e: z.infer<typeof EnvSchema>): { ai?: AiConfig } {
  const ai = aiConfig(e);
  return ai ? { ai } : {};
}

function paymentsConfig(e: z.infer<typeof EnvSchema>): PaymentsConfig {
  if (e.PAYMENTS_PROVIDER === "test") {
    // The test checkout signs its webhooks in-process, so a secret only this process knows will do.
    return {
      provider: "test",
      webhookSecret: e.LEMONSQUEEZY_WEBHOOK_SECRET ?? randomBytes(32).toString("hex"),
    };
  }
  const missing = LEMONSQUEEZY_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    const problems = missing.map((name) => `${name}: required when PAYMENTS_PROVIDER=lemonsqueezy`);
    throw new Error(`Invalid environment: ${problems.join("; ")}`);
  }
  const required = (name: (typeof LEMONSQUEEZY_REQUIRED)[number]): string => e[name] ?? "";
  return {
    provider: "lemonsqueezy",
    webhookSecret: required("LEMONSQUEEZY_WEBHOOK_SECRET"),
    apiKey: required("LEMONSQUEEZY_API_KEY"),
    storeId: required("LEMONSQUEEZY_STORE_ID"),
    variants: {
      monthly: required("LEMONSQUEEZY_VARIANT_MONTHLY"),
      yearly: required("LEMONSQUEEZY_VARIANT_YEARLY"),
    },
    checkoutUrl: required("LEMONSQUEEZY_CHECKOUT_URL").replace(/\/+$/, ""),
    apiUrl: e.LEMONSQUEEZY_API_URL.replace(/\/+$/, ""),
  };
}

/** BRAND_HOSTS["fit.example.com"]["logoUrl"], not BRAND_HOSTS.fit.example.com.logoUrl: host names have dots. */
function issuePath(path: readonly PropertyKey[]): string {
  const [variable, ...rest] = path;
  return `${String(variable)}${rest.map((key) => `[${JSON.stringify(String(key))}]`).join("")}`;
}

/**
 * With DATABASE_URL several instances can share one database, and each must sign and check tokens
 * alike: a generated JWT_SECRET lives in each instance's own DATA_DIR, and a defaulted PUBLIC_URL
 * (http://localhost:PORT, the tokens' issuer) differs with each PORT. Either makes instances reject
 * each other's tokens, so both are named at start.
 */
function multiInstanceWarnings(e: z.infer<typeof EnvSchema>): string[] {
  if (!e.DATABASE_URL) return [];
  const defaulted = [
    ...(e.JWT_SECRET ? [] : ["JWT_SECRET (generated into this instance's DATA_DIR)"]),
    ...(e.PUBLIC_URL ? [] : ["PUBLIC_URL (defaults to http://localhost:PORT)"]),
  ];
  if (defaulted.length === 0) return [];
  return [
    `DATABASE_URL is set but ${defaulted.join(" and ")} ${defaulted.length > 1 ? "are" : "is"} not: ` +
      "server instances sharing this database will reject each other's tokens. Set the same value on every instance.",
  ];
}

/**
 * An https PUBLIC_URL means real users: the test checkout grants Pro to anyone who types the test
 * card (decision 007), and with auto-confirmed e-mail any sign-up holds an address nobody proved
 * (decision 043). Both are fine on localhost and worth a warning in production.
 */
function productionWarnings(e: z.infer<typeof EnvSchema>): string[] {
  if (!e.PUBLIC_URL?.startsWith("https://")) return [];
  return [
    ...(e.PAYMENTS_PROVIDER === "test"
      ? [
          "PUBLIC_URL is https but PAYMENTS_PROVIDER is test: the test checkout grants Pro to anyone who types the test card. Set PAYMENTS_PROVIDER=lemonsqueezy.",
        ]
      : []),
    ...(e.AUTH_CONFIRM_EMAIL
      ? []
      : [
          "PUBLIC_URL is https but AUTH_CONFIRM_EMAIL is off: new accounts are confirmed without proving their address. Set AUTH_CONFIRM_EMAIL=true (with SMTP_URL).",
        ]),
  ];
}

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace folder but records where it was invoked in
  // INIT_CWD, so `npm start` at the repository root keeps its data in ./data there.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir =
    e.DATA_DIR === ":memory:" || isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(baseDir, e.DATA_DIR);
  const minute = 60_000;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    ...(e.DATABASE_URL && e.DATABASE_LISTEN_URL ? { databaseListenUrl: e.DATABASE_LISTEN_URL } : {}),
    jwtSecret: e.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    logLevel: e.LOG_LEVEL,
    checkAnswers: e.NODE_ENV === "test" || e.NODE_ENV === "development",
    webDistDir: e.WEB_DIST_DIR ? resolve(baseDir, e.WEB_DIST_DIR) : defaultWebDistDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      token: { max: e.RATE_LIMIT_TOKEN_PER_MINUTE, windowMs: minute },
      signup: { max: e.RATE_LIMIT_SIGNUP_PER_MINUTE, windowMs: minute },
    },
    rateLimitNamespace: "fitwise-rate-limit-",
    supportEmail: e.SUPPORT_EMAIL,
    brandName: e.BRAND_NAME,
    brandHosts: e.BRAND_HOSTS ?? {},
    payments: paymentsConfig(e),
    ...aiSection(e),
    openFoodFactsUrl: e.OPEN_FOOD_FACTS_URL.replace(/\/+$/, ""),
    ...googleSection(e),
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    ...(e.MAIL_FROM ? { mailFrom: e.MAIL_FROM } : {}),
    authConfirmEmail: e.AUTH_CONFIRM_EMAIL,
    backgroundJobs: e.BACKGROUND_JOBS,
    sessionLimits: {
      maxAgeMs: (e.SESSION_MAX_AGE_HOURS ?? SESSION_LIMITS_DEFAULT.maxAgeMs / HOUR_MS) * HOUR_MS,
      idleMs: (e.SESSION_IDLE_TIMEOUT_HOURS ?? SESSION_LIMITS_DEFAULT.idleMs / HOUR_MS) * HOUR_MS,
    },
    siteLinks: {
      ...(e.BLOG_URL ? { blog: e.BLOG_URL } : {}),
      ...(e.COMMUNITY_URL ? { community: e.COMMUNITY_URL } : {}),
      ...(e.APP_STORE_URL ? { appStore: e.APP_STORE_URL } : {}),
      ...(e.GOOGLE_PLAY_URL ? { googlePlay: e.GOOGLE_PLAY_URL } : {}),
      social: e.SOCIAL_LINKS,
    },
    startupWarnings: [...multiInstanceWarnings(e), ...productionWarnings(e)],
  };
}
