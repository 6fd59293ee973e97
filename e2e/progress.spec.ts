import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeChat, checkA11y, newPage, screenshot } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { newTestUser, signInViaApi, signInViaUi, signUpViaApi } from "./support/users";
import { completeProfile } from "./support/profiles";
import { callFunction } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

/** Following the plan (docs/decisions/022): weigh-ins and the chart, meals eaten, workout logging with a rest timer. */

const SIZES = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: PHONE },
] as const;

const PROFILE = completeProfile({
  user_full_name: "Katherine Johnson",
  user_age: 41,
  user_weight_in_kgs: 72,
  user_height_in_cm: 170,
  user_activity: 1.55,
  user_fitness_goal: "Gain Muscle Mass",
  user_workout_type: "GYM Workout",
  user_food_preference: "American",
  user_preferred_protein_sources: ["Poultry", "Seafood", "Eggs"],
  // The first-visit "continue to your workout plan?" question is answered: these tests are about logging.
  has_visited_diet_screen: true,
});

const suite = serverAndBrowser();

/** The machine's local calendar day, `offset` days from today (the browser runs in the same time zone). */
function localDate(offset = 0): string {
  const at = new Date();
  at.setDate(at.getDate() + offset);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
}

/** A registered user with a complete profile, signed in through the form on a page of the given size. */
async function signedInUser(viewport: { width: number; height: number }, label: string): Promise<Page> {
  const user = newTestUser(label);
  await signUpViaApi(suite.server.url, user);
  const token = await signInViaApi(suite.server.url, user);
  const written = await fetch(`${suite.server.url}/functions/v1/write_user_data`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(PROFILE),
  });
  expect(written.status).toBe(200);
  const page = await newPage(suite.browser, viewport);
  // Meal plans may be solving for other tests on this busy machine: wait longer than usual.
  page.setDefaultTimeout(60_000);
  await signInViaUi(page, suite.server.url, user);
  return page;
}

async function logWeight(page: Page, date: string, weight: string): Promise<void> {
  // On /diet the form is folded under a "Log your weight" disclosure; /progress shows it open.
  const folded = page.locator("details[data-weigh-in]:not([open])");
  if ((await folded.count()) > 0) await folded.locator("summary").click();
  const form = page.getByRole("form", { name: "Log your weight" });
  await form.getByLabel("Date").fill(date);
  await form.getByLabel("Weight (kg)").fill(weight);
  await form.getByRole("button", { name: "Save weight" }).click();
  await form
    .getByRole("status")
    .filter({ hasText: `for ${date}` })
    .waitFor();
}

