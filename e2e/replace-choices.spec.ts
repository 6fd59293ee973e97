import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { checkA11y, closeChat, failureScreenshot, newPage, screenshot } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { signInViaUi } from "./support/users";
import type { TestUser } from "./support/users";
import { completeProfile } from "./support/profiles";
import { becomePro, callFunction, itemOffered, registeredUser } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

const suite = serverAndBrowser();

/** A free user with a complete profile and a planned day 1, made through the API. */
async function seedUser(label: string): Promise<{ user: TestUser; token: string; plan: MealItemWire[] }> {
  const { user, token } = await registeredUser(suite.server.url, label);
  await callFunction(
    suite.server.url,
    "write_user_data",
    token,
    completeProfile({
      user_age: 41,
      user_gender: "male",
      user_weight_in_kgs: 82,
      user_height_in_cm: 180,
      user_activity: 1.55,
      user_fitness_goal: "Gain Muscle Mass",
      user_experience_level: "Intermediate",
      user_workout_type: "GYM Workout",
      user_food_preference: "American",
      user_preferred_protein_sources: ["Eggs", "Dairy", "Poultry"],
      // The first-visit "continue to your workout plan?" question is answered: this test is about Replace.
      has_visited_diet_screen: true,
    }),
  );
  const plan = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
  return { user, token, plan };
}

async function withPage(
  viewport: { width: number; height: number },
  label: string,
  run: (page: Page) => Promise<void>,
) {
  const page = await newPage(suite.browser, viewport);
  try {
    await run(page);
  } catch (error) {
    await failureScreenshot(page, `replace-choices-${label}`);
    throw error;
  } finally {
    await page.context().close();
  }
}

describe("Replace offers real choices", () => {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`shows three alternatives for a breakfast item and applies the one picked (${label})`, async () => {
      const { user, token, plan } = await seedUser(`replace-${label}`);
      const { item, offered } = await itemOffered(suite.server.url, token, plan, "Breakfast", 3);

      await withPage(viewport, label, async (page) => {
        await signInViaUi(page, suite.server.url, user);
        await page.goto(`${suite.server.url}/diet`);
        await closeChat(page);
        await page.getByTestId("meal-item").first().waitFor();
        // Items show a household measure first, with its grams ("2 large eggs (100 g)").
        const firstRow = await page.getByTestId("meal-item").first().textContent();
        expect(firstRow).toMatch(/\S \(\d[\d,]*(\.\d)? g\)/);

        await page.getByRole("button", { name: `Replace ${item.Item}`, exact: true }).click();
        const dialog = page.getByRole("dialog", { name: `Replace ${item.Item}` });
        await dialog.waitFor();
        const choices = dialog.getByTestId("replace-choice");
        await choices.first().waitFor();
        expect(await choices.count()).toBe(3);
        for (const [index, alternative] of offered.alternatives.entries())
          expect(await choices.nth(index).textContent()).toContain(alternative.Item);
        await screenshot(page, `replace-choices-${label}`);

        const picked = offered.alternatives[1] as MealItemWire;
        await dialog.getByRole("button", { name: `Choose ${picked.Item}`, exact: true }).click();
        await page
          .locator("[data-alert-type]")
          .getByText(`Successfully replaced ${item.Item} with ${picked.Item}`)
          .waitFor();
        await page.getByTestId("meal-item").filter({ hasText: picked.Item }).first().waitFor();
        expect(await page.getByTestId("meal-item").filter({ hasText: item.Item }).count()).toBe(0);
      });

      // The server stored the picked alternative, and counted one replacement.
      const stored = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
      expect(stored.map((candidate) => candidate.foodId)).toContain(offered.alternatives[1]?.foodId);
      expect(stored.map((candidate) => candidate.foodId)).not.toContain(item.foodId);
    }, 120_000);
  }
});

describe("Undo after Replace", () => {
  // One size: the phone, the narrowest the notice must fit (docs/decisions/069).
  it("shows what a lunch Replace changed and Undo brings the old item back (phone)", async () => {
    const { user, token } = await seedUser("replace-undo");
    await becomePro(suite.server.url, token);
    const plan = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
    const { item: lunch } = await itemOffered(suite.server.url, token, plan, "Lunch", 1);

    await withPage(PHONE, "undo", async (page) => {
      await signInViaUi(page, suite.server.url, user);
      await page.goto(`${suite.server.url}/diet`);
      await closeChat(page);
      await page.getByTestId("meal-item").first().waitFor();
      await page.getByRole("button", { name: /^Lunch/ }).click();
      await page.getByRole("button", { name: `Replace ${lunch.Item}`, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Replace ${lunch.Item}` });
      await dialog.getByTestId("replace-choice").first().waitFor();
      await dialog
        .getByRole("button", { name: /^Choose / })
        .first()
        .click();

      const notice = page.getByTestId("plan-change");
      await notice.getByText(`Day 1 Lunch: ${lunch.Item} (`).waitFor();
      expect(await page.getByTestId("meal-item").filter({ hasText: lunch.Item }).count()).toBe(0);
      await checkA11y(page);

      await notice.getByRole("button", { name: "Undo", exact: true }).click();
      await page.locator("[data-alert-type]").getByText("Undone: your plan is back as it was.").waitFor();
      await page.getByTestId("meal-item").filter({ hasText: lunch.Item }).first().waitFor();
      expect(await notice.count()).toBe(0);
    });

    const stored = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
    expect(stored).toEqual(plan);
  }, 120_000);
});
