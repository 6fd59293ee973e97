import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { checkA11y, screenshot, settledAttribute, withPage } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import {
  newTestUser,
  signInViaApi,
  signInViaUi,
  signOutViaUi,
  signUpViaApi,
  signUpViaUi,
  submitSignIn,
} from "./support/users";
import { DESKTOP, PHONE } from "./support/viewports";

const SESSION_KEY = "fitwise.auth.session";
// --color-danger in apps/web/src/styles/tokens.css
const DANGER_RED = "rgb(198, 40, 40)";

const suite = serverAndBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const storedSession = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as { refresh_token: string } | null,
    SESSION_KEY,
  );

describe("accounts in the browser", () => {
  it("signs up, stays signed in across a reload, signs out, refuses a wrong password and signs in again", async () => {
    const user = newTestUser("journey");
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signUpViaUi(page, suite.server.url, user);
      expect(pathOf(page)).toBe("/goal");
      await page.getByRole("heading", { level: 1, name: "Set Your Fitness Goals" }).waitFor();
      expect(await storedSession(page)).not.toBeNull();
      await screenshot(page, "auth-01-signed-up-goal");

      await page.reload();
      await page.getByRole("button", { name: "Signout" }).waitFor();
      expect(pathOf(page)).toBe("/goal");
      await page.getByRole("heading", { level: 1, name: "Set Your Fitness Goals" }).waitFor();
      await screenshot(page, "auth-02-reloaded-still-signed-in");

      // Sign-out keeps only the two visit flags (docs/product.md §5).
      await page.evaluate(() => {
        localStorage.setItem("hasVisitedDietScreen", "true");
        localStorage.setItem("hasVisitedWorkoutScreen", "true");
        localStorage.setItem("user_goal_tdee", "2100");
      });
      await signOutViaUi(page);
      expect(pathOf(page)).toBe("/signin");
      const keys = await page.evaluate(() => Object.keys(localStorage).sort());
      expect(keys).toEqual(["hasVisitedDietScreen", "hasVisitedWorkoutScreen"]);
      await page.getByRole("link", { name: "Sign Up", exact: true }).waitFor();
      await screenshot(page, "auth-03-signed-out");

      await submitSignIn(page, suite.server.url, { email: user.email, password: `${user.password}-wrong` });
      const error = page.getByTestId("auth-error");
      await error.waitFor();
      expect(await error.textContent()).toBe("Invalid login credentials");
      expect(await error.evaluate((element) => getComputedStyle(element).color)).toBe(DANGER_RED);
      expect(pathOf(page)).toBe("/signin");
      await screenshot(page, "auth-04-wrong-password");

      await signInViaUi(page, suite.server.url, user);
      // A new account has no calorie target yet, so sign-in continues onboarding.
      expect(pathOf(page)).toBe("/goal");
      await page.getByRole("button", { name: "Signout" }).waitFor();
      await screenshot(page, "auth-05-signed-in-again");

      // A stored session sends /signin and /signup straight on.
      await page.goto(`${suite.server.url}/signup`);
      await page.waitForURL((url) => url.pathname === "/goal");
    });
  });

  it("shows the missing-credentials message without calling the server for empty fields", async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.goto(`${suite.server.url}/signin`);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      const error = page.getByTestId("auth-error");
      await error.waitFor();
      expect(await error.textContent()).toBe(
        "You must provide either an email or phone number and a password",
      );
      await screenshot(page, "auth-06-empty-fields");
    });
  });

  it("sends a signed-out visitor of a private route to /signin without showing the page", async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.goto(`${suite.server.url}/diet`);
      await page.waitForURL((url) => url.pathname === "/signin");
      expect(await page.getByRole("heading", { name: "My Diet" }).count()).toBe(0);
      await screenshot(page, "auth-07-private-route-redirect");
    });
  });

  it("refreshes a session about to expire and removes one the server refuses", async () => {
    const user = newTestUser("refresh");
    await signUpViaApi(suite.server.url, user);
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signInViaUi(page, suite.server.url, user);
      const before = await storedSession(page);
      expect(before).not.toBeNull();

      // Five seconds from expiry is inside the start-up margin, so the next load refreshes first.
      await page.evaluate((key) => {
        const session = JSON.parse(localStorage.getItem(key) ?? "{}") as { expires_at: number };
        session.expires_at = Math.floor(Date.now() / 1000) + 5;
        localStorage.setItem(key, JSON.stringify(session));
      }, SESSION_KEY);
      await page.reload();
      await page.getByRole("button", { name: "Signout" }).waitFor();
      const after = await storedSession(page);
      expect(after?.refresh_token).toBeTruthy();
      expect(after?.refresh_token).not.toBe(before?.refresh_token);

      await page.evaluate((key) => {
        const session = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, unknown>;
        localStorage.setItem(
          key,
          JSON.stringify({ ...session, access_token: "forged", refresh_token: "unknown" }),
        );
      }, SESSION_KEY);
      await page.goto(`${suite.server.url}/diet`);
      await page.waitForURL((url) => url.pathname === "/signin");
      expect(await storedSession(page)).toBeNull();
      await screenshot(page, "auth-08-invalid-session-removed");
    });
  });

  it("shows the tab bar and hides the sidebar at 390 px, and the opposite at 1280 px", async () => {
    const user = newTestUser("layout");
    await signUpViaApi(suite.server.url, user);
    await withPage(suite.browser, PHONE, async (page) => {
      await signInViaUi(page, suite.server.url, user);
      const tabBar = page.getByRole("navigation", { name: "Tab bar" });
      // A new user has no calorie target yet, so /diet would send them to /goal; the guide has no such rule.
      await tabBar.getByRole("link", { name: "Guide" }).click();
      await page.waitForURL((url) => url.pathname === "/beginnerguide");
      expect(await tabBar.isVisible()).toBe(true);
      expect(await page.getByRole("navigation", { name: "Side menu" }).isVisible()).toBe(false);
      expect(
        await settledAttribute(tabBar.getByRole("link", { name: "Guide" }), "aria-current", "page"),
      ).toBe("page");
      expect(
        await settledAttribute(tabBar.getByRole("link", { name: "Diet" }), "aria-current", null),
      ).toBeNull();
      await screenshot(page, "auth-09-phone-tab-bar");
      await checkA11y(page);

      await page.setViewportSize(DESKTOP);
      await page.getByRole("navigation", { name: "Side menu" }).waitFor();
      expect(await tabBar.isVisible()).toBe(false);
      await screenshot(page, "auth-10-desktop-sidebar");
      await checkA11y(page);
    });
  });

  it("stores the source query parameter on every visit", async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.goto(`${suite.server.url}/signin`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("source"))).toBe("unknown");
      await page.goto(`${suite.server.url}/signin?source=newsletter`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("source"))).toBe("newsletter");
      await page.goto(`${suite.server.url}/signup`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("source"))).toBe("newsletter");
    });
  });

  it("shows a closable alert banner that also hides itself after 15 s, and no Google button without Google", async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      await page.clock.install();
      // An e-mail link that failed lands with the error in the fragment; the banner shows its description.
      const failedLink = (text: string) =>
        `#error=access_denied&error_code=otp_expired&error_description=${encodeURIComponent(text)}`;
      const banner = page.getByRole("alert").filter({ hasText: "This link has expired." });

      await page.goto(`${suite.server.url}/signup${failedLink("This link has expired.")}`);
      await banner.waitFor();
      // This server has no Google sign-in configured: the page offers none.
      expect(await page.getByRole("button", { name: "Connect with Google" }).count()).toBe(0);
      // The banner sits under the sticky header, also once the page is scrolled, never over it.
      await page.mouse.wheel(0, 400);
      const header = (await page.getByRole("banner").boundingBox())!;
      const shown = (await banner.boundingBox())!;
      expect(header.y).toBeLessThanOrEqual(0.5);
      expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      await screenshot(page, "auth-11-alert-banner");
      await page.getByRole("button", { name: "Close alert" }).click();
      await banner.waitFor({ state: "detached" });

      await page.goto(`${suite.server.url}/signin${failedLink("This link has expired.")}`);
      await banner.waitFor();
      await page.clock.fastForward(14_000);
      expect(await banner.isVisible()).toBe(true);
      await page.clock.fastForward(1_500);
      await banner.waitFor({ state: "detached" });
    });
  });

  it("signs a user whose profile has a calorie target in to /diet", async () => {
    const user = newTestUser("complete");
    await signUpViaApi(suite.server.url, user);
    const token = await signInViaApi(suite.server.url, user);
    // The body data makes the server compute user_tdee and user_goal_tdee: the profile is complete.
    const written = await fetch(`${suite.server.url}/functions/v1/write_user_data`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        write_table: "my_users",
        user_age: 34,
        user_gender: "female",
        user_weight_in_kgs: 68,
        user_height_in_cm: 168,
        user_activity: 1.375,
        user_fitness_goal: "Lose Weight",
      }),
    });
    expect(written.status).toBe(200);
    expect((await written.json()) as { user_goal_tdee: number }).toMatchObject({
      user_goal_tdee: expect.any(Number),
    });
    await withPage(suite.browser, DESKTOP, async (page) => {
      await signInViaUi(page, suite.server.url, user);
      expect(pathOf(page)).toBe("/diet");
      // docs/product.md §5: the daily user-data refresh ran on start and stored its time.
      await page.waitForFunction(() => Number(localStorage.getItem("lastExecutionTimestamp")) > 0);
      await page.goto(`${suite.server.url}/signin`);
      await page.waitForURL((url) => url.pathname === "/diet");
    });
  });

  it("has no serious accessibility violations on /signin and /signup", async () => {
    await withPage(suite.browser, DESKTOP, async (page) => {
      for (const path of ["/signin", "/signup"]) {
        await page.goto(`${suite.server.url}${path}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await checkA11y(page);
      }
    });
    await withPage(suite.browser, PHONE, async (page) => {
      await page.goto(`${suite.server.url}/signup`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await checkA11y(page);
      await screenshot(page, "auth-12-signup-phone");
    });
  });
});
