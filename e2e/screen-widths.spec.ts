import { describe, expect, it } from "vitest";
import { closeChat, newPage } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { signInViaUi } from "./support/users";
import { completeProfile } from "./support/profiles";
import { registeredUser } from "./support/api";

/**
 * Every signed-in page fits the screen (docs/product.md §6.5: works from 320 px): no sideways scrolling, the
 * bottom tab bar inside the viewport and every settings tab on screen, at a small phone, a phone and the tablet breakpoint. One user and one page:
 * each route loads once and is measured at every width.
 */

const WIDTHS = [320, 390, 768] as const;
const HEIGHT = 844;

/** Each signed-in route, and what shows once its content (not only its spinner) is there. */
const ROUTES: ReadonlyArray<{ path: string; ready: string }> = [
  { path: "/diet", ready: "[data-testid='meal-item']" },
  { path: "/workouts", ready: "h1" },
  { path: "/progress", ready: "[data-testid='weigh-in-table']" },
  { path: "/groceries", ready: "h1" },
  { path: "/saved", ready: "h1" },
  { path: "/beginnerguide", ready: "h1" },
  { path: "/goal", ready: "h1" },
  { path: "/userinfo", ready: "h1" },
  { path: "/mealplanpreferences", ready: "h1" },
  { path: "/updatemyinfo", ready: "h1" },
  { path: "/updatemydietinfo", ready: "h1" },
  { path: "/updatemyworkoutinfo", ready: "h1" },
  { path: "/othersettings", ready: "h1" },
  { path: "/account-security", ready: "h1" },
];

const suite = serverAndBrowser();

describe("the signed-in layout", () => {
  it("has no sideways scrolling and keeps the tab bar on screen at 320, 390 and 768 px on every route", async () => {
    const { user, token } = await registeredUser(suite.server.url, "layout");
    const call = async (name: string, body: unknown) => {
      const response = await fetch(`${suite.server.url}/functions/v1/${name}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(response.status, name).toBe(200);
    };
    await call("write_user_data", completeProfile({ has_visited_diet_screen: true }));
    // Weigh-ins long apart, so /progress draws its chart and table.
    await call("log_weight", { date: "2026-01-05", weight_kg: 70.4 });
    await call("log_weight", { date: "2026-02-01", weight_kg: 69.8 });

    const page = await newPage(suite.browser, { width: WIDTHS[0], height: HEIGHT });
    page.setDefaultTimeout(60_000);
    const problems: string[] = [];
    try {
      await signInViaUi(page, suite.server.url, user);
      await closeChat(page);
      for (const route of ROUTES) {
        await page.goto(`${suite.server.url}${route.path}`);
        await page.locator(route.ready).first().waitFor();
        // /diet folds the weigh-in form away: open it, as it was the part that overflowed.
        const folded = page.locator("details[data-weigh-in]:not([open]) summary");
        if ((await folded.count()) > 0) {
          await folded.click();
          // The open disclosure names the form once ("Log your weight" was shown twice, summary and heading).
          const named = await page.getByText("Log your weight", { exact: true }).count();
          if (named !== 1) problems.push(`${route.path}: "Log your weight" shown ${named} times`);
          const form = page.getByRole("form", { name: "Log your weight" });
          if ((await form.count()) !== 1) problems.push(`${route.path}: no form named "Log your weight"`);
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          const measured = await page.evaluate(() => {
            const bar = document.querySelector("[data-testid='tab-bar']")?.getBoundingClientRect();
            // The innermost elements that reach past the right edge name the culprit in a failure.
            const over = Array.from(document.querySelectorAll("body *"))
              .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
              .filter((element) => element.querySelector("*") === null || element.children.length === 0)
              .slice(0, 3)
              .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
            // The settings tabs (on every settings page, /account-security included) all on screen.
            const settingsTabs = Array.from(document.querySelectorAll("nav[aria-label='Settings'] a"));
            const tabsOff = settingsTabs
              .filter((tab) => tab.getBoundingClientRect().right > window.innerWidth + 0.5)
              .map((tab) => tab.textContent ?? "");
            return {
              over,
              settingsTabs: settingsTabs.length,
              tabsOff,
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
              innerHeight: window.innerHeight,
              bar: bar && bar.height > 0 ? { top: bar.top, bottom: bar.bottom, right: bar.right } : null,
            };
          });
          if (measured.scrollWidth > measured.innerWidth)
            problems.push(
              `${route.path} at ${width} px: ${measured.scrollWidth} px wide (${measured.over.join(", ")})`,
            );
          const settingsPage = /^\/(updatemy|othersettings|account-security)/.test(route.path);
          if (settingsPage && measured.settingsTabs !== 6)
            problems.push(`${route.path}: ${measured.settingsTabs} settings tabs`);
          if (measured.tabsOff.length > 0)
            problems.push(`${route.path} at ${width} px: tabs off-screen: ${measured.tabsOff.join(", ")}`);
          if (measured.bar === null) problems.push(`${route.path} at ${width} px: no tab bar`);
          else if (measured.bar.bottom > measured.innerHeight || measured.bar.right > measured.innerWidth)
            problems.push(`${route.path} at ${width} px: tab bar at ${JSON.stringify(measured.bar)}`);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
