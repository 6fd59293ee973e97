import type { FastifyInstance } from "fastify";
import serverPackage from "../../../package.json" with { type: "json" };
import { defineRoute } from "../../http/define-route";
import { escapeHtml } from "../../http/spa";
import { contractOf, openApiDocument, type RegisteredRoute } from "./docs.service";

export const DOCS_PATH = "/api/docs";
export const OPENAPI_JSON_PATH = "/api/docs/openapi.json";

/**
 * Records every route as it is registered (an onRoute hook on the root sees the plugins' routes too), so the
 * document lists what the server really serves. Add it before any route; it only keeps method and URL.
 */
export function collectRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET; documenting it twice says nothing.
      if (method !== "HEAD") routes.push({ method, url: route.url });
    }
  });
  return routes;
}

export interface DocsRoutesOptions {
  routes: readonly RegisteredRoute[];
  brandName: string;
  publicUrl: string;
}

function docsPage(
  document: Record<string, unknown>,
  routes: readonly RegisteredRoute[],
  title: string,
): string {
  const rows = routes
    .filter((route) => !route.url.startsWith(DOCS_PATH))
    .map((route) => {
      const { name, contract } = contractOf(route);
      const label = route.url.startsWith("/functions/v1/") ? name : route.url;
      return `<tr><td><code>${escapeHtml(route.method)}</code></td><td><code>${escapeHtml(route.url)}</code></td><td>${escapeHtml(label)}</td><td>${escapeHtml(contract?.summary ?? "")}</td><td>${escapeHtml(contract?.auth ?? "")}</td></tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1f2937; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.35rem 0.6rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
pre { background: #f3f4f6; padding: 1rem; overflow: auto; font-size: 0.8rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>OpenAPI 3.1 document: <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a>. Functions are
<code>POST /functions/v1/&lt;name&gt;</code> with a JSON body and, where marked bearer, an
<code>Authorization: Bearer &lt;access token&gt;</code> header.</p>
<table>
<thead><tr><th>Method</th><th>Path</th><th>Name</th><th>What it does</th><th>Auth</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Document</h2>
<pre>${escapeHtml(JSON.stringify(document, null, 2))}</pre>
</body>
</html>
`;
}

/**
 * GET /api/docs (a page, no scripts, nothing fetched from elsewhere) and GET /api/docs/openapi.json.
 * Both are built on the first request and kept: start-up pays nothing for them.
 */
export async function docsRoutes(app: FastifyInstance, options: DocsRoutesOptions): Promise<void> {
  let document: Record<string, unknown> | undefined;
  let page: string | undefined;
  const title = `${options.brandName} API`;
  const documentOf = () =>
    (document ??= openApiDocument(
      options.routes.filter((route) => !route.url.startsWith(DOCS_PATH)),
      { title, version: serverPackage.version, serverUrl: options.publicUrl },
    ));

  defineRoute(app, "GET /api/docs/openapi.json", {}, async (_request, reply) =>
    reply.header("cache-control", "no-cache").send(documentOf()),
  );
  defineRoute(app, "GET /api/docs", {}, async (_request, reply) => {
    page ??= docsPage(documentOf(), options.routes, title);
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
  });
}
