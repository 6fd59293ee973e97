import { appendFile, cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { FunctionName } from "@fitwise/contracts/functions";
import { postFunctionWhenFree } from "./support/api";
import { checkA11y, closeChat, newPage, screenshot } from "./support/browser";
import { completeProfile } from "./support/profiles";
import { startServer } from "./support/server";
import { serverAndBrowser } from "./support/suite";
import type { RunningServer } from "./support/server";
import { newTestUser, signInViaApi, signInViaUi, signOutViaUi, signUpViaApi } from "./support/users";
import type { TestUser } from "./support/users";
import { DESKTOP, PHONE } from "./support/viewports";

/**
 * The installable, offline app (docs/decisions/047-offline-app-shell-and-write-queue.md): manifest and
 * service worker, /diet, /workouts, the shopping list and opened recipes read offline after one online visit,
 * writes queued offline, sign-out clearing it all.
 */

const SIZES = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: PHONE },
] as const;

/** The built web app (npm run build). */
const WEB_DIST = fileURLToPath(new URL("../apps/web/dist/", import.meta.url));

/** The flags that are no one's data and stay after sign-out (apps/web/src/lib/auth-session.ts). */
const KEYS_KEPT_ON_SIGN_OUT = ["hasVisitedDietScreen", "hasVisitedWorkoutScreen", "install_prompt_offered"];

// The first-visit "continue to your workout plan?" question is answered: these tests are about going offline.
const PROFILE = completeProfile({ has_visited_diet_screen: true });

const suite = serverAndBrowser();

/** A registered user with a complete profile (plans are made on the first visit). */
async function userWithProfile(label: string): Promise<TestUser> {
  const user = newTestUser(label);
  await signUpViaApi(suite.server.url, user);
  const token = await signInViaApi(suite.server.url, user);
  const written = await fetch(`${suite.server.url}/functions/v1/write_user_data`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(PROFILE),
  });
  expect(written.status).toBe(200);
  return user;
}

/** Resolves once a service worker controls the page, so its navigations and files come from the worker. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

async function dietShown(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1, name: "My Diet" }).waitFor();
  await page.getByTestId("diet-total").waitFor();
}

async function workoutsShown(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1, name: "My Workouts" }).waitFor();
  await page.getByRole("tablist", { name: "Workout days" }).waitFor();
}

/**
 * Chromium's beforeinstallprompt, as it fires once an app is installable: a headless, incognito browser
 * never fires it, so the test does, with a prompt() that leaves a mark.
 */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        sessionStorage.setItem("install-prompted", "yes");
        return Promise.resolve();
      },
    });
    window.dispatchEvent(event);
  });
}

