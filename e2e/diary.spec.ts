import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { ean13Y4m } from "@fitwise/contracts/fixtures/ean13-picture";
import {
  GOOD_CODE,
  MISMATCHED_CODE,
  startOpenFoodFactsStandIn,
  type OpenFoodFactsStandIn,
} from "@fitwise/server/modules/diary/open-food-facts.stand-in";
import { closeChat, checkA11y, launchBrowser, newPage, screenshot } from "./support/browser";
import { completeProfile } from "./support/profiles";
import { startServer } from "./support/server";
import type { RunningServer } from "./support/server";
import { signInViaUi } from "./support/users";
import type { TestUser } from "./support/users";
import { callFunction, registeredUser } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

/** The food diary on /diet (docs/decisions/051, 052): search and log, quick add, "Ate something else", delete, totals. */

let server: RunningServer;
let browser: Browser;
let openFoodFacts: OpenFoodFactsStandIn;

beforeAll(async () => {
  openFoodFacts = await startOpenFoodFactsStandIn();
  [server, browser] = await Promise.all([
    startServer({ env: { OPEN_FOOD_FACTS_URL: openFoodFacts.url } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openFoodFacts?.close();
});

/** The machine's local calendar day, `offset` days from today (the browser runs in the same time zone). */
function localToday(offset = 0): string {
  const at = new Date();
  at.setDate(at.getDate() + offset);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
}

/** A free user with a complete profile (allergic to milk) and a planned day 1, made through the API. */
async function seedUser(label: string): Promise<{ user: TestUser; token: string; plan: MealItemWire[] }> {
  const { user, token } = await registeredUser(server.url, label);
  await callFunction(
    server.url,
    "write_user_data",
    token,
    completeProfile({ user_allergies: "milk", has_visited_diet_screen: true }),
  );
  const plan = await callFunction(server.url, "openai_get_meal_plan", token, { currentDay: 1 });
  return { user, token, plan };
}

async function openDiet(page: Page, user: TestUser): Promise<void> {
  page.setDefaultTimeout(30_000);
  await signInViaUi(page, server.url, user);
  await page.goto(`${server.url}/diet`);
  await closeChat(page);
  await page.getByTestId("diary-panel").getByText("Food diary: today").click();
  await page.getByTestId("diary-panel").getByRole("button", { name: "Add food to Lunch" }).waitFor();
}

describe("food diary", () => {
  it("logs a searched food, a quick add and 'ate something else', deletes, copies yesterday, a typed barcode, totals the day (desktop and phone)", async () => {
    const { user, token, plan } = await seedUser("diary");
    const breakfastItem = plan.find((item) => item.Meal === "Breakfast");
    if (!breakfastItem) throw new Error("the plan has no breakfast");

    const desktop = await newPage(browser, DESKTOP);
    try {
      await openDiet(desktop, user);
      expect(await desktop.getByTestId("eaten-today").textContent()).toBe(
        "Eaten today: 0 kcal (0 items ticked)",
      );

      // Search as typed, with a typo; a food the person avoids is marked, not hidden.
      await desktop.getByRole("button", { name: "Add food to Lunch" }).click();
      const dialog = desktop.getByRole("dialog", { name: "Log food" });
      await dialog.getByLabel("Search foods").fill("chiken brest");
      const results = dialog.getByTestId("food-results");
      await results.getByRole("button").first().waitFor();
      expect(await results.getByRole("button").first().textContent()).toMatch(/^Chicken breast/);
      await dialog.getByLabel("Search foods").fill("greek yoghurt");
      await results.getByText("Not in your plans: contains milk").first().waitFor();
      await checkA11y(desktop);
      await dialog.getByLabel("Search foods").fill("chiken brest");
      await results
        .getByRole("button", { name: /^Chicken breast/ })
        .first()
        .click();
      await dialog.getByRole("radio", { name: "in grams" }).check();
      await dialog.getByLabel("Grams", { exact: true }).fill("150");
      await dialog.getByRole("button", { name: "Log food" }).click();
      await desktop
        .locator("[data-alert-type]")
        .getByText(/Logged Chicken breast.* to Lunch\./)
        .waitFor();
      const lunch = desktop
        .getByTestId("diary-meal")
        .filter({ has: desktop.getByRole("heading", { name: "Lunch" }) });
      await lunch.getByTestId("diary-entry").filter({ hasText: "Chicken breast" }).waitFor();

      // Quick add, by keyboard.
      await desktop.getByRole("button", { name: "Quick add" }).first().click();
      const quick = desktop.getByRole("dialog", { name: "Log food" });
      await quick.getByLabel("What was it?").fill("Office cake");
      await quick.getByLabel("Energy (kcal)").fill("250");
      await quick.getByLabel("Energy (kcal)").press("Enter");
      await desktop.getByTestId("diary-entry").filter({ hasText: "Office cake" }).waitFor();

      // "Ate something else" opens the search for the item's meal; the plan keeps the item.
      await desktop
        .getByRole("button", { name: `Ate something else instead of ${breakfastItem.Item}` })
        .click();
      const instead = desktop.getByRole("dialog", {
        name: `Ate something else instead of ${breakfastItem.Item}`,
      });
      expect(await instead.getByLabel("Meal").inputValue()).toBe("Breakfast");
      await instead.getByLabel("Search foods").fill("banana");
      await instead
        .getByTestId("food-results")
        .getByRole("button", { name: /^Banana/ })
        .first()
        .click();
      await instead.getByRole("button", { name: "Log food" }).click();
      await desktop.getByTestId("diary-entry").filter({ hasText: "instead of a plan item" }).waitFor();
      expect(await desktop.getByTestId("meal-item").filter({ hasText: breakfastItem.Item }).count()).toBe(1);

      // Delete the quick add; the totals follow.
      await desktop.getByRole("button", { name: "Delete Office cake from Snacks" }).click();
      await desktop
        .getByTestId("diary-entry")
        .filter({ hasText: "Office cake" })
        .waitFor({ state: "detached" });
      await desktop
        .getByTestId("eaten-today")
        .getByText("(0 items ticked, 2 logged)")
        .waitFor({ state: "attached" });
      await checkA11y(desktop);
      await screenshot(desktop, "diary-desktop");
    } catch (error) {
      await screenshot(desktop, "failure-diary-desktop").catch(() => undefined);
      throw error;
    } finally {
      await desktop.context().close();
    }

    const diary = await callFunction(server.url, "get_diary", token, { date: localToday() });
    const entries = diary.meals.flatMap((meal) => meal.entries);
    expect(entries.map((entry) => [entry.meal, entry.kind, entry.grams])).toEqual([
      ["Breakfast", "food", expect.any(Number)],
      ["Lunch", "food", 150],
    ]);
    expect(entries[0]?.instead_of_item_id).toBe(breakfastItem.id);
    const totalText = `Eaten today: ${Math.round(diary.totals.energy_kcal).toLocaleString("en-US")} kcal`;

    await callFunction(server.url, "log_food", token, {
      date: localToday(-1),
      meal: "Dinner",
      custom: { name: "Leftover curry", kcal: 480 },
      servings: 1,
    });

    // On a phone: the same diary, a product by barcode, yesterday's dinner copied, the day marked complete,
    // nothing wider than the screen.
    const phone = await newPage(browser, PHONE);
    try {
      await openDiet(phone, user);
      expect(await phone.getByTestId("eaten-today").textContent()).toContain(totalText);
      // A barcode typed by hand, looked up in the stand-in for Open Food Facts: a refusal says why.
      await phone.getByRole("button", { name: "Add food to Snacks" }).click();
      const dialog = phone.getByRole("dialog", { name: "Log food" });
      await dialog.getByRole("button", { name: "Barcode" }).click();
      await dialog.getByLabel("Barcode number").fill(MISMATCHED_CODE);
      await dialog.getByRole("button", { name: "Look up" }).click();
      await dialog
        .getByText("We can't log Granola bar: Its energy, 53 kcal per 100 g, does not match")
        .waitFor();
      await dialog.getByLabel("Barcode number").fill(GOOD_CODE);
      await dialog.getByRole("button", { name: "Look up" }).click();
      await dialog.getByText("Not in your plans: contains milk").waitFor();
      expect(await dialog.getByLabel("Number of servings").inputValue()).toBe("1");
      await checkA11y(phone);
      await dialog.getByRole("button", { name: "Log food" }).click();
      await phone.getByTestId("diary-entry").filter({ hasText: "Hazelnut spread" }).waitFor();
      await phone.getByRole("button", { name: "Copy yesterday's Dinner" }).click();
      await phone.getByTestId("diary-entry").filter({ hasText: "Leftover curry" }).waitFor();
      await phone.getByLabel("Today's diary is complete").check();
      await phone
        .getByLabel("Today's diary is complete")
        .and(phone.locator(":checked:not([disabled])"))
        .waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(phone, "diary-phone");
    } catch (error) {
      await screenshot(phone, "failure-diary-phone").catch(() => undefined);
      throw error;
    } finally {
      await phone.context().close();
    }
    const after = await callFunction(server.url, "get_diary", token, { date: localToday() });
    expect(after.complete).toBe(true);
    expect(after.meals.find((meal) => meal.meal === "Dinner")?.entries.map((entry) => entry.name)).toEqual([
      "Leftover curry",
    ]);
    expect(after.meals.find((meal) => meal.meal === "Snacks")?.entries).toEqual([
      expect.objectContaining({ name: "Hazelnut spread (Stand-in Foods)", servings: 1, grams: 15 }),
    ]);
  }, 120_000);

  it("makes a food of one's own, logs it, saves the meal and logs it again in one tap; the totals follow (phone)", async () => {
    const { user, token } = await seedUser("my-foods");
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await openDiet(phone, user);
      await phone.getByRole("button", { name: "Add food to Breakfast" }).click();
      const dialog = phone.getByRole("dialog", { name: "Log food" });
      await dialog.getByRole("button", { name: "My foods" }).click();
      await dialog.getByText("No foods of your own yet.").waitFor();
      await dialog.getByRole("button", { name: "New food" }).click();
      await dialog.getByLabel("Food name").fill("Sourdough toast");
      await dialog.getByLabel("Energy (kcal)").fill("250");
      await dialog.getByLabel("Protein (g, optional)").fill("9");
      await dialog.getByLabel("Measure (optional), e.g. slice").fill("slice");
      await dialog.getByLabel("Grams of one (optional)").fill("40");
      await checkA11y(phone);
      await dialog.getByRole("button", { name: "Save food" }).click();
      await dialog
        .getByTestId("my-foods")
        .getByRole("button", { name: /^Sourdough toast/ })
        .click();
      await dialog.getByLabel("Number of slices").fill("2");
      await dialog.getByRole("button", { name: "Log food" }).click();
      const breakfast = phone
        .getByTestId("diary-meal")
        .filter({ has: phone.getByRole("heading", { name: "Breakfast" }) });
      await breakfast.getByTestId("diary-entry").filter({ hasText: "Sourdough toast" }).waitFor();

      await breakfast.getByRole("button", { name: "Save this meal" }).click();
      await breakfast.getByLabel("Name of the saved meal").fill("Toast breakfast");
      await breakfast.getByRole("button", { name: "Save", exact: true }).click();
      await phone
        .locator("[data-alert-type]")
        .getByText(/Saved Toast breakfast/)
        .waitFor();

      await phone.getByRole("button", { name: "Add food to Lunch" }).click();
      await dialog.getByRole("button", { name: "Saved meals" }).click();
      await dialog.getByRole("button", { name: "Log Toast breakfast to Lunch" }).click();
      const lunch = phone
        .getByTestId("diary-meal")
        .filter({ has: phone.getByRole("heading", { name: "Lunch" }) });
      await lunch.getByTestId("diary-entry").filter({ hasText: "Sourdough toast" }).waitFor();
      await phone.getByTestId("diary-total").getByText("400 kcal").waitFor();
      await checkA11y(phone);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(phone, "diary-my-foods-phone");
    } catch (error) {
      await screenshot(phone, "failure-diary-my-foods-phone").catch(() => undefined);
      throw error;
    } finally {
      await phone.context().close();
    }
    const diary = await callFunction(server.url, "get_diary", token, { date: localToday() });
    expect(diary.totals).toMatchObject({ energy_kcal: 400, protein_g: 14.4 });
    expect(diary.meals.map((meal) => meal.entries.map((entry) => entry.food_id))).toEqual([
      [expect.stringMatching(/^my-/)],
      [expect.stringMatching(/^my-/)],
      [],
      [],
    ]);
  }, 90_000);

  // One size, the phone a scan is made with. Headless Chromium on Linux has no BarcodeDetector, so this reads the
  // fake camera's picture with the ZXing reader and the wasm the server sends (docs/decisions/068).
  it("scans a barcode from the camera and looks it up as if typed (phone)", async () => {
    const { user } = await seedUser("camera");
    const video = join(server.dataDir, "barcode.y4m");
    await writeFile(video, ean13Y4m(GOOD_CODE));
    const cameraBrowser = await launchBrowser([
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const context = await cameraBrowser.newContext({ viewport: PHONE, permissions: ["camera"] });
      const page = await context.newPage();
      expect(await page.evaluate(() => "BarcodeDetector" in globalThis)).toBe(false);
      await openDiet(page, user);
      await page.getByRole("button", { name: "Add food to Snacks" }).click();
      const dialog = page.getByRole("dialog", { name: "Log food" });
      await dialog.getByRole("button", { name: "Barcode" }).click();
      await dialog.getByRole("button", { name: "Scan with camera" }).click();
      await dialog.getByText("Not in your plans: contains milk").waitFor();
      await dialog.getByText("Hazelnut spread").first().waitFor();
      await checkA11y(page);
    } finally {
      await cameraBrowser.close();
    }
  }, 120_000);
});
