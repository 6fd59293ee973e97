import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { checkA11y, launchBrowser, newPage, screenshot, settledAttribute } from "./support/browser";
import { startServer } from "./support/server";
import type { RunningServer } from "./support/server";
import { newTestUser, signUpViaUi } from "./support/users";
import { DESKTOP, PHONE } from "./support/viewports";

let server: RunningServer;
let browser: Browser;

/** The operator's outside links: an iOS app but no Android one, a community and one social profile, no blog. */
const LINKS = {
  APP_STORE_URL: "https://apps.apple.com/app/fitwise/id1",
  COMMUNITY_URL: "https://discord.gg/fitwise",
  SOCIAL_LINKS: "Instagram=https://instagram.com/fitwise",
};

beforeAll(async () => {
  server = await startServer({ env: LINKS });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openLanding(viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.goto(`${server.url}/`);
  await page
    .getByRole("heading", { level: 1, name: "Custom diets and workouts that fit your life" })
    .waitFor();
  return page;
}

/** Path of a link's target, so relative and absolute hrefs compare alike. */
async function hrefPaths(page: Page, name: string | RegExp): Promise<string[]> {
  const hrefs = await page
    .getByRole("link", { name })
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  return hrefs.map((href) => new URL(href ?? "", server.url).pathname);
}

describe("landing page", () => {
  for (const [label, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    it(`renders the whole pitch at ${label} px without sideways scrolling`, async () => {
      const page = await openLanding(viewport);
      await expect
        .poll(() => page.getByRole("heading", { level: 2 }).allTextContents())
        .toEqual(
          expect.arrayContaining([
            "Everything a good coach does, on your phone",
            "What members say",
            "Simple pricing",
          ]),
        );
      expect(await page.getByRole("heading", { level: 3 }).allTextContents()).toEqual(
        expect.arrayContaining([
          "Custom diets",
          "Custom workouts",
          "Alex, your 24/7 trainer",
          "Free",
          "Pro Monthly",
          "Pro Yearly",
        ]),
      );
      expect(await page.locator("blockquote").count()).toBe(3);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await screenshot(page, `landing-${label}`);
      await checkA11y(page);
      await page.context().close();
    });
  }

  it("sends every Get For Free Now and Select to /signup", async () => {
    const page = await openLanding(DESKTOP);
    const freeNow = await hrefPaths(page, "Get For Free Now");
    expect(freeNow.length).toBeGreaterThanOrEqual(2);
    expect(new Set(freeNow)).toEqual(new Set(["/signup"]));

    const select = await hrefPaths(page, /^Select /);
    expect(select).toHaveLength(3);
    expect(new Set(select)).toEqual(new Set(["/signup"]));

    for (const name of ["Get For Free Now", "Select Free", "Select Pro Monthly", "Select Pro Yearly"]) {
      await page.goto(`${server.url}/`);
      await page.getByRole("link", { name, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === "/signup");
    }
    await page.context().close();
  });

  it("shows current and struck-through prices, with the old price announced as such", async () => {
    const page = await openLanding(PHONE);
    const pricing = page.getByRole("region", { name: "Simple pricing" });
    const text = (await pricing.textContent()) ?? "";
    expect(text).toContain("0 USD");
    expect(text).toContain("4.99 USD/month");
    expect(text).toContain("49.99 USD/year");

    const struck = await pricing.locator("s").allTextContents();
    expect(struck).toEqual(["Was 9.99 USD", "Was 99.99 USD"]);
    const struckVisible = await pricing
      .locator("s")
      .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).textDecorationLine));
    expect(struckVisible).toEqual(["line-through", "line-through"]);
    await page.context().close();
  });

  it("links to the app stores, community and profiles that are configured, sign-in and the static pages", async () => {
    const page = await openLanding(PHONE);
    expect(
      await page.getByRole("link", { name: "Download on the App Store" }).first().getAttribute("href"),
    ).toBe(LINKS.APP_STORE_URL);
    // No GOOGLE_PLAY_URL, no BLOG_URL: no badge and no Blog link.
    expect(await page.getByRole("link", { name: "Get it on Google Play" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^Blog/ }).count()).toBe(0);
    const community = page.getByRole("region", { name: "Train with others" });
    expect(
      await community
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute("href")])),
    ).toEqual([
      ["Community chat (opens in a new tab)", LINKS.COMMUNITY_URL],
      ["Instagram (opens in a new tab)", "https://instagram.com/fitwise"],
    ]);
    expect(await hrefPaths(page, "Sign in")).toContain("/signin");

    const footer = page.getByRole("contentinfo");
    for (const [name, path] of [
      ["Terms of Service", "/termsofservice"],
      ["Privacy Policy", "/privacypolicy"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ] as const) {
      const href = await footer.getByRole("link", { name, exact: true }).getAttribute("href");
      expect(new URL(href ?? "", server.url).pathname).toBe(path);
    }
    await page.context().close();
  });
});

