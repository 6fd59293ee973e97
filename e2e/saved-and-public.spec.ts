import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { MealItemWire, WorkoutItemWire } from "@fitwise/contracts/plans";
import { SaveDietResponseSchema, SaveWorkoutResponseSchema } from "@fitwise/contracts/saved";
import { formatTwoDecimals } from "@fitwise/engine/nutrition/number-format";
import {
  checkA11y,
  closeChat,
  failureScreenshot,
  launchBrowser,
  newPage,
  screenshot,
  settledAttribute,
} from "./support/browser";
import { startServer } from "./support/server";
import type { RunningServer } from "./support/server";
import { newTestUser, signInViaUi, signUpViaApi, signUpViaUi } from "./support/users";
import type { TestUser } from "./support/users";
import { completeProfile } from "./support/profiles";
import { becomePro, callFunction, registeredUser } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

const SIGN_UP_PROMPT =
  "To generate a customized diet plan, workout plan, 24/7 AI personal trainer all taylored to you, Sign up for a 14-day free trial of the product";
const NOT_FOUND = "This plan doesn't exist or was deleted by its owner.";
const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

let server: RunningServer;
let browser: Browser;

/** The plans one owner saved through the API, as the server answered them. */
interface SeededOwner {
  user: TestUser;
  diets: { id: string; items: MealItemWire[] }[];
  workout: { id: string; items: WorkoutItemWire[] };
}
let owner: SeededOwner;

