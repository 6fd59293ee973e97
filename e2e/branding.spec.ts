import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { checkA11y, launchBrowser, screenshot, withPage } from "./support/browser";
import { startServer } from "./support/server";
import type { RunningServer } from "./support/server";
import { DESKTOP } from "./support/viewports";

const BRAND = "Acme Gym";

let server: RunningServer;
let browser: Browser;

// One server reached by two host names: 127.0.0.1 has its own brand, localhost gets the default.
beforeAll(async () => {
  server = await startServer({
    env: { BRAND_HOSTS: JSON.stringify({ "127.0.0.1": { name: BRAND, logoUrl: "/favicon.svg" } }) },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function urlOn(hostname: string): string {
  const url = new URL(server.url);
  url.hostname = hostname;
  return url.toString();
}

async function openLanding(page: Page, hostname: string): Promise<void> {
  await page.goto(urlOn(hostname));
  await page
    .getByRole("heading", { level: 1, name: "Custom diets and workouts that fit your life" })
    .waitFor();
}

describe("brand per host name", () => {
  it("shows the configured brand, with its logo loaded, on the configured host", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openLanding(page, "127.0.0.1");
      expect(await page.title()).toBe(`${BRAND} — your personal trainer in your pocket`);

      const home = page.getByRole("banner").getByRole("link", { name: BRAND, exact: true });
      await home.waitFor();
      const logo = home.getByRole("img", { name: BRAND, exact: true });
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await logo.getAttribute("src")).toBe("/favicon.svg");
      expect(await home.locator("svg").count()).toBe(0);
      expect(await home.innerText()).toBe(BRAND);

      expect(await page.getByRole("contentinfo").innerText()).toContain(`${BRAND}. Your personal trainer`);
      expect(await page.locator("body").innerText()).toContain(`${BRAND} offers general fitness`);
      await screenshot(page, "branding-configured-host");
      await checkA11y(page);
    });
  });

  it("shows the default brand and the built-in logo on any other host", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openLanding(page, "localhost");
      expect(await page.title()).toBe("Fitwise — your personal trainer in your pocket");
      const home = page.getByRole("banner").getByRole("link", { name: "Fitwise", exact: true });
      await home.waitFor();
      expect(await home.locator("img").count()).toBe(0);
      expect(await home.locator("svg").count()).toBe(1);
      expect(await page.getByRole("contentinfo").innerText()).toContain("Fitwise. Your personal trainer");
      expect(await page.locator("body").innerText()).not.toContain(BRAND);
    });
  });

  it("keeps the brand in page titles after client-side navigation", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await openLanding(page, "127.0.0.1");
      await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/contact");
      await expect.poll(() => page.title()).toMatch(new RegExp(`\\| ${BRAND}$`));
      expect(await page.locator("main").innerText()).toContain(`use for your ${BRAND} account`);
    });
  });

  it("names the host's brand on the about and legal pages", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(new URL("/about", urlOn("127.0.0.1")).toString());
      await page.getByRole("heading", { level: 1, name: `About ${BRAND}` }).waitFor();
      for (const path of ["/privacypolicy", "/termsofservice"]) {
        await page.goto(new URL(path, urlOn("127.0.0.1")).toString());
        await page.getByRole("heading", { level: 1 }).waitFor();
        const text = await page.locator("main").innerText();
        expect(text, path).toContain(BRAND);
        expect(text, path).not.toContain("Fitwise");
      }
    });
  });
});
