import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
}

/**
 * index.html with the operator's settings in a meta tag the web app reads at start-up
 * (apps/web/src/lib/site-config.ts), so BRAND_NAME and SUPPORT_EMAIL need no rebuild.
 */
export function renderIndexHtml(html: string, site: SiteConfig): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(site.brandName)}</title>`)
    .replace(
      "</head>",
      () => `    <meta name="fitwise-config" content="${escape(JSON.stringify(site))}" />\n  </head>`,
    );
}

/**
 * Serves the built Vite app: hashed files under /assets are cached for a year, everything else is
 * revalidated; any other HTML navigation gets index.html so client-side routes survive a reload.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string, site: SiteConfig): Promise<void> {
  const indexFile = join(webDistDir, "index.html");
  const built = existsSync(indexFile);
  const indexHtml = built ? renderIndexHtml(readFileSync(indexFile, "utf8"), site) : "";
  const sendIndex = (reply: FastifyReply) =>
    reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  if (built) {
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
    if (!built) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .header("Cache-Control", "no-store")
        .send(NOT_BUILT_PAGE);
    }
    return sendIndex(reply);
  });

  if (built) {
    app.get("/", (_request, reply) => sendIndex(reply));
    app.get("/index.html", (_request, reply) => sendIndex(reply));
  }
}
