import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { HostBrand, SiteLinks } from "../env";
import { defineRoute } from "./define-route";
import { HttpError, sendError } from "./errors";

/** Paths owned by the API: never answered with the SPA, even for a browser navigation. */
const API_PREFIXES = ["/auth/v1", "/functions/v1", "/healthz", "/webhooks", "/api"];

function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function wantsSpa(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "/";
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (isApiPath(path) || path.startsWith("/assets/")) return false;
  return (request.headers.accept ?? "").includes("text/html");
}

const NOT_BUILT_PAGE =
  "The web app is not built yet.\n\nRun `npm run build` (or `npm start`, which builds it first) and reload this page.\n";

export interface SiteConfig {
  brandName: string;
  supportEmail: string;
  /** Absent: the web app draws its built-in logo. */
  logoUrl?: string;
  /** Present only when Google sign-in is configured, so the sign-in pages offer only what can finish. */
  googleSignIn?: true;
  /** The configured outside links (blog, community, stores, social); absent when none is set. */
  links?: SiteLinks;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Meta tags that name the product where the browser shows it (share cards, home-screen icons). */
const BRAND_META_TAG = /<meta\b[^>]*\b(?:name|property)="(?:og:site_name|apple-mobile-web-app-title)"[^>]*>/g;

/**
 * index.html with the operator's settings in a meta tag the web app reads at start-up
 * (apps/web/src/lib/site-config.ts), so the brand, logo and support address need no rebuild.
 */
export function renderIndexHtml(html: string, site: SiteConfig): string {
  const brand = escapeHtml(site.brandName);
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${brand}</title>`)
    .replace(BRAND_META_TAG, (tag) => tag.replace(/\bcontent="[^"]*"/, () => `content="${brand}"`))
    .replace(
      "</head>",
      () => `    <meta name="fitwise-config" content="${escapeHtml(JSON.stringify(site))}" />\n  </head>`,
    );
}

/**
 * The configured pattern for a request's host name: the exact name first, then the closest "*." pattern
 * (a.b.example.com tries *.b.example.com before *.example.com). Undefined: the default brand.
 */
function matchBrandHost(patterns: ReadonlyMap<string, unknown>, hostname: string): string | undefined {
  // Host names are case-insensitive, and "example.com." (fully qualified) is the same host.
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (patterns.has(host)) return host;
  for (let dot = host.indexOf("."); dot !== -1; dot = host.indexOf(".", dot + 1)) {
    const wildcard = `*${host.slice(dot)}`;
    if (patterns.has(wildcard)) return wildcard;
  }
  return undefined;
}

/**
 * index.html rendered at start-up once per configured host pattern and once for every other host:
 * rendering per Host header on demand would let clients grow the server's memory with made-up names.
 * A brand's missing logo and support address fall back to the built-in logo and SUPPORT_EMAIL.
 */
export function indexPages(html: string, fallback: SiteConfig, brandHosts: Record<string, HostBrand> = {}) {
  const pages = new Map(
    Object.entries(brandHosts).map(([pattern, brand]) => [
      pattern,
      renderIndexHtml(html, {
        brandName: brand.name,
        supportEmail: brand.supportEmail ?? fallback.supportEmail,
        ...(brand.logoUrl ? { logoUrl: brand.logoUrl } : {}),
        ...(fallback.googleSignIn ? { googleSignIn: true as const } : {}),
        ...(fallback.links ? { links: fallback.links } : {}),
      }),
    ]),
  );
  const fallbackPage = renderIndexHtml(html, fallback);
  return {
    /** The brand name the page for this host carries. */
    brandForHost(hostname: string | undefined): string {
      const pattern = hostname ? matchBrandHost(pages, hostname) : undefined;
      return (pattern === undefined ? undefined : brandHosts[pattern]?.name) ?? fallback.brandName;
    },
    /** Whether BRAND_HOSTS names this host (exactly or by a *. pattern). */
    isBrandHost(hostname: string | undefined): boolean {
      return hostname !== undefined && matchBrandHost(pages, hostname) !== undefined;
    },
    /** Rendered pages held, the default one included. */
    get size(): number {
      return pages.size + 1;
    },
    forHost(hostname: string | undefined): string {
      const pattern = hostname ? matchBrandHost(pages, hostname) : undefined;
      return (pattern === undefined ? undefined : pages.get(pattern)) ?? fallbackPage;
    },
  };
}

/** A shared plan's page: /fulldiet/{id} or /fullworkout/{id} (docs/product.md §3). */
const PUBLIC_PLAN_PATH = /^\/(fulldiet|fullworkout)\/([^/?#]+)\/?$/;

export type PublicPlanKind = "diet" | "workout";

/** The title and summary of a public plan, or undefined when there is none by that id. */
export type DescribePublicPlan = (
  kind: PublicPlanKind,
  id: string,
  brandName: string,
) => Promise<{ title: string; description: string } | undefined>;

/** The Open Graph picture (apps/web/public/og-image.png), 1200 × 630 as the large summary card wants. */
const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 };

/**
 * Open Graph and Twitter card tags for a shared plan, so a link pasted into a chat or a post shows a
 * preview: crawlers do not run the app's JavaScript, so the server writes them into index.html.
 */
export function shareMetaTags(options: {
  origin: string;
  path: string;
  brandName: string;
  title: string;
  description: string;
}): string {
  const { origin, path, brandName, title, description } = options;
  const image = `${origin}${SHARE_IMAGE.path}`;
  const tags: Array<[string, string, string]> = [
    ["property", "og:type", "website"],
    ["property", "og:url", `${origin}${path}`],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:image", image],
    ["property", "og:image:width", String(SHARE_IMAGE.width)],
    ["property", "og:image:height", String(SHARE_IMAGE.height)],
    ["property", "og:image:alt", `${brandName}: meal plans, workouts and a 24/7 AI personal trainer`],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
  ];
  const rendered = tags
    .map(([attribute, key, value]) => `    <meta ${attribute}="${key}" content="${escapeHtml(value)}" />`)
    .join("\n");
  return `    <meta name="description" content="${escapeHtml(description)}" />\n${rendered}\n`;
}

/** index.html with a shared plan's preview tags; its generic description gives way to the plan's. */
function withShareMeta(page: string, tags: string): string {
  return page
    .replace(/<meta\s+name="description"[^>]*>\s*/, () => "")
    .replace("</head>", () => `${tags}  </head>`);
}

/** Origins of configured logos on other servers, which the CSP's img-src must allow. */
export function brandLogoOrigins(brandHosts: Record<string, HostBrand> = {}): string[] {
  const origins = Object.values(brandHosts).flatMap((brand) =>
    brand.logoUrl?.startsWith("https://") ? [new URL(brand.logoUrl).origin] : [],
  );
  return [...new Set(origins)];
}

/**
 * Serves the built Vite app: hashed files under /assets are cached for a year, everything else is
 * revalidated; any other HTML navigation gets index.html so client-side routes survive a reload.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  site: SiteConfig,
  brandHosts: Record<string, HostBrand> = {},
  describePublicPlan?: DescribePublicPlan,
  /** PUBLIC_URL: the origin share previews link to. */
  publicUrl = "http://localhost:3000",
): Promise<void> {
  const indexFile = join(webDistDir, "index.html");
  const pages = existsSync(indexFile)
    ? indexPages(readFileSync(indexFile, "utf8"), site, brandHosts)
    : undefined;
  // Behind TRUST_PROXY, request.hostname comes from X-Forwarded-Host; either way it has no port.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .header("Cache-Control", "no-store")
        .send(NOT_BUILT_PAGE);
    }
    const page = pages.forHost(request.hostname);
    const path = request.url.split("?")[0] ?? "/";
    const shared = PUBLIC_PLAN_PATH.exec(path);
    if (!shared) {
      return reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(page);
    }
    return sendSharedPlan(request, reply, page, path, shared);
  };
  const sendSharedPlan = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: string,
    path: string,
    [, route, id = ""]: RegExpExecArray,
  ) => {
    const brandName = pages?.brandForHost(request.hostname) ?? site.brandName;
    const kind: PublicPlanKind = route === "fulldiet" ? "diet" : "workout";
    const described = describePublicPlan ? await describePublicPlan(kind, id, brandName) : undefined;
    const preview = described ?? {
      title: kind === "diet" ? `${brandName}AI's Diet Plan` : "Your Workout Plan",
      description: `A ${kind === "diet" ? "meal" : "workout"} plan shared from ${brandName}.`,
    };
    // Never the Host header as it came: a preview cached by a shared cache or a link unfurler would
    // point everyone at whatever host one request named. PUBLIC_URL, or a host BRAND_HOSTS names
    // (README "Branding per host"), with PUBLIC_URL's protocol.
    const publicOrigin = new URL(publicUrl);
    const origin = pages?.isBrandHost(request.hostname)
      ? `${publicOrigin.protocol}//${request.hostname}`
      : publicOrigin.origin;
    const tags = shareMetaTags({ origin, path, brandName, ...preview });
    return reply
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(withShareMeta(page, tags));
  };
  if (pages) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      // apps/web/scripts/precompress.ts writes .br/.gz beside each asset at build time.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(join(webDistDir, "assets"));
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (!wantsSpa(request)) {
      return sendError(
        request,
        reply,
        new HttpError(404, "not_found", `Route ${request.method} ${request.url.split("?")[0]} not found`),
      );
    }
    return sendIndex(request, reply);
  });

  if (pages) {
    defineRoute(app, "GET /", {}, async (request, reply) => sendIndex(request, reply));
    defineRoute(app, "GET /index.html", {}, async (request, reply) => sendIndex(request, reply));
  }

  const manifestFile = join(webDistDir, "manifest.webmanifest");
  if (pages && existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, unknown>;
    const brandedManifests = new Map<string, string>();
    // The installed app is named like the page's title: the brand of the host it was installed from.
    defineRoute(app, "GET /manifest.webmanifest", {}, async (request, reply) => {
      const brandName = pages.brandForHost(request.hostname);
      let body = brandedManifests.get(brandName);
      if (body === undefined) {
        body = JSON.stringify({ ...manifest, name: brandName, short_name: brandName });
        brandedManifests.set(brandName, body);
      }
      return reply
        .header("Cache-Control", "no-cache")
        .type("application/manifest+json; charset=utf-8")
        .send(body);
    });
  }
}
