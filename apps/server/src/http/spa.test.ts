import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig, HostBrand } from "../env";
import { buildTestApp } from "../test/test-app";
import { indexPages } from "./spa";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta property="og:site_name" content="Fitwise" />
    <meta name="apple-mobile-web-app-title" content="Fitwise" />
    <title>Fitwise</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const BRAND_HOSTS: Record<string, HostBrand> = {
  "fit.example.com": {
    name: "FitCo",
    logoUrl: "https://cdn.example.com/fitco.png",
    supportEmail: "help@fit.example.com",
  },
  "gym.example": { name: "GymPal", logoUrl: "/favicon.svg" },
  "*.gym.example": { name: "GymPal Teams" },
  "*.teams.gym.example": { name: "GymPal Enterprise" },
  "evil.example": { name: `</title><script>alert("x")</script> & 'co'` },
};

/** What the web build writes (apps/web/vite.config.ts), shortened. */
const WEB_MANIFEST = {
  name: "Fitwise",
  short_name: "Fitwise",
  start_url: "/diet",
  display: "standalone",
  icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
};

const DEFAULT_SITE = { brandName: "Fitwise", supportEmail: "support@fitwise.app" };

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "fitwise-web-"));
  writeFileSync(join(dir, "index.html"), INDEX_HTML);
  writeFileSync(join(dir, "manifest.webmanifest"), JSON.stringify(WEB_MANIFEST));
  return dir;
}

interface Page {
  title: string | undefined;
  siteName: string | undefined;
  appTitle: string | undefined;
  config: unknown;
}

function decodeAttribute(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** What a browser would read from the served index.html. */
function readPage(html: string): Page {
  const meta = (pattern: RegExp) => {
    const content = pattern.exec(html)?.[1];
    return content === undefined ? undefined : decodeAttribute(content);
  };
  const config = meta(/<meta name="fitwise-config" content="([^"]*)"/);
  return {
    title: meta(/<title>([^<]*)<\/title>/),
    siteName: meta(/<meta property="og:site_name" content="([^"]*)"/),
    appTitle: meta(/<meta name="apple-mobile-web-app-title" content="([^"]*)"/),
    config: config === undefined ? undefined : JSON.parse(config),
  };
}

