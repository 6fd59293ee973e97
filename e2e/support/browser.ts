import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AxeBuilder } from "@axe-core/playwright";
import { chromium } from "playwright-core";
import type { Browser, Locator, Page } from "playwright-core";

/**
 * Debian's Chromium (`apt-get install chromium`; .ci/run installs it), or the browser CHROMIUM_PATH names: never one
 * downloaded by Playwright, as the machines reach no browser download.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const SCREENSHOT_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../test-results/screenshots",
);

/** Chromium headless with the project's flags, and any a spec adds (e.g. a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      ...extraArgs,
    ],
  });
}

/** A page in its own browser context (own cookies and localStorage) at the given viewport size. */
export async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Runs `run` on a page in a fresh browser context, and closes the context afterwards whatever happens. */
export async function withPage<T>(
  browser: Browser,
  viewport: { width: number; height: number },
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const page = await newPage(browser, viewport);
  try {
    return await run(page);
  } finally {
    await page.context().close();
  }
}

/**
 * Folds the trainer chat away when it is open, so it covers nothing the test clicks. It starts open on
 * wide screens (docs/product.md §3) until the user closes it once, and closed on phones; signed-out pages have none.
 */
export async function closeChat(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: /^(Close chat|Open chat with your trainer)$/ });
  try {
    await toggle.waitFor({ timeout: 10_000 });
  } catch {
    return;
  }
  if ((await toggle.getAttribute("aria-expanded")) !== "true") return;
  await toggle.click();
  await page.getByTestId("chat-panel").waitFor({ state: "hidden" });
}

/**
 * Waits until the element's attribute has the expected value (null: absent), then returns it.
 * Attributes that follow navigation or state — aria-current, aria-selected, aria-expanded,
 * aria-pressed — change when React renders after the click or navigation, which on a loaded machine
 * is after `click()` or `waitForURL()` resolved; reading them at once can see the old value. The
 * locator is re-queried until it matches, so a re-rendered element is found too.
 */
export async function settledAttribute(
  locator: Locator,
  name: string,
  expected: string | null,
): Promise<string | null> {
  const state = expected === null ? `:not([${name}])` : `[${name}=${JSON.stringify(expected)}]`;
  await locator.and(locator.page().locator(state)).waitFor();
  return locator.getAttribute(name);
}

/** Saves a full-page PNG as test-results/screenshots/<name>.png. */
async function savePng(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * A screenshot for a person to look at, taken when E2E_SCREENSHOTS=1: the ~100 full-page shots cost
 * about a minute of CI's two cores and nobody reads them there (docs/decisions/037).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "1") await savePng(page, name);
}

/** What the page showed when a test failed, always saved; a failing screenshot never hides the failure. */
export async function failureScreenshot(page: Page, name: string): Promise<void> {
  await savePng(page, `failure-${name}`).catch(() => undefined);
}

/** axe's findings for the page under the WCAG 2.1 A and AA rules. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations;
}

/** Throws a readable list of the findings, if there are any. */
function failOn(page: Page, violations: Awaited<ReturnType<typeof axeViolations>>): void {
  if (violations.length === 0) return;
  const report = violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(" ")).join(", ");
      return `- [${violation.impact}] ${violation.id}: ${violation.help} (${targets})`;
    })
    .join("\n");
  throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
}

/** Runs axe (WCAG 2.1 A and AA rules) on the page as it is now; any violation at all fails with a readable list. */
export async function checkA11y(page: Page): Promise<void> {
  failOn(page, await axeViolations(page));
}
