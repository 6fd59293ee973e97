import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessServer, type InProcessServer } from "./support/in-process-server";
import { closeChat, launchBrowser, screenshot, withPage } from "./support/browser";
import { newTestUser, signInViaUi, signOutViaUi, signUpViaUi } from "./support/users";
import { DESKTOP } from "./support/viewports";

const TRACK_PATH = "/functions/v1/track_events";

// Its own server (not support/server.ts), to read analytics_events from the database it writes to, and
// with a stand-in Google provider for the Google connect event.
let browser: Browser;
let server: InProcessServer;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  server = await startInProcessServer("analytics");
  ({ app, baseUrl } = server);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Row {
  user_id: string | null;
  name: string;
  properties: Record<string, unknown>;
}

async function rowsSince(since: Date): Promise<Row[]> {
  const rows = await app.db
    .selectFrom("analytics_events")
    .select(["user_id", "name", "properties"])
    .where("created_at", ">=", since)
    .orderBy("id")
    .execute();
  return rows;
}

async function userIdOf(email: string): Promise<string> {
  const row = await app.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The client sends in batches (after about 2 s, or when the page is hidden), so rows arrive a little later. */
async function eventually(since: Date, expected: Row[]): Promise<Row[]> {
  const deadline = Date.now() + 20_000;
  let rows = await rowsSince(since);
  while (!expected.every((row) => rows.some((stored) => matches(stored, row))) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    rows = await rowsSince(since);
  }
  for (const row of expected) expect(rows).toContainEqual(row);
  return rows;
}

function matches(stored: Row, expected: Row): boolean {
  return JSON.stringify(stored) === JSON.stringify(expected);
}

const view = (userId: string | null, path: string, title: string): Row => ({
  user_id: userId,
  name: "page_view",
  properties: { path, title },
});
const event = (userId: string | null, name: string, properties: Record<string, unknown> = {}): Row => ({
  user_id: userId,
  name,
  properties,
});

async function walkOnboarding(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1, name: "Set Your Fitness Goals" }).waitFor();
  await closeChat(page);
  for (const day of ["Monday", "Wednesday", "Friday"]) {
    await page.getByRole("button", { name: day, exact: true }).click();
  }
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL((url) => url.pathname === "/userinfo");
  await page.getByLabel("Age (years)").fill("34");
  await page.getByLabel("Weight (kg)").fill("80");
  await page.getByLabel("Feet").selectOption("5");
  await page.getByLabel("Inches").selectOption("10");
  await page.getByRole("button", { name: "Calculate" }).click();
  await page.waitForURL((url) => url.pathname === "/mealplanpreferences");
  await page.getByRole("button", { name: "Poultry", exact: true }).click();
  await page.getByRole("button", { name: "Eggs", exact: true }).click();
  await page.getByLabel("Foods you enjoy").fill("secret-oatmeal");
  await page.getByLabel("Allergies and foods to avoid").fill("secret-peanuts");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL((url) => url.pathname === "/diet");
  // The first visit after plan creation asks whether to continue to the workouts (docs/product.md §3): stay.
  const confirm = page.getByRole("dialog", { name: "Continue to your workout plan?" });
  await confirm.getByRole("button", { name: "Stay here" }).click();
  await confirm.waitFor({ state: "hidden" });
}

describe("first-party analytics in the browser", () => {
  it("reports the allow-listed page views and events, under the user signed in at the time and nothing typed", async () => {
    const since = new Date();
    const user = newTestUser("analytics");
    await withPage(browser, DESKTOP, async (page) => {
      // The landing page's view leaves by sendBeacon when sign-up loads a new page.
      await page.goto(`${baseUrl}/`);
      await page.getByRole("link", { name: "Sign Up", exact: true }).first().waitFor();
      await signUpViaUi(page, baseUrl, user);
      expect(new URL(page.url()).pathname).toBe("/goal");
      const userId = await userIdOf(user.email);

      await walkOnboarding(page);
      await screenshot(page, "analytics-01-diet-after-onboarding");
      const signedUp = await eventually(since, [
        event(null, "app_opened"),
        view(null, "/", "Root Screen"),
        view(null, "/signup", "Sign Up Screen"),
        event(userId, "sign_up"),
        view(userId, "/fitness-goals", "Fitness Goals Screen"),
        view(userId, "/chat", "WEB_chat_screen"),
        event(userId, "WEB_user_in_chat_screen"),
        view(userId, "/userinfo", "Calorie Calculator Screen"),
        view(userId, "/mealplanpreferences", "Meal Plan Preferences Screen"),
        event(userId, "diet_info_updated", { screen: "/mealplanpreferences" }),
        view(userId, "/diet", "Diet Screen"),
      ]);

      // Signing out ends the token, so events still queued then would be counted without their user.
      const signedOutAt = new Date();
      await signOutViaUi(page);
      // Signed out, a private screen only redirects to /signin: it is not a page view.
      await page.goto(`${baseUrl}/workouts`);
      await page.waitForURL((url) => url.pathname === "/signin");
      await signInViaUi(page, baseUrl, user);
      await page.waitForURL((url) => url.pathname === "/diet");
      const signedIn = await eventually(signedOutAt, [
        view(null, "/signin", "Sign In Screen"),
        event(userId, "sign_in"),
        view(userId, "/diet", "Diet Screen"),
      ]);
      const rows = [...signedUp, ...signedIn];

      expect(rows).not.toContainEqual(view(null, "/workouts", "Workouts Screen"));
      expect(rows.filter((row) => row.user_id !== null && row.user_id !== userId)).toEqual([]);
      const stored = JSON.stringify(rows);
      for (const typed of [user.email, user.fullName, "secret-oatmeal", "secret-peanuts", "/goal"]) {
        expect(stored).not.toContain(typed);
      }
    });
  });

  it("records Google connect for the account Google signed in", async () => {
    const since = new Date();
    const email = `google-${randomUUID().slice(0, 8)}@example.com`;
    server.setGoogleClaims({ sub: `sub-${email}`, email, email_verified: true, name: "Gina Google" });
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(`${baseUrl}/signin`);
      await page.getByRole("button", { name: "Connect with Google" }).click();
      await page.waitForURL((url) => url.pathname === "/goal");
      const userId = await userIdOf(email);
      await eventually(since, [event(userId, "google_connect")]);
    });
  });

  it.each([
    ["Do Not Track", "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })"],
    [
      "Global Privacy Control",
      "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })",
    ],
  ])("sends nothing when the browser asks for %s", async (_label, optOut) => {
    const since = new Date();
    const user = newTestUser("private");
    await withPage(browser, DESKTOP, async (page) => {
      await page.addInitScript(optOut);
      const tracked: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === TRACK_PATH) tracked.push(request.method());
      });
      await page.goto(`${baseUrl}/`);
      await page.getByRole("link", { name: "Sign Up", exact: true }).first().waitFor();
      await signUpViaUi(page, baseUrl, user);
      await page.getByRole("heading", { level: 1, name: "Set Your Fitness Goals" }).waitFor();
      await page.getByRole("link", { name: "Beginner Guide" }).first().click();
      await page.waitForURL((url) => url.pathname === "/beginnerguide");
      // Longer than the client's batching delay, then a page hide, which would flush anything queued.
      await page.waitForTimeout(3_000);
      await page.goto(`${baseUrl}/about`);
      await page.waitForTimeout(3_000);
      expect(tracked).toEqual([]);
      const userId = await userIdOf(user.email);
      expect((await rowsSince(since)).filter((row) => row.user_id === userId)).toEqual([]);
    });
  });
});
