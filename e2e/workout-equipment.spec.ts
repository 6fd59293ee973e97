import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { WorkoutItemWire } from "@fitwise/contracts/plans";
import { findExerciseByName } from "@fitwise/engine/workouts/exercise-library";
import { becomePro } from "./support/api";
import { checkA11y, closeChat, newPage, screenshot } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { newTestUser, signInViaApi, signInViaUi, signUpViaApi } from "./support/users";
import { DESKTOP, PHONE } from "./support/viewports";

/*
 * docs/decisions/014: the equipment question on /goal and /updatemyworkoutinfo, and a week that uses only what
 * the user said they have; the calculator's screening notice; the alternatives to choose from.
 */

const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

const suite = serverAndBrowser();

async function workoutPlan(token: string): Promise<WorkoutItemWire[]> {
  const response = await fetch(`${suite.server.url}/functions/v1/openai_get_workout_plan`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as WorkoutItemWire[];
}

/** Every piece of equipment the week's exercises need, read from the exercise library. */
function equipmentUsed(items: readonly WorkoutItemWire[]): Set<string> {
  const used = new Set<string>();
  for (const item of items) {
    const exercise = findExerciseByName(item["Workout Name"]);
    if (item["Workout Name"] !== "Rest Day") expect(exercise, item["Workout Name"]).toBeDefined();
    for (const piece of exercise?.equipment ?? []) used.add(piece);
  }
  return used;
}

const toggle = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

describe.each([SIZES[1]])("workout equipment on a %s screen", (label, viewport) => {
  it("asks on /goal and in workout settings, and plans and replaces with only that equipment", async () => {
    const user = newTestUser(`equipment-${label}`);
    await signUpViaApi(suite.server.url, user);
    const token = await signInViaApi(suite.server.url, user);
    // Pro sees the whole week: a free user sees one training day, which need not hold the kettlebell work.
    await becomePro(suite.server.url, token);
    const page = await newPage(suite.browser, viewport);
    page.setDefaultTimeout(60_000);
    await signInViaUi(page, suite.server.url, user);
    await page.goto(`${suite.server.url}/goal`);
    await page.getByRole("heading", { level: 1, name: "Set Your Fitness Goals" }).waitFor();
    await closeChat(page);

    // The question, with the design's default for home: dumbbells and bands.
    const question = page.getByRole("group", { name: "5. What equipment do you have?" });
    await question.waitFor();
    expect(await toggle(page, "Dumbbells").getAttribute("aria-pressed")).toBe("true");
    expect(await toggle(page, "Resistance bands").getAttribute("aria-pressed")).toBe("true");
    expect(await toggle(page, "Kettlebell").getAttribute("aria-pressed")).toBe("false");
    await page.getByRole("radio", { name: "GYM Workout" }).check();
    await page.getByText(/A gym has everything/).waitFor();
    await page.getByRole("radio", { name: "Home Workout" }).check();
    await toggle(page, "No equipment").click();
    expect(await toggle(page, "Dumbbells").getAttribute("aria-pressed")).toBe("false");
    await toggle(page, "Kettlebell").click();
    expect(await toggle(page, "No equipment").getAttribute("aria-pressed")).toBe("false");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday"]) await toggle(page, day).click();
    await checkA11y(page);
    await screenshot(page, `equipment-01-goal-${label}`);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL((url) => url.pathname === "/userinfo");

    // The calculator speaks up for an underweight person who wants to lose weight.
    await page.getByLabel("Age (years)").fill("29");
    await page.getByRole("radio", { name: "Female" }).check();
    await page.getByLabel("Weight (kg)").fill("48");
    await page.getByLabel("Feet").selectOption("5");
    await page.getByLabel("Inches").selectOption("7");
    const notice = page.getByTestId("screening-notice");
    await notice.getByText(/Your BMI is 16\.\d, below the healthy range/).waitFor();
    await checkA11y(page);
    await screenshot(page, `equipment-02-calculator-notice-${label}`);
    await page.getByLabel("Weight (kg)").fill("64");
    await notice.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Calculate" }).click();
    await page.waitForURL((url) => url.pathname === "/mealplanpreferences");

    // The week uses body weight and the kettlebell only, Monday to Thursday.
    const week = await workoutPlan(token);
    expect(equipmentUsed(week)).toEqual(new Set(["body weight", "kettlebell"]));
    await page.goto(`${suite.server.url}/workouts`);
    await page.getByRole("heading", { level: 1, name: "My Workouts" }).waitFor();
    const rows = page.getByTestId("workout-item");
    await rows.first().waitFor();
    await page.getByText(/Checking for updates/).waitFor({ state: "detached" });
    const shown = (await page.getByTestId("workout-item").locator("p").first().allTextContents()).join();
    expect(shown).toContain(week[0]?.["Workout Name"]);
    // Readable prescriptions: minutes for the warm-up, rest for exercises, length and effort for the day.
    await page.getByText(/^8 min$/).waitFor();
    await page
      .getByText(/Rest: \d+ s/)
      .first()
      .waitFor();
    await page
      .getByTestId("workout-day-summary")
      .getByText(/About \d+ min/)
      .waitFor();
    await page.getByTestId("workout-day-summary").getByText(/RIR 3/).waitFor();

    // Three alternatives to choose from; the one chosen replaces the exercise, within the equipment.
    const choose = page.getByRole("button", { name: /^Choose an alternative to / }).first();
    const replacedName = ((await choose.getAttribute("aria-label")) ?? "").replace(
      /^Choose an alternative to /,
      "",
    );
    await choose.click();
    const dialog = page.getByRole("dialog", { name: `Instead of ${replacedName}` });
    await dialog.getByTestId("workout-alternative").first().waitFor();
    expect(await dialog.getByTestId("workout-alternative").count()).toBe(3);
    await checkA11y(page);
    await screenshot(page, `equipment-03-alternatives-${label}`);
    const pick = dialog.getByRole("button", { name: /^Use / }).last();
    const pickedName = ((await pick.getAttribute("aria-label")) ?? "").replace(/^Use this: /, "");
    await pick.click();
    await page
      .getByRole("alert")
      .filter({ hasText: `Successfully replaced ${replacedName} with ${pickedName}` })
      .waitFor();
    const afterSwap = await workoutPlan(token);
    // The seed follows the user id, so some weeks hold the replaced exercise on two days: exactly one goes.
    const occurrences = (items: readonly WorkoutItemWire[], name: string): number =>
      items.filter((item) => item["Workout Name"] === name).length;
    expect(occurrences(afterSwap, pickedName)).toBe(occurrences(week, pickedName) + 1);
    expect(occurrences(afterSwap, replacedName)).toBe(occurrences(week, replacedName) - 1);
    for (const piece of equipmentUsed(afterSwap)) expect(["body weight", "kettlebell"]).toContain(piece);

    // Workout settings show the declaration and change it; the next week follows.
    await page.goto(`${suite.server.url}/updatemyworkoutinfo`);
    await page.getByRole("heading", { level: 1, name: "Workout Settings" }).waitFor();
    await page.getByRole("group", { name: "Equipment you have" }).waitFor();
    expect(await toggle(page, "Kettlebell").getAttribute("aria-pressed")).toBe("true");
    expect(await toggle(page, "Dumbbells").getAttribute("aria-pressed")).toBe("false");
    await toggle(page, "Kettlebell").click();
    await toggle(page, "Resistance bands").click();
    expect(await toggle(page, "No equipment").getAttribute("aria-pressed")).toBe("false");
    await checkA11y(page);
    await screenshot(page, `equipment-04-settings-${label}`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes updated successfully.").waitFor();
    const rebuilt = await workoutPlan(token);
    const used = equipmentUsed(rebuilt);
    for (const piece of used) expect(["body weight", "resistance band"]).toContain(piece);
    expect(used.has("resistance band")).toBe(true);
    await page.context().close();
  });
});