describe("static pages", () => {
  const pages = [
    {
      path: "/termsofservice",
      heading: "Terms of Service",
      mustContain: /30 days[’']? notice of any material change/,
    },
    { path: "/privacypolicy", heading: "Privacy Policy", mustContain: /never sell/ },
    { path: "/about", heading: "About Fitwise", mustContain: /personal trainer in your pocket/ },
    { path: "/contact", heading: "Contact us", mustContain: /Support contact: support@fitwise\.app/ },
  ];

  for (const { path, heading, mustContain } of pages) {
    it(`${path} shows "${heading}" and its key text`, async () => {
      const page = await newPage(browser, PHONE);
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      expect((await page.locator("main").textContent()) ?? "").toMatch(mustContain);
      await checkA11y(page);
      await screenshot(page, `static${path.replace("/", "-")}-390`);
      await page.context().close();
    });
  }

  it("the contact page links to the support address", async () => {
    const page = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/contact`);
    const link = page.getByRole("link", { name: "support@fitwise.app" }).first();
    expect(await link.getAttribute("href")).toBe("mailto:support@fitwise.app");
    await page.context().close();
  });
});

describe("signed-in visitors", () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, PHONE);
    await signUpViaUi(page, server.url, newTestUser("guide"));
  });

  afterAll(async () => {
    await page.context().close();
  });

  it("are sent from the landing page to /diet", async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL((url) => url.pathname === "/diet");
  });

  it("see the beginner guide as an accordion with one section open at a time", async () => {
    await page.goto(`${server.url}/beginnerguide`);
    await page.getByRole("heading", { level: 1, name: "Beginner Guide" }).waitFor();

    // Only the accordion headers: the signed-in shell has other disclosure buttons (chat, menus).
    const triggers = page.locator("main h2 > button[aria-controls]");
    expect(await triggers.allTextContents()).toEqual([
      "1Measuring Food",
      "2Measuring Your Stats",
      "3Hydration and Nutrition",
      "4Workout Basics",
      "5Consistency Over Intensity",
      "6Injuries and Allergies",
    ]);
    const expanded = () =>
      triggers.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-expanded")));
    const panelFor = async (index: number) => {
      const panelId = await triggers.nth(index).getAttribute("aria-controls");
      return page.locator(`[id="${panelId}"]`);
    };

    expect(await expanded()).toEqual(["true", "false", "false", "false", "false", "false"]);
    expect(await (await panelFor(0)).isVisible()).toBe(true);
    expect(await (await panelFor(0)).textContent()).toContain("kitchen scale");

    const hydrationTrigger = page.getByRole("button", { name: "Hydration and Nutrition" });
    await hydrationTrigger.click();
    await settledAttribute(hydrationTrigger, "aria-expanded", "true");
    expect(await expanded()).toEqual(["false", "false", "true", "false", "false", "false"]);
    const hydration = await panelFor(2);
    expect(await hydration.isVisible()).toBe(true);
    expect(await hydration.textContent()).toContain("Drink 2–3 litres of water a day");
    expect(await (await panelFor(0)).isVisible()).toBe(false);
    await checkA11y(page);
    // The header is sticky: scroll back up so the full-page screenshot shows it once, at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "beginnerguide-390");

    await hydrationTrigger.click();
    await settledAttribute(hydrationTrigger, "aria-expanded", "false");
    expect(await expanded()).toEqual(["false", "false", "false", "false", "false", "false"]);
    expect(await hydration.isVisible()).toBe(false);

    const injuriesTrigger = page.getByRole("button", { name: "Injuries and Allergies" });
    await injuriesTrigger.click();
    await settledAttribute(injuriesTrigger, "aria-expanded", "true");
    expect(await expanded()).toEqual(["false", "false", "false", "false", "false", "true"]);
    expect(await (await panelFor(5)).textContent()).toMatch(/stop the exercise immediately/);
  });
});