/** What this browser still holds for the app: storage keys, caches, IndexedDB stores, service workers. */
function storedData(page: Page) {
  return page.evaluate(async () => ({
    localStorageKeys: Object.keys(localStorage).sort(),
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((database) => database.name),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}

describe("the installable app", () => {
  it("serves a manifest with the fields and icons installers ask for", async () => {
    const response = await fetch(`${suite.server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "Fitwise",
      short_name: "Fitwise",
      start_url: "/diet",
      display: "standalone",
      theme_color: "#0f7b5f",
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const image = await fetch(`${suite.server.url}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get("content-type"), icon.src).toBe("image/png");
      // A PNG's width and height are big-endian at bytes 16 and 20 of its IHDR chunk.
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it("registers no service worker on the landing page", async () => {
    const page = await newPage(suite.browser, SIZES[0].viewport);
    try {
      await page.goto(suite.server.url);
      await page.getByRole("link", { name: "Sign Up" }).first().waitFor();
      // Give a registration that should not happen the time it would take.
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
        0,
      );
    } finally {
      await page.context().close();
    }
  });
});

describe.each([SIZES[1]])("offline reading on $name", ({ name, viewport }) => {
  it("opens /diet and /workouts offline after one online visit, and sign-out leaves nothing for the next user", async () => {
    const user = await userWithProfile(`offline-${name}`);
    const page = await newPage(suite.browser, viewport);
    // Meal plans may be solving for other tests on this busy machine: wait longer than usual.
    page.setDefaultTimeout(60_000);
    try {
      await signInViaUi(page, suite.server.url, user);
      await page.goto(`${suite.server.url}/diet`);
      await dietShown(page);
      await closeChat(page);
      const dietTotal = await page.getByTestId("diet-total").textContent();
      await page.goto(`${suite.server.url}/workouts`);
      await workoutsShown(page);
      const workoutDays = await page.getByRole("tablist", { name: "Workout days" }).textContent();
      await waitForServiceWorker(page);

      // Installable by Chromium's own criteria: manifest, icons, a registered worker with a fetch handler.
      const cdp = await page.context().newCDPSession(page);
      const installability = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      // A Playwright context is an incognito profile, where Chromium never offers to install: that one reason aside, none.
      const errors = installability.installabilityErrors.map((error) => error.errorId);
      expect(errors.filter((errorId) => errorId !== "in-incognito")).toEqual([]);
      await cdp.detach();

      // The install prompt, once a plan exists: offered once, and never again on this browser.
      await offerInstall(page);
      const install = page.getByRole("region", { name: /^Install Fitwise on this device/ });
      await install.getByRole("button", { name: "Install" }).click();
      expect(await page.evaluate(() => sessionStorage.getItem("install-prompted"))).toBe("yes");
      await page.reload();
      await workoutsShown(page);
      await offerInstall(page);
      await page.waitForTimeout(500);
      expect(await install.count()).toBe(0);

      await page.context().setOffline(true);
      await page.reload();
      await workoutsShown(page);
      expect(await page.getByRole("tablist", { name: "Workout days" }).textContent()).toBe(workoutDays);
      const bar = page.getByTestId("offline-bar");
      await bar.getByText("Offline — showing what you had.").waitFor();
      expect(await bar.textContent()).toMatch(/Last synced at \d{1,2}:\d{2}/);

      await page.goto(`${suite.server.url}/diet`);
      await dietShown(page);
      expect(await page.getByTestId("diet-total").textContent()).toBe(dietTotal);
      await bar.getByText("Offline — showing what you had.").waitFor();
      await checkA11y(page);
      await screenshot(page, `offline-diet-${name}`);

      // Signing out offline still clears this browser.
      await signOutViaUi(page);
      const left = await storedData(page);
      expect(left.localStorageKeys.filter((key) => !KEYS_KEPT_ON_SIGN_OUT.includes(key))).toEqual([]);
      expect(left.caches).toEqual([]);
      expect(left.databases).not.toContain("fitwise-offline");
      expect(left.workers).toBe(0);

      // The next person on this browser, without a profile yet, is asked for their goal: nothing of the last one's shows.
      await page.context().setOffline(false);
      const next = newTestUser(`next-${name}`);
      await signUpViaApi(suite.server.url, next);
      await signInViaUi(page, suite.server.url, next);
      await page.goto(`${suite.server.url}/diet`);
      await page.waitForURL((url) => url.pathname === "/goal");
      expect(await page.getByTestId("diet-total").count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});

/** The machine's local calendar day (the browser runs in the same time zone). */
function localToday(): string {
  const at = new Date();
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
}

async function callApi<T>(token: string, name: FunctionName, body: unknown): Promise<T> {
  const { status, text } = await postFunctionWhenFree(suite.server.url, name, token, body);
  expect(status, name).toBe(200);
  return JSON.parse(text) as T;
}

describe.each([SIZES[0]])("offline writing on $name", ({ name, viewport }) => {
  it("keeps a set, a weigh-in and a diary entry made offline and sends each exactly once when the connection returns", async () => {
    const user = await userWithProfile(`queue-${name}`);
    const page = await newPage(suite.browser, viewport);
    page.setDefaultTimeout(60_000);
    const today = localToday();
    try {
      await signInViaUi(page, suite.server.url, user);
      await page.goto(`${suite.server.url}/diet`);
      await dietShown(page);
      await closeChat(page);
      await page.goto(`${suite.server.url}/workouts`);
      await workoutsShown(page);
      await waitForServiceWorker(page);

      await page.context().setOffline(true);
      await page.reload();
      await workoutsShown(page);
      await page.getByRole("button", { name: "Start workout" }).click();
      const exercise = page.getByTestId("log-exercise").first();
      await exercise.waitFor();
      const exerciseName = (await exercise.getByRole("heading", { level: 3 }).textContent()) ?? "";
      const set1 = exercise.getByRole("group", { name: /^Set 1/ });
      await set1.getByLabel("Reps", { exact: true }).fill("11");
      await set1.getByLabel("Load (kg)").fill("12.5");
      await set1.getByRole("button", { name: `Log set 1 of ${exerciseName}` }).click();
      await exercise.getByRole("group", { name: /^Set 1 ✓ logged/ }).waitFor();
      const bar = page.getByTestId("offline-bar");
      await bar.getByText("1 change kept on this device, sent when you are back online.").waitFor();

      await page.goto(`${suite.server.url}/diet`);
      await dietShown(page);
      await page.locator("details[data-weigh-in] summary").click();
      const form = page.getByRole("form", { name: "Log your weight" });
      await form.getByLabel("Date").fill(today);
      await form.getByLabel("Weight (kg)").fill("81.5");
      await form.getByRole("button", { name: "Save weight" }).click();
      await form
        .getByRole("status")
        .filter({ hasText: `Kept on this device: 81.5 kg for ${today}.` })
        .waitFor();
      await bar.getByText("2 changes kept on this device").waitFor();

      // A quick add to the food diary is kept the same way.
      await page.getByTestId("diary-panel").locator("summary").click();
      await page.getByTestId("diary-panel").getByRole("button", { name: "Quick add" }).click();
      const quick = page.getByRole("dialog", { name: "Log food" });
      await quick.getByLabel("What was it?").fill("Office cake");
      await quick.getByLabel("Energy (kcal)").fill("250");
      await quick.getByLabel("Energy (kcal)").press("Enter");
      await page
        .locator("[data-alert-type]")
        .getByText("Logged Office cake to Snacks on this device; it is sent when you are back online.")
        .waitFor();
      await bar.getByText("3 changes kept on this device").waitFor();
      await checkA11y(page);
      await screenshot(page, `offline-queued-${name}`);

      // Nothing reached the server while offline: only the profile's weight, the first weigh-in, is there.
      const token = await signInViaApi(suite.server.url, user);
      const before = await callApi<{ entries: { weight_kg: number }[] }>(token, "get_progress", { today });
      expect(before.entries.map((entry) => entry.weight_kg)).toEqual([PROFILE.user_weight_in_kgs]);

      await page.context().setOffline(false);
      await expect.poll(async () => (await bar.textContent()) ?? "", { timeout: 30_000 }).toBe("");
      // A reload sends nothing again: the queue is empty.
      await page.reload();
      await dietShown(page);
      expect(
        await page.evaluate(async () => {
          const request = indexedDB.open("fitwise-offline");
          const db = await new Promise<IDBDatabase>((resolve) => {
            request.onsuccess = () => resolve(request.result);
          });
          const count = await new Promise<number>((resolve) => {
            const counting = db.transaction("writes").objectStore("writes").count();
            counting.onsuccess = () => resolve(counting.result);
          });
          db.close();
          return count;
        }),
      ).toBe(0);

      const progress = await callApi<{ entries: unknown[] }>(token, "get_progress", { today });
      expect(progress.entries.filter((entry) => JSON.stringify(entry).includes("81.5"))).toEqual([
        { date: today, weight_kg: 81.5 },
      ]);
      const diary = await callApi<{ meals: { entries: { name: string }[] }[] }>(token, "get_diary", {
        date: today,
      });
      expect(diary.meals.flatMap((meal) => meal.entries.map((entry) => entry.name))).toEqual(["Office cake"]);
      const history = await callApi<{
        exercises: { exercise_name: string; sessions: { date: string; sets: unknown[] }[] }[];
      }>(token, "get_workout_history", {});
      expect(history.exercises.map((entry) => [entry.exercise_name, entry.sessions])).toEqual([
        [exerciseName, [{ date: today, sets: [{ set_number: 1, reps: 11, load_kg: 12.5, rir: 2 }] }]],
      ]);
    } finally {
      await page.context().close();
    }
  });
});

describe("the kitchen offline", () => {
  it("reads the shopping list and a recipe opened before, and sends a tick made offline once", async () => {
    const user = await userWithProfile("kitchen");
    const page = await newPage(suite.browser, SIZES[0].viewport);
    page.setDefaultTimeout(60_000);
    try {
      await signInViaUi(page, suite.server.url, user);
      await page.goto(`${suite.server.url}/diet`);
      await dietShown(page);
      await closeChat(page);
      const recipe = page.getByTestId("recipe").first();
      await recipe.locator("summary").click();
      await recipe.getByRole("heading", { name: /^Ingredients for/ }).waitFor();
      const recipeText = (await recipe.textContent()) ?? "";

      await page.goto(`${suite.server.url}/groceries`);
      await page.getByRole("button", { name: "Make my list" }).click();
      const line = page.getByTestId("grocery-line").first();
      await line.waitFor();
      const lineName = (await line.locator("span").first().textContent()) ?? "";
      await waitForServiceWorker(page);

      await page.context().setOffline(true);
      await page.reload();
      await page.getByTestId("offline-bar").waitFor();
      await line.getByRole("checkbox").check();
      await page
        .getByTestId("offline-bar")
        .getByText("1 change kept on this device, sent when you are back online.")
        .waitFor();
      expect(await line.getByRole("checkbox").isChecked()).toBe(true);
      await checkA11y(page);

      await page.goto(`${suite.server.url}/diet`);
      await dietShown(page);
      const keptRecipe = page.getByTestId("recipe").first();
      await keptRecipe.locator("summary").click();
      await keptRecipe.getByRole("heading", { name: /^Ingredients for/ }).waitFor();
      expect(await keptRecipe.textContent()).toBe(recipeText);

      await page.context().setOffline(false);
      const bar = page.getByTestId("offline-bar");
      await expect.poll(async () => (await bar.textContent()) ?? "", { timeout: 30_000 }).toBe("");
      const token = await signInViaApi(suite.server.url, user);
      const days = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, plan: 1 }));
      const list = await callApi<{ ticked: string[] }>(token, "get_grocery_list", { days });
      expect(list.ticked).toEqual([lineName]);
    } finally {
      await page.context().close();
    }
  });
});

describe("a new version", () => {
  let copy: string;
  let deployed: RunningServer;

  beforeAll(async () => {
    // A build of its own to deploy a new version into, served by a server of its own.
    copy = await mkdtemp(join(tmpdir(), "fitwise-web-next-"));
    await cp(WEB_DIST, copy, { recursive: true });
    // Without the precompressed copies the server sends sw.js itself, which the test changes below.
    await rm(join(copy, "sw.js.br"), { force: true });
    await rm(join(copy, "sw.js.gz"), { force: true });
    deployed = await startServer({ webDistDir: copy });
  });

  afterAll(async () => {
    await deployed?.stop();
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it("is announced, waits while the person logs a set, and comes in only on Reload", async () => {
    const user = newTestUser("update");
    await signUpViaApi(deployed.url, user);
    const token = await signInViaApi(deployed.url, user);
    const written = await fetch(`${deployed.url}/functions/v1/write_user_data`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(PROFILE),
    });
    expect(written.status).toBe(200);
    const page = await newPage(suite.browser, SIZES[0].viewport);
    page.setDefaultTimeout(60_000);
    try {
      await signInViaUi(page, deployed.url, user);
      await page.goto(`${deployed.url}/workouts`);
      await workoutsShown(page);
      await closeChat(page);
      await waitForServiceWorker(page);
      await page.getByRole("button", { name: "Start workout" }).click();
      const reps = page.getByTestId("log-exercise").first().getByLabel("Reps", { exact: true }).first();
      await reps.fill("7");

      // The next deployment: the same worker with one byte more is a new version to the browser.
      await appendFile(join(copy, "sw.js"), "\n// next version\n");
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByRole("status").filter({ hasText: "A new version is ready." });
      await prompt.waitFor();
      // Nothing changes under the person: the set being typed is still there, the new worker waits.
      await page.waitForTimeout(1_000);
      expect(await reps.inputValue()).toBe("7");
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
      ).toBe(true);
      await checkA11y(page);

      await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
      await workoutsShown(page);
      await waitForServiceWorker(page);
      expect(
        await page.evaluate(
          async () => ((await navigator.serviceWorker.getRegistration())?.waiting ?? null) === null,
        ),
      ).toBe(true);
      expect(await prompt.count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