describe.each([SIZES[1]])("following the plan on $name", ({ name, viewport }) => {
  it("logs three weigh-ins on /progress and shows them on the chart with the trend and the weekly rate", async () => {
    const page = await signedInUser(viewport, `weigh-${name}`);
    try {
      await page.goto(`${suite.server.url}/progress`);
      await page.getByRole("heading", { level: 1, name: "My Progress" }).waitFor();
      await closeChat(page);
      // The onboarding weight (72 kg) is the first weigh-in (docs/decisions/053).
      const rows = page.getByTestId("weigh-in-table").locator("tbody tr");
      await rows.first().waitFor();
      expect(await rows.locator("td").first().textContent()).toBe("72 kg");

      await logWeight(page, localDate(-14), "80");
      await logWeight(page, localDate(-7), "79.4");
      await logWeight(page, localDate(0), "78.9");

      const chart = page.getByTestId("weight-chart");
      await chart.waitFor();
      await expect.poll(() => chart.getByTestId("weigh-in-dot").count()).toBe(3);
      expect(await chart.getByTestId("trend-line").getAttribute("points")).toMatch(
        /^[\d.]+,[\d.]+ [\d.]+,[\d.]+ [\d.]+,[\d.]+$/,
      );
      expect(await page.getByRole("img", { name: /Weight and trend 3 weigh-ins from/ }).count()).toBe(1);
      await expect.poll(() => rows.count()).toBe(3);
      expect(await rows.first().locator("th").textContent()).toBe(localDate(0));
      // Today's onboarding weight is replaced by the last weigh-in once the server's answer is back.
      await expect.poll(() => rows.first().locator("td").first().textContent()).toBe("78.9 kg");
      expect(await page.getByTestId("weekly-rate").textContent()).toMatch(
        /^Your trend is going down by [\d.]+ kg a week\.$/,
      );
      // The adaptive target is Pro; a free user is offered the upgrade.
      await page.getByRole("button", { name: /Unlock the adaptive target/ }).waitFor();

      // Link in the navigation of this size.
      const nav =
        name === "phone"
          ? page.getByRole("navigation", { name: "Tab bar" })
          : page.getByRole("navigation", { name: "Side menu" });
      expect(await nav.getByRole("link", { name: /Progress/ }).getAttribute("aria-current")).toBe("page");

      await checkA11y(page);
      await screenshot(page, `progress-01-weigh-ins-${name}`);

      // One unit for every figure on the page, remembered after a reload.
      await page.getByRole("radio", { name: "lb" }).check();
      await expect.poll(() => rows.first().locator("td").first().textContent()).toBe("173.9 lb");
      expect(await rows.first().locator("td").nth(1).textContent()).toMatch(/ lb$/);
      expect(await page.getByTestId("weekly-rate").textContent()).toMatch(/ lb a week\.$/);
      expect(await chart.getByText("Weigh-ins (lb)").count()).toBe(1);
      await page.reload();
      await expect.poll(() => rows.first().locator("td").first().textContent()).toBe("173.9 lb");
      await page.getByRole("radio", { name: "kg" }).check();

      // A weigh-in dated 1900 asks first; the 90-day window leaves it out, "All" spaces the dates over the years.
      const form = page.getByRole("form", { name: "Log your weight" });
      await form.getByLabel("Date").fill("1900-01-01");
      await form.getByLabel("Weight (kg)").fill("75");
      await form.getByRole("button", { name: "Save weight" }).click();
      await form.getByRole("button", { name: "Change the date" }).waitFor();
      await checkA11y(page);
      await form.getByRole("button", { name: "Save for 1 January 1900" }).click();
      await form.getByRole("status").filter({ hasText: "for 1900-01-01" }).waitFor();
      await expect.poll(() => rows.count()).toBe(3);
      expect(await chart.getByTestId("weigh-in-dot").count()).toBe(3);
      await page.getByRole("radio", { name: "All" }).check();
      await expect.poll(() => chart.getByTestId("weigh-in-dot").count()).toBe(4);
      const labels = chart.getByTestId("date-label");
      expect(await labels.first().textContent()).toBe("Jan 1900");
      const boxes = await labels.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()));
      for (let index = 1; index < boxes.length; index += 1)
        expect(boxes[index]?.left ?? 0).toBeGreaterThan(boxes[index - 1]?.right ?? 0);
      await screenshot(page, `progress-01b-all-years-${name}`);
      await page.getByRole("radio", { name: "90 days" }).check();

      // Deleting a weigh-in removes it from the chart.
      await page.getByRole("button", { name: `Delete the weigh-in of ${localDate(-7)}` }).click();
      await expect.poll(() => chart.getByTestId("weigh-in-dot").count()).toBe(2);
      // Deleting can be undone from the alert.
      await page.locator("[data-alert-type]").getByRole("button", { name: "Undo" }).click();
      await expect.poll(() => chart.getByTestId("weigh-in-dot").count()).toBe(3);
    } finally {
      await page.context().close();
    }
  });

  it("ticks meals as eaten on /diet, sums today's intake and logs a weigh-in there", async () => {
    const page = await signedInUser(viewport, `eaten-${name}`);
    try {
      await page.goto(`${suite.server.url}/diet`);
      await page.getByRole("heading", { level: 1, name: "My Diet" }).waitFor();
      await closeChat(page);
      const items = page.getByTestId("meal-item");
      await items.first().waitFor();
      const intake = page.getByTestId("eaten-today");
      expect(await intake.textContent()).toBe("Eaten today: 0 kcal (0 items ticked)");

      const first = items.first();
      const box = first.getByRole("checkbox", { name: /^Eaten: / });
      await box.check();
      await expect
        .poll(() => intake.textContent())
        .toMatch(/^Eaten today: [1-9][\d,]* kcal \(1 item ticked\)$/);
      const oneItem = Number((await intake.textContent())?.match(/([\d,]+) kcal/)?.[1]?.replace(",", ""));

      // Editing the grams changes the intake: half the grams, about half the energy.
      const grams = first.getByRole("spinbutton", { name: /^Grams of .* eaten$/ });
      const planned = Number(await grams.inputValue());
      await grams.fill(String(Math.round(planned / 2)));
      await grams.press("Enter");
      await expect
        .poll(async () => Number((await intake.textContent())?.match(/([\d,]+) kcal/)?.[1]?.replace(",", "")))
        .toBeLessThan(oneItem * 0.6);

      const second = items.nth(1).getByRole("checkbox", { name: /^Eaten: / });
      await second.check();
      await expect.poll(() => intake.textContent()).toMatch(/\(2 items ticked\)$/);
      await second.uncheck();
      await expect.poll(() => intake.textContent()).toMatch(/\(1 item ticked\)$/);

      // The ticks are stored on the server: they are still there after a reload.
      await page.reload();
      await items.first().waitFor();
      await expect
        .poll(() =>
          items
            .first()
            .getByRole("checkbox", { name: /^Eaten: / })
            .isChecked(),
        )
        .toBe(true);

      // The ticked item is replaced: it is no longer on the plan, so it stops counting, and a note says so.
      const tickedName = (
        await items
          .first()
          .getByRole("checkbox", { name: /^Eaten: / })
          .getAttribute("aria-label")
      )?.replace(/^Eaten: /, "");
      await page.getByRole("button", { name: `Replace ${tickedName}`, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Replace ${tickedName}` });
      await dialog
        .getByTestId("replace-choice")
        .first()
        .getByRole("button", { name: /^Choose / })
        .click();
      await dialog.waitFor({ state: "hidden" });
      await expect.poll(() => intake.textContent()).toBe("Eaten today: 0 kcal (0 items ticked)");
      expect(await page.getByTestId("eaten-dropped").textContent()).toContain(
        `Not counted any more: ${tickedName} (`,
      );

      await logWeight(page, localDate(0), "72.5");
      await checkA11y(page);
      await screenshot(page, `progress-02-diet-eaten-${name}`);
    } finally {
      await page.context().close();
    }
  });

  it("starts a workout, logs sets, counts the rest down, and shows the numbers next session", async () => {
    const page = await signedInUser(viewport, `lift-${name}`);
    try {
      await page.goto(`${suite.server.url}/workouts`);
      await page.getByRole("heading", { level: 1, name: "My Workouts" }).waitFor();
      await closeChat(page);
      await page.getByRole("button", { name: "Start workout" }).click();
      const exercise = page.getByTestId("log-exercise").first();
      await exercise.waitFor();
      expect(await exercise.getByTestId("previous-numbers").textContent()).toBe(
        "First time: no previous numbers yet.",
      );
      const exerciseName = (await exercise.getByRole("heading", { level: 3 }).textContent()) ?? "";

      const set1 = exercise.getByRole("group", { name: /^Set 1/ });
      // An empty field is refused with a reason, never logged as 0.
      await set1.getByLabel("Reps", { exact: true }).fill("");
      await set1.getByRole("button", { name: `Log set 1 of ${exerciseName}` }).click();
      await set1.getByText("Enter the reps you did.").waitFor();
      await set1.getByLabel("Reps", { exact: true }).fill("10");
      await set1.getByLabel("Load (kg)").fill("20");
      await set1.getByLabel("Reps in reserve").selectOption("2");
      await set1.getByRole("button", { name: `Log set 1 of ${exerciseName}` }).click();
      await exercise.getByRole("group", { name: /^Set 1 ✓ logged/ }).waitFor();

      // The rest timer starts from the exercise's rest time and counts down.
      const clock = page.getByRole("timer", { name: "Rest time left" });
      await clock.waitFor();
      const startSeconds = Number(await clock.getAttribute("data-seconds"));
      expect(startSeconds).toBeGreaterThan(30);
      await expect
        .poll(async () => Number(await clock.getAttribute("data-seconds")), { timeout: 15_000 })
        .toBeLessThan(startSeconds);
      expect(await clock.textContent()).toMatch(/^\d:\d\d$/);
      await checkA11y(page);
      await screenshot(page, `progress-03-rest-timer-${name}`);
      await page.getByRole("button", { name: "Skip rest" }).click();
      await clock.waitFor({ state: "detached" });

      const set2 = exercise.getByRole("group", { name: /^Set 2/ });
      // The next set starts from the load just lifted.
      expect(await set2.getByLabel("Load (kg)").inputValue()).toBe("20");
      await set2.getByLabel("Reps", { exact: true }).fill("9");
      await set2.getByRole("button", { name: `Log set 2 of ${exerciseName}` }).click();
      await exercise.getByRole("group", { name: /^Set 2 ✓ logged/ }).waitFor();
      await page.getByRole("button", { name: "Finish workout" }).click();

      // Next session: the browser's clock is a day later, and last time's numbers sit beside the sets.
      await page.clock.setFixedTime(new Date(`${localDate(1)}T12:00:00`));
      await page.reload();
      await page.getByRole("button", { name: "Start workout" }).click();
      const again = page.getByTestId("log-exercise").first();
      await expect
        .poll(() => again.getByTestId("previous-numbers").textContent())
        .toBe(`Last time (${localDate(0)}): 10 × 20 kg · 9 × 20 kg`);
      expect(
        await again
          .getByRole("group", { name: /^Set 1/ })
          .getByLabel("Load (kg)")
          .inputValue(),
      ).toBe("20");
      await again.getByText(/^Stay at 20 kg and beat last time's reps/).waitFor();
      await checkA11y(page);
      await screenshot(page, `progress-04-next-session-${name}`);
    } finally {
      await page.context().close();
    }
  });
});

describe("the adaptive target (Pro)", () => {
  it("suggests a target from four weeks of logs; accepting it changes the diet's target", async () => {
    const user = newTestUser("adaptive");
    await signUpViaApi(suite.server.url, user);
    const token = await signInViaApi(suite.server.url, user);
    await callFunction(suite.server.url, "write_user_data", token, PROFILE);
    const items = await callFunction(suite.server.url, "openai_get_meal_plan", token, {
      currentDay: 1,
    });
    const densest = [...items].sort((a, b) => b.Calories / b.Weight - a.Calories / a.Weight)[0];
    if (!densest) throw new Error("empty plan");
    // Four weeks at ~2,000 kcal a day with a steady weight: they spend about 2,000 kcal, well below the formula.
    const grams = Math.round((2000 / densest.Calories) * densest.Weight);
    for (let day = 27; day >= 0; day -= 1) {
      await callFunction(suite.server.url, "log_weight", token, {
        date: localDate(-day),
        weight_kg: day % 2 === 0 ? 72.2 : 71.8,
      });
      await callFunction(suite.server.url, "log_meal_eaten", token, {
        date: localDate(-day),
        item_id: densest.id,
        eaten: true,
        grams,
      });
    }
    const checkoutUrl = (await callFunction(suite.server.url, "create_checkout", token, { plan: "monthly" }))
      .url;

    const page = await newPage(suite.browser, SIZES[0].viewport);
    page.setDefaultTimeout(60_000);
    try {
      await signInViaUi(page, suite.server.url, user);
      await page.goto(new URL(checkoutUrl, suite.server.url).href);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/39");
      await page.getByLabel("Security code").fill("123");
      await page.getByRole("button", { name: /free trial/ }).click();
      await page.waitForURL((url) => url.pathname === "/diet");
      await closeChat(page);

      await page.goto(`${suite.server.url}/progress`);
      await page.getByRole("heading", { level: 1, name: "My Progress" }).waitFor();
      const use = page.getByRole("button", { name: /^Use [\d,]+ kcal$/ });
      await use.waitFor();
      const suggested = ((await use.textContent()) ?? "").replace(/^Use | kcal$/g, "");
      expect(await page.getByTestId("target-explanation").textContent()).toMatch(
        new RegExp(`^Over 28 days you ate [\\d,]+ kcal a day on average .* so we suggest ${suggested} kcal`),
      );
      await page.getByRole("button", { name: "Keep my current target" }).waitFor();
      await checkA11y(page);
      await screenshot(page, "progress-05-adaptive-suggestion-desktop");

      await use.click();
      await page
        .getByRole("alert")
        .filter({ hasText: `Your daily target is now ${suggested} kcal` })
        .waitFor();
      await page.getByText("Your target changed less than a week ago; we look again next week.").waitFor();
      await page.goto(`${suite.server.url}/diet`);
      // /diet writes whole kcal with grouping, as /progress does (docs/decisions/024).
      await page.getByText(`Your daily target: ${suggested} kcal`).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