/** Signs a user up through the API, completes the profile, plans a day and a week, and saves them. */
async function seedOwner(): Promise<SeededOwner> {
  const { user, token } = await registeredUser(server.url, "sharer");
  await callFunction(
    server.url,
    "write_user_data",
    token,
    completeProfile({
      // Not about the first /diet visit: its "continue to your workouts?" question was already answered.
      has_visited_diet_screen: true,
      user_experience_level: "Intermediate",
      user_preferred_protein_sources: ["Poultry", "Eggs"],
      user_allergies: "peanuts",
    }),
  );
  // Pro, so the saved plans hold every meal and training day (a free user saves what the free tier shows).
  await becomePro(server.url, token);
  const dayPlan = await callFunction(server.url, "openai_get_meal_plan", token, { currentDay: 1 });
  const week = await callFunction(server.url, "openai_get_workout_plan", token, {});
  // Two saves of the same day: the list shows the newest first; numbers follow the order of saving and never
  // change, so the newest is Diet Plan #2.
  const older = await callFunction(
    server.url,
    "write_user_data",
    token,
    { write_table: "saved_diets", diet_one: dayPlan },
    SaveDietResponseSchema,
  );
  const newer = await callFunction(
    server.url,
    "write_user_data",
    token,
    { write_table: "saved_diets", diet_one: dayPlan },
    SaveDietResponseSchema,
  );
  // The newer diet shows the owner's body data to visitors: an opt-in of its owner (docs/decisions/044).
  await callFunction(server.url, "set_saved_plan_visibility", token, {
    table: "saved_diets",
    diet_id: newer.diet_id,
    public: true,
    show_body_data: true,
  });
  const savedWorkout = await callFunction(
    server.url,
    "write_user_data",
    token,
    { write_table: "saved_workouts", workout_plan: week },
    SaveWorkoutResponseSchema,
  );
  return {
    user,
    diets: [
      { id: newer.diet_id, items: dayPlan },
      { id: older.diet_id, items: dayPlan },
    ],
    workout: { id: savedWorkout.workout_id, items: week },
  };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await seedOwner();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs `run` in a fresh browser context; on failure the page is saved as failure-<label>.png to show why. */
async function withPage<T>(
  viewport: { width: number; height: number },
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const page = await newPage(browser, viewport);
  try {
    return await run(page);
  } catch (error) {
    await failureScreenshot(page, `saved-and-public-${Date.now()}`);
    throw error;
  } finally {
    await page.context().close();
  }
}

/** Signs in through the form and waits until the app has settled on its first screen. */
async function signInAsOwner(page: Page): Promise<void> {
  await signInViaUi(page, server.url, owner.user);
  await page.getByRole("button", { name: "Signout" }).waitFor();
}

const alertBanner = (page: Page) => page.locator("[data-alert-type]");
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const isRestItem = (item: WorkoutItemWire) => /\brest\b/i.test(item["Body Part Targeted"]);

describe("/saved", () => {
  it("lists saved diets and workouts with previews of 3, counts and links to the public pages", async () => {
    await withPage(DESKTOP, async (page) => {
      await signInAsOwner(page);
      await page.goto(`${server.url}/saved`);
      await page.getByRole("heading", { level: 1, name: "Saved Plans" }).waitFor();
      expect(await settledAttribute(page.getByRole("tab", { name: "Diets" }), "aria-selected", "true")).toBe(
        "true",
      );

      const dietCards = page.getByRole("article");
      await page.getByRole("heading", { name: "Diet Plan #2" }).waitFor();
      expect(await dietCards.count()).toBe(2);
      const items = owner.diets[0]!.items;
      const first = dietCards.first();
      expect(await first.getByRole("heading").textContent()).toBe("Diet Plan #2");
      expect(await dietCards.nth(1).getByRole("heading").textContent()).toBe("Diet Plan #1");
      const previewRows = await first.getByRole("listitem").allTextContents();
      expect(previewRows).toHaveLength(3);
      items.slice(0, 3).forEach((item, index) => {
        expect(previewRows[index]).toContain(`${item.Meal}:`);
        expect(previewRows[index]).toContain(item.Item);
        expect(previewRows[index]).toContain(`${Math.round(item.Calories)} kcal`);
      });
      expect(items.length).toBeGreaterThan(3);
      await first.getByText(`... and ${items.length - 3} more meals`).waitFor();
      await first.getByText(`${items.length} meals in this plan`).waitFor();
      expect(await first.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(await first.getByRole("link", { name: /Show Full Diet Plan/ }).getAttribute("href")).toBe(
        `/fulldiet/${owner.diets[0]!.id}`,
      );
      await screenshot(page, "saved-01-diets-1280");
      await checkA11y(page);
      // Each preview row opens its recipe (docs/decisions/049), with the shown name stating any variant (062).
      const firstRecipe = first.getByTestId("recipe").first();
      expect(await firstRecipe.textContent()).toContain(`Recipe for ${items[0]!.Item}`);
      await firstRecipe.locator("summary").click();
      await firstRecipe.getByRole("heading", { name: /^Ingredients for / }).waitFor();
      await firstRecipe.getByText(/^Contains: /).waitFor();
      await checkA11y(page);

      // Sharing switches (docs/decisions/044): Diet Plan #2 goes private — its link answers "not found" and the
      // card offers nothing to open or share — then public again, and shows its owner's body data on request.
      const second = dietCards.nth(1);
      const olderId = owner.diets[1]!.id;
      const publicBody = async () => {
        const response = await fetch(`${server.url}/functions/v1/get_saved_data`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ table: "saved_diets", diet_id: olderId }),
        });
        return { status: response.status, body: (await response.json()) as { user_age?: number | null } };
      };
      const linkSwitch = second.getByRole("checkbox", { name: "Anyone with the link can open it" });
      const bodySwitch = second.getByRole("checkbox", { name: /Show my age, gender, weight, height/ });
      expect(await linkSwitch.isChecked()).toBe(true);
      expect(await bodySwitch.isChecked()).toBe(false);
      await linkSwitch.uncheck();
      await second.getByText("Private: its link shows “not found” to everyone.").waitFor();
      expect(await second.getByRole("link", { name: /Show Full Diet Plan/ }).count()).toBe(0);
      expect(await bodySwitch.isDisabled()).toBe(true);
      expect((await publicBody()).status).toBe(404);
      await screenshot(page, "saved-01b-private-diet-1280");
      await checkA11y(page);
      // Each change waits for the one before to settle: a click while the list refetches after a save can
      // meet the box mid-render (CI saw "clicking the checkbox did not change its state").
      await second.getByText("Saving…").waitFor({ state: "detached" });
      await expect.poll(() => linkSwitch.isDisabled()).toBe(false);
      await linkSwitch.check();
      await second.getByRole("link", { name: /Show Full Diet Plan/ }).waitFor();
      // The link switch's save has settled (the body switch is usable again) before the next change.
      await second.getByText("Saving…").waitFor({ state: "detached" });
      await expect.poll(() => bodySwitch.isDisabled()).toBe(false);
      expect((await publicBody()).body.user_age).toBeNull();
      await bodySwitch.check();
      await second.getByText("Saving…").waitFor({ state: "detached" });
      expect(await bodySwitch.isChecked()).toBe(true);
      expect((await publicBody()).body.user_age).toBe(34);
      // A failed change says so and leaves the switch as the server has it.
      await page.route("**/functions/v1/set_saved_plan_visibility", (route) =>
        route.abort("connectionrefused"),
      );
      await bodySwitch.click();
      await second
        .getByRole("alert")
        .getByText("Could not change who can see this plan. Please try again.")
        .waitFor();
      expect(await bodySwitch.isChecked()).toBe(true);
      await page.unroute("**/functions/v1/set_saved_plan_visibility");

      // Re-requested on tab change (docs/product.md §8).
      const listRequest = page.waitForRequest(
        (request) =>
          request.url().endsWith("/functions/v1/get_saved_list") &&
          request.postData()?.includes("saved_workouts") === true,
      );
      await page.getByRole("tab", { name: "Workouts" }).click();
      await listRequest;
      await page.getByRole("heading", { name: "Workout Plan #1" }).waitFor();
      const exercises = owner.workout.items.filter((item) => !isRestItem(item));
      const workoutCard = page.getByRole("article").first();
      const workoutRows = await workoutCard.getByRole("listitem").allTextContents();
      exercises.slice(0, 3).forEach((item, index) => {
        expect(workoutRows[index]).toContain(item["Workout Name"]);
        expect(workoutRows[index]).toContain(item["Body Part Targeted"]);
      });
      await workoutCard.getByText(`... and ${exercises.length - 3} more exercises`).waitFor();
      await workoutCard.getByText(`${exercises.length} exercises in this plan`).waitFor();
      await screenshot(page, "saved-02-workouts-1280");
      await checkA11y(page);

      const dietsAgain = page.waitForRequest(
        (request) =>
          request.url().endsWith("/functions/v1/get_saved_list") &&
          request.postData()?.includes("saved_diets") === true,
      );
      await page.getByRole("tab", { name: "Diets" }).click();
      await dietsAgain;
    });
  });

  it("fits a 390 px phone and deletes a plan after confirmation, which ends its public link", async () => {
    await withPage(PHONE, async (page) => {
      await signInAsOwner(page);
      await page.goto(`${server.url}/saved`);
      await page.getByRole("heading", { name: "Diet Plan #2" }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, "saved-03-diets-390");
      await checkA11y(page);

      await page.getByRole("button", { name: "Delete Diet Plan #1" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete Diet Plan #1?" });
      await dialog.waitFor();
      await screenshot(page, "saved-04-delete-confirm-390");
      await dialog.getByRole("button", { name: "Delete plan" }).click();
      await dialog.waitFor({ state: "hidden" });
      await alertBanner(page).getByText("Diet Plan #1 was deleted.").waitFor();
      await page.getByRole("heading", { name: "Diet Plan #1" }).waitFor({ state: "detached" });
      expect(await page.getByRole("article").count()).toBe(1);
      // The plan left keeps its number.
      await page.getByRole("heading", { name: "Diet Plan #2" }).waitFor();
      // The deleted card took the focused button with it; focus lands on the list, not the page top.
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("DIV");

      await page.goto(`${server.url}/fulldiet/${owner.diets[1]!.id}`);
      await page.getByText(NOT_FOUND).waitFor();
    });
  });

  it("shows the empty texts to a user with nothing saved", async () => {
    await withPage(PHONE, async (page) => {
      await signUpViaUi(page, server.url, newTestUser("empty"));
      await page.goto(`${server.url}/saved`);
      await page.getByText("No saved diet plans found. Start by saving your favorite diets!").waitFor();
      await screenshot(page, "saved-05-empty-diets-390");
      await page.getByRole("tab", { name: "Workouts" }).click();
      await page.getByText("No saved workout plans found. Start by saving your favorite workouts!").waitFor();
      await checkA11y(page);
    });
  });

  it("shows the red error banner when the list cannot be fetched", async () => {
    await withPage(DESKTOP, async (page) => {
      await signInAsOwner(page);
      await page.route("**/functions/v1/get_saved_list", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ plans: [] }) }),
      );
      await page.goto(`${server.url}/saved`);
      const banner = page
        .getByRole("alert")
        .filter({ hasText: "Received unexpected data format from server." });
      await banner.waitFor();
      expect(await banner.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(198, 40, 40)");

      await page.unroute("**/functions/v1/get_saved_list");
      await page.route("**/functions/v1/get_saved_list", (route) => route.abort("connectionrefused"));
      await page.getByRole("tab", { name: "Workouts" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "Failed to fetch saved plans. Please try again later." })
        .waitFor();
    });
  });
});