describe("index.html per host name", () => {
  let app: FastifyInstance;
  const html = { accept: "text/html" };

  beforeAll(async () => {
    app = await buildTestApp({ webDistDir: webDist(), brandHosts: BRAND_HOSTS });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (host: string, url = "/") => {
    const response = await app.inject({ method: "GET", url, headers: { ...html, host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    return readPage(response.body);
  };

  it("names brand A on its host, with its logo and support address", async () => {
    expect(await get("fit.example.com")).toEqual({
      title: "FitCo",
      siteName: "FitCo",
      appTitle: "FitCo",
      config: {
        brandName: "FitCo",
        supportEmail: "help@fit.example.com",
        logoUrl: "https://cdn.example.com/fitco.png",
      },
    });
  });

  it("names brand B on its host, on every client route, with the default support address", async () => {
    for (const url of ["/", "/index.html", "/signup", "/diet?source=ad"]) {
      expect(await get("gym.example:8080", url), url).toEqual({
        title: "GymPal",
        siteName: "GymPal",
        appTitle: "GymPal",
        config: { brandName: "GymPal", supportEmail: "support@fitwise.app", logoUrl: "/favicon.svg" },
      });
    }
  });

  it("gives an unknown host the default brand and the built-in logo", async () => {
    for (const host of ["localhost:3000", "fitwise.example", "example.com", "gym.example.evil.test"]) {
      expect(await get(host), host).toEqual({
        title: "Fitwise",
        siteName: "Fitwise",
        appTitle: "Fitwise",
        config: DEFAULT_SITE,
      });
    }
  });

  it("names the installable app after the host's brand in the web app manifest", async () => {
    for (const [host, brand] of [
      ["fit.example.com", "FitCo"],
      ["berlin.gym.example", "GymPal Teams"],
      ["localhost:3000", "Fitwise"],
    ] as const) {
      const response = await app.inject({ method: "GET", url: "/manifest.webmanifest", headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(JSON.parse(response.body), host).toEqual({ ...WEB_MANIFEST, name: brand, short_name: brand });
    }
  });

  it("matches host names whatever their case, with or without a port or a final dot", async () => {
    for (const host of ["FIT.Example.COM", "fit.example.com:443", "fit.example.com."]) {
      expect((await get(host)).title, host).toBe("FitCo");
    }
  });

  it('serves sub-domains from the closest "*." pattern, and an exact name before any pattern', async () => {
    expect((await get("berlin.gym.example")).title).toBe("GymPal Teams");
    expect((await get("a.b.gym.example")).title).toBe("GymPal Teams");
    expect((await get("acme.teams.gym.example")).title).toBe("GymPal Enterprise");
    expect((await get("teams.gym.example")).title).toBe("GymPal Teams");
    expect((await get("gym.example")).title).toBe("GymPal");
  });

  it("escapes a hostile brand name everywhere it is written", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/",
      headers: { ...html, host: "evil.example" },
    });
    expect(response.body).not.toContain("<script>");
    expect(response.body).not.toContain("</title><");
    const hostile = `</title><script>alert("x")</script> & 'co'`;
    expect(readPage(response.body)).toEqual({
      title: hostile,
      siteName: hostile,
      appTitle: hostile,
      config: { brandName: hostile, supportEmail: "support@fitwise.app" },
    });
    expect(response.body).toContain(
      "<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</title>",
    );
  });

  it("lets the CSP load images from the configured logo origins only", async () => {
    const response = await app.inject({ method: "GET", url: "/", headers: { ...html, host: "gym.example" } });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("img-src 'self' data: https://cdn.example.com;");
  });
});

describe("index.html per host name behind a proxy", () => {
  const serve = async (config: Partial<AppConfig>) => {
    const app = await buildTestApp({ webDistDir: webDist(), brandHosts: BRAND_HOSTS, ...config });
    const response = await app.inject({
      method: "GET",
      url: "/",
      headers: { accept: "text/html", host: "10.0.0.5:3000", "x-forwarded-host": "fit.example.com" },
    });
    await app.close();
    return readPage(response.body).title;
  };

  it("takes the host from X-Forwarded-Host with TRUST_PROXY, and ignores it without", async () => {
    expect(await serve({ trustProxy: 1 })).toBe("FitCo");
    expect(await serve({ trustProxy: false })).toBe("Fitwise");
  });
});

describe("indexPages", () => {
  it("holds one page per configured host pattern plus the default, whatever hosts ask", () => {
    const pages = indexPages(INDEX_HTML, DEFAULT_SITE, BRAND_HOSTS);
    expect(pages.size).toBe(Object.keys(BRAND_HOSTS).length + 1);
    for (let i = 0; i < 2_000; i += 1) {
      expect(pages.forHost(`random-${i}.example`)).toContain("<title>Fitwise</title>");
      expect(pages.forHost(`team-${i}.gym.example`)).toContain("<title>GymPal Teams</title>");
    }
    expect(pages.forHost(undefined)).toContain("<title>Fitwise</title>");
    expect(pages.size).toBe(Object.keys(BRAND_HOSTS).length + 1);
  });

  it("leaves index.html without brand meta tags as it is apart from the title and the config", () => {
    const page = indexPages("<html><head><title>x</title></head><body></body></html>", DEFAULT_SITE).forHost(
      "localhost",
    );
    expect(page).toBe(
      `<html><head><title>Fitwise</title>    <meta name="fitwise-config" content="{&quot;brandName&quot;:&quot;Fitwise&quot;,&quot;supportEmail&quot;:&quot;support@fitwise.app&quot;}" />\n  </head><body></body></html>`,
    );
  });
});
