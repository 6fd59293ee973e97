import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { checkA11y, closeChat, screenshot, withPage } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { signInViaUi } from "./support/users";
import type { TestUser } from "./support/users";
import { callFunction, registeredUser } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

/**
 * Weigh-ins, workout sets and the food diary out as CSV; weigh-ins back in from CSV and workout history in from a
 * Strong export (/account-security, My data).
 */

const SIZES = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: PHONE },
] as const;

const suite = serverAndBrowser();

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) ?? "", "utf8") };
}

async function openMyData(page: Page, user: TestUser): Promise<void> {
  await signInViaUi(page, suite.server.url, user);
  await page.goto(`${suite.server.url}/account-security`);
  await page.getByRole("heading", { level: 2, name: "My data" }).waitFor();
  await closeChat(page);
}

async function chooseFile(page: Page, text: string): Promise<void> {
  await page
    .getByLabel("CSV file with the columns date and weight_kg (or weight_lb)")
    .setInputFiles({ name: "weigh-ins.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
}

describe.each([SIZES[0]])("data in and out on $name", ({ name, viewport }) => {
  it("exports weigh-ins, sets and the food diary as CSV, and imports the weigh-ins into another account once, with bad rows reported", async () => {
    const owner = await registeredUser(suite.server.url, `csv-out-${name}`);
    const weighIns = [
      { date: "2026-01-05", weight_kg: 84.2 },
      { date: "2026-01-12", weight_kg: 83.6 },
      { date: "2026-01-19", weight_kg: 83.15 },
    ];
    for (const entry of weighIns) await callFunction(suite.server.url, "log_weight", owner.token, entry);
    await callFunction(suite.server.url, "log_workout_set", owner.token, {
      date: "2026-01-06",
      exercise_id: "push-up",
      set_number: 1,
      reps: 15,
      load_kg: 0,
      rir: 2,
    });
    await callFunction(suite.server.url, "log_food", owner.token, {
      date: "2026-01-06",
      meal: "Snacks",
      custom: { name: "Birthday cake, a slice", kcal: 350 },
      servings: 1,
    });

    const exported = await withPage(suite.browser, viewport, async (page) => {
      await openMyData(page, owner.user);
      const sets = await download(page, "Workout sets (CSV)");
      expect(sets.name).toMatch(/^fitwise-workout-sets-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(sets.text).toBe(
        "date,exercise_id,set_number,reps,load_kg,rir\r\n2026-01-06,push-up,1,15,0,2\r\n",
      );
      const diary = await download(page, "Food diary (CSV)");
      expect(diary.name).toMatch(/^fitwise-food-diary-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(diary.text).toBe(
        "date,source,meal,name,grams,servings,energy_kcal,protein_g,carbs_g,fat_g\r\n" +
          '2026-01-06,quick add,Snacks,"Birthday cake, a slice",,1,350,,,\r\n',
      );
      const file = await download(page, "Weigh-ins (CSV)");
      expect(file.name).toMatch(/^fitwise-weigh-ins-\d{4}-\d{2}-\d{2}\.csv$/);
      return file.text;
    });
    expect(exported).toBe("date,weight_kg\r\n2026-01-05,84.2\r\n2026-01-12,83.6\r\n2026-01-19,83.15\r\n");

    const other = await registeredUser(suite.server.url, `csv-in-${name}`);
    await withPage(suite.browser, viewport, async (page) => {
      await openMyData(page, other.user);
      await chooseFile(page, `${exported}2026-01-26,\n2026-13-01,80\n`);
      const preview = page.getByTestId("weigh-in-import-preview");
      await preview.waitFor();
      expect(await preview.locator("caption").textContent()).toBe("3 weigh-ins to import");
      expect(await page.getByTestId("weigh-in-import-skipped").locator("li").allTextContents()).toEqual([
        'Line 5: "" is not a weight.',
        'Line 6: "2026-13-01" is not a date as YYYY-MM-DD from 1900 on.',
      ]);
      // The file picker and the preview keep the page within the screen's width (a 390 px phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await checkA11y(page);
      await screenshot(page, `weigh-in-import-${name}`);
      await page.getByRole("button", { name: "Import 3 weigh-ins" }).click();
      await page.getByRole("status").filter({ hasText: "Imported 3 weigh-ins." }).waitFor();

      // The same file again: every day is already there, nothing to import.
      await chooseFile(page, exported);
      await preview.locator("caption").filter({ hasText: "0 weigh-ins to import" }).waitFor();
      expect(await page.getByRole("button", { name: "Import 0 weigh-ins" }).isDisabled()).toBe(true);
    });
    const imported = await callFunction(suite.server.url, "get_progress", other.token, {});
    expect(imported.entries).toEqual(weighIns);
  });

  it("imports workout history from a Strong export once, showing what each name became and every row left out", async () => {
    const lifter = await registeredUser(suite.server.url, `strong-in-${name}`);
    const strongExport = await readFile(
      new URL("../apps/server/src/modules/progress/fixtures/strong-export.csv", import.meta.url),
    );
    await withPage(suite.browser, viewport, async (page) => {
      await openMyData(page, lifter.user);
      const choose = () =>
        page
          .getByLabel("CSV export from Strong or Hevy")
          .setInputFiles({ name: "strong.csv", mimeType: "text/csv", buffer: strongExport });
      await choose();
      const preview = page.getByTestId("workout-import-preview");
      await preview.waitFor();
      expect(await preview.locator("caption").textContent()).toBe("5 exercises matched");
      expect(await preview.locator("tbody tr").first().locator("td").allTextContents()).toEqual([
        "Bench Press (Barbell)",
        "Barbell Bench Press",
        "2",
      ]);
      expect(await page.getByText("Not in our exercise library").textContent()).toContain(
        "Zercher Squat (Barbell) (1 set)",
      );
      expect(await page.getByTestId("workout-import-skipped").locator("li").first().textContent()).toBe(
        "Line 2: a warm-up set; only work sets are logged.",
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await checkA11y(page);
      await page.getByRole("button", { name: "Import 7 sets" }).click();
      await page.getByRole("status").filter({ hasText: "Imported 7 sets." }).waitFor();

      await choose();
      await page.getByRole("button", { name: "Import 0 sets" }).waitFor();
      expect(await page.getByRole("button", { name: "Import 0 sets" }).isDisabled()).toBe(true);
    });
    const history = await callFunction(suite.server.url, "get_workout_history", lifter.token, {});
    expect(history.exercises.map((entry) => entry.exercise_id).sort()).toEqual([
      "barbell-bench-press",
      "barbell-squat",
      "dumbbell-lunges",
      "standing-military-press",
      "triceps-pushdown",
    ]);
  });
});