describe("/fulldiet/{id} for a guest", () => {
  it("shows the plan, the guest invite, one meal group at a time and the sign-up prompt", async () => {
    const items = owner.diets[0]!.items;
    for (const [viewport, suffix] of [
      [DESKTOP, "1280"],
      [PHONE, "390"],
    ] as const) {
      await withPage(viewport, async (page) => {
        await page.goto(`${server.url}/fulldiet/${owner.diets[0]!.id}`);
        await page.getByRole("heading", { level: 1, name: "FitwiseAI's Diet Plan" }).waitFor();
        const invite = page.getByRole("complementary", { name: "Free trial" });
        await invite.getByText(/14-day free trial/).waitFor();
        expect(await invite.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/signup");
        await page.getByText(/daily calorie needs are .* kcal, with a target of .* kcal a day/).waitFor();

        const details = page.getByRole("button", { name: "Show details" });
        expect(await settledAttribute(details, "aria-expanded", "false")).toBe("false");
        await details.click();
        const hide = page.getByRole("button", { name: "Hide details" });
        expect(await settledAttribute(hide, "aria-expanded", "true")).toBe("true");
        // Exact: the summary's values, not meal items that share a word (a "Toasted Italian bread").
        for (const value of ["68 kg", "167.64 cm", "34 years", "Italian"])
          await page.getByText(value, { exact: true }).waitFor();
        // The owner's allergies are not part of the public record.
        expect(await page.getByText("peanuts").count()).toBe(0);

        const breakfast = page.getByRole("button", { name: /^Breakfast/ });
        const lunch = page.getByRole("button", { name: /^Lunch/ });
        expect(await settledAttribute(breakfast, "aria-expanded", "true")).toBe("true");
        const breakfastKcal = items
          .filter((item) => item.Meal === "Breakfast")
          .reduce((sum, item) => sum + item.Calories, 0);
        expect(await breakfast.textContent()).toContain(`${formatTwoDecimals(breakfastKcal)} kcal`);
        const firstBreakfast = items.find((item) => item.Meal === "Breakfast")!;
        await page.getByRole("checkbox", { name: `Tick off ${firstBreakfast.Item}` }).waitFor();
        expect(await page.locator("main img").count()).toBe(0);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `public-diet-01-guest-${suffix}`);
        await checkA11y(page);
        // A guest opens a recipe on the shared plan too.
        const recipe = page.getByTestId("recipe").filter({ hasText: `Recipe for ${firstBreakfast.Item}` });
        await recipe.locator("summary").click();
        await recipe.getByRole("heading", { name: /^Ingredients for / }).waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        await lunch.click();
        expect(await settledAttribute(lunch, "aria-expanded", "true")).toBe("true");
        expect(await settledAttribute(breakfast, "aria-expanded", "false")).toBe("false");
        await lunch.click();
        expect(await settledAttribute(lunch, "aria-expanded", "false")).toBe("false");
        await breakfast.click();

        const dayKcal = items.reduce((sum, item) => sum + item.Calories, 0);
        await page
          .getByRole("region", { name: "Total" })
          .getByText(`${formatTwoDecimals(dayKcal)} kcal`)
          .waitFor();

        await page.getByRole("button", { name: `Replace ${firstBreakfast.Item}` }).click();
        await alertBanner(page).getByText(SIGN_UP_PROMPT).waitFor();
        expect(await alertBanner(page).getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe(
          "/signup",
        );
        await page.getByRole("button", { name: "Close alert" }).click();
        await page.getByRole("button", { name: "Get Your Own Meal Plan" }).click();
        await alertBanner(page).getByText(SIGN_UP_PROMPT).waitFor();
        await screenshot(page, `public-diet-02-sign-up-prompt-${suffix}`);

        // A Pro flag in this browser hides the guest invite (docs/product.md §3).
        await page.evaluate(() => localStorage.setItem("user_pro", "1"));
        await page.reload();
        await page.getByRole("heading", { level: 1, name: "FitwiseAI's Diet Plan" }).waitFor();
        await page.getByRole("button", { name: /^Breakfast/ }).waitFor();
        expect(await page.getByRole("complementary", { name: "Free trial" }).count()).toBe(0);
      });
    }
  });
});

describe("a guest who signs up from a shared plan", () => {
  it("gets the 14-day trial the plan page promised, in settings, the overlay and the checkout", async () => {
    // One size: the steps are the same at both, and the guest pages above are checked at both.
    for (const [viewport, suffix] of [[PHONE, "390"]] as const) {
      await withPage(viewport, async (page) => {
        await page.goto(`${server.url}/fulldiet/${owner.diets[0]!.id}`);
        const invite = page.getByRole("complementary", { name: "Free trial" });
        await invite.getByText(/14-day free trial/).waitFor();
        await invite.getByRole("link", { name: "Sign up" }).click();
        const guest = newTestUser(`shared-guest-${suffix}`);
        await page.getByLabel("Full name", { exact: true }).fill(guest.fullName);
        await page.getByLabel("Email", { exact: true }).fill(guest.email);
        await page.getByLabel("Password", { exact: true }).fill(guest.password);
        await page.getByRole("button", { name: "Sign Up", exact: true }).click();
        await page.waitForURL((url) => url.pathname !== "/signup");

        await page.goto(`${server.url}/othersettings`);
        await page.getByText("Start with a 14-day free trial and cancel anytime.").waitFor();
        await page.getByRole("button", { name: "Get Pro" }).click();
        const overlay = page.getByRole("dialog", { name: "Select a package" });
        await overlay.getByText("14 days free trial, cancel anytime").waitFor();
        const checkoutOpened = page.context().waitForEvent("page");
        await overlay.getByRole("button", { name: /Select.*Pro monthly/ }).click();
        const checkout = await checkoutOpened;
        await checkout.getByRole("button", { name: "Start 14-day free trial" }).waitFor();
        await screenshot(checkout, `shared-plan-trial-checkout-${suffix}`);
        await checkout.close();
      });
    }
  });
});

describe("/fullworkout/{id} for a guest", () => {
  it("shows days Monday to Sunday with Rest Day labels, remembers the chosen day and prompts sign-up", async () => {
    const plan = owner.workout.items;
    const days = WEEK.filter((day) => plan.some((item) => item.Day === day));
    for (const [viewport, suffix] of [
      [DESKTOP, "1280"],
      [PHONE, "390"],
    ] as const) {
      await withPage(viewport, async (page) => {
        await page.goto(`${server.url}/fullworkout/${owner.workout.id}`);
        await page.getByRole("heading", { level: 1, name: "Your Workout Plan" }).waitFor();
        await page
          .getByText("This plan was made for someone at intermediate level whose goal is to lose weight.")
          .waitFor();
        await page.getByRole("button", { name: "Show details" }).click();
        await page.getByText("Any time").waitFor();
        await page.getByText("Monday, Wednesday, Friday").waitFor();
        await page.getByText("Home", { exact: true }).waitFor();

        const tabs = page.getByRole("tab");
        const labels = await tabs.allTextContents();
        expect(labels).toHaveLength(days.length);
        days.forEach((day, index) => {
          const isRest = plan.filter((item) => item.Day === day).every(isRestItem);
          // The weekday first, then "Rest Day", as the owner's /workouts reads (journey.spec.ts).
          expect(labels[index]).toBe(isRest ? `${day}Rest Day` : day);
        });
        expect(await settledAttribute(tabs.first(), "aria-selected", "true")).toBe("true");

        // Monday is a training day: warm-up and cool-down have no Replace, the exercises do.
        const monday = plan.filter((item) => item.Day === "Monday");
        const warmup = monday.find((item) => item["Body Part Targeted"] === "Warmup")!;
        const exercise = monday.find((item) => !["Warmup", "Cooldown"].includes(item["Body Part Targeted"]))!;
        // The same exercise rows as /workouts (docs/decisions/031).
        await page.getByTestId("workout-item").filter({ hasText: warmup["Workout Name"] }).first().waitFor();
        expect(await page.getByRole("button", { name: `Replace ${warmup["Workout Name"]}` }).count()).toBe(0);
        const video = page.getByRole("link", {
          name: `Watch a video of ${exercise["Workout Name"]} (opens in a new tab)`,
        });
        expect(await video.getAttribute("target")).toBe("_blank");
        expect(await video.getAttribute("rel")).toContain("noopener");
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `public-workout-01-guest-${suffix}`);
        await checkA11y(page);

        await page.getByRole("button", { name: `Replace ${exercise["Workout Name"]}` }).click();
        await alertBanner(page).getByText(SIGN_UP_PROMPT).waitFor();
        await page.getByRole("button", { name: "Close alert" }).click();
        await page.getByRole("button", { name: "Create my custom workout plan" }).click();
        await alertBanner(page).getByText(SIGN_UP_PROMPT).waitFor();

        // The chosen day is remembered across a reload (localStorage last_selected_day).
        await page.getByRole("tab", { name: /Friday/ }).click();
        expect(await page.evaluate(() => localStorage.getItem("last_selected_day"))).toBe("Friday");
        await page.reload();
        await page.getByRole("heading", { level: 1, name: "Your Workout Plan" }).waitFor();
        expect(
          await settledAttribute(page.getByRole("tab", { name: /Friday/ }), "aria-selected", "true"),
        ).toBe("true");
        const restTab = page.getByRole("tab", { name: /Rest Day/ }).first();
        await restTab.click();
        await page.getByRole("tabpanel").getByRole("heading", { name: "Rest Day" }).waitFor();
        await screenshot(page, `public-workout-02-rest-day-${suffix}`);
      });
    }
  });
});

describe("unknown and deleted plan links", () => {
  it("show a clear not-found state with a way home", async () => {
    await withPage(PHONE, async (page) => {
      for (const path of [
        `/fulldiet/${randomUUID()}`,
        `/fullworkout/${randomUUID()}`,
        "/fulldiet/not-a-plan",
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole("heading", { level: 1, name: "Plan not found" }).waitFor();
        await page.getByText(NOT_FOUND).waitFor();
        expect(await page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
      }
      await screenshot(page, "public-plan-not-found-390");
      await checkA11y(page);
    });
  });
});

describe("Pro upgrade overlay", () => {
  it("opens from a locked action for a free user, traps focus and closes with Escape", async () => {
    // The plans' owner is Pro; a free user looks at the shared plan.
    const visitor = newTestUser("visitor");
    await signUpViaApi(server.url, visitor);
    // One size: the dialog's focus trap and Escape do not depend on the width.
    for (const [viewport, suffix] of [[DESKTOP, "1280"]] as const) {
      await withPage(viewport, async (page) => {
        await signInViaUi(page, server.url, visitor);
        await page.getByRole("button", { name: "Signout" }).waitFor();
        await page.goto(`${server.url}/fulldiet/${owner.diets[0]!.id}`);
        // Above 768 px the chat panel starts open (docs/product.md §3) and covers the Replace buttons.
        await closeChat(page);
        const firstItem = owner.diets[0]!.items.find((item) => item.Meal === "Breakfast")!;
        const replace = page.getByRole("button", { name: `Replace ${firstItem.Item}` });
        await replace.click();

        const dialog = page.getByRole("dialog", { name: "Select a package" });
        await dialog.waitFor();
        expect(await dialog.getAttribute("aria-modal")).toBe("true");
        await dialog.getByText("7 days free trial, cancel anytime").waitFor();
        for (const text of [
          "Pro monthly",
          "Most popular",
          "Pro yearly",
          "Best value",
          "now $4.99",
          "now $49.99",
        ]) {
          await dialog.getByText(text, { exact: true }).first().waitFor();
        }
        expect(await dialog.locator("s").allTextContents()).toEqual([
          "Original price $9.99",
          "Original price $99.99",
        ]);
        for (const feature of [
          "Three meal plan types",
          "Unlimited meal resets",
          "Unlimited meal replacements",
          "Unlimited workout resets",
          "Unlimited workout replacements",
          "Priority support",
        ]) {
          await dialog.getByText(feature).waitFor();
        }
        await screenshot(page, `upgrade-overlay-${suffix}`);
        await checkA11y(page);

        // Focus stays in the dialog however far one tabs.
        for (let step = 0; step < 8; step += 1) {
          await page.keyboard.press("Tab");
          expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
        }

        // Select asks the server for a checkout URL; a refusal is shown inside the overlay.
        await page.route("**/functions/v1/create_checkout", (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({
              error: { code: "unavailable", message: "Checkout is unavailable right now." },
            }),
          }),
        );
        await dialog.getByRole("button", { name: "Select Pro monthly" }).click();
        await dialog.getByRole("alert").getByText("Checkout is unavailable right now.").waitFor();
        await page.unroute("**/functions/v1/create_checkout");

        // With the server's answer, the checkout opens in a new tab and the overlay stays open.
        const checkoutTab = page.context().waitForEvent("page");
        await dialog.getByRole("button", { name: "Select Pro yearly" }).click();
        const checkout = await checkoutTab;
        await checkout.waitForLoadState("domcontentloaded");
        expect(checkout.url()).toMatch(/^https?:\/\//);
        expect(await checkout.evaluate(() => window.opener)).toBeNull();
        await dialog.getByText("The checkout opened in a new tab.", { exact: false }).waitFor();
        await checkout.close();
        await page.bringToFront();

        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        expect(await replace.evaluate((node) => node === document.activeElement)).toBe(true);
      });
    }
  });
});
