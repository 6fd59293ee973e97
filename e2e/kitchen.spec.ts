import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { checkA11y, closeChat, failureScreenshot, newPage, screenshot } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { signInViaUi } from "./support/users";
import { becomePro, callFunction, userWithProfile } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

/** From plan to kitchen (docs/product.md §3.14–3.15): a recipe opened from /diet, then the week's shopping list. */

const suite = serverAndBrowser();

const WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, plan: 1 }));

/** Whether an element is laid out at all (print styles hide with display: none). */
const rendered = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((nodes) => nodes.some((node) => (node as HTMLElement).offsetParent !== null));

describe("the kitchen", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)(
    "opens a recipe from /diet, makes the week's list, keeps ticks over a reload and prints cleanly (%s)",
    async (label, viewport) => {
      const { user, token } = await userWithProfile(suite.server.url, `kitchen-${label}`, {
        user_food_preference: "Mediterranean",
      });
      await becomePro(suite.server.url, token);
      const day1 = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
      // The breakfast item with the longest method, so the steps are shown where the plan has any.
      const breakfast = day1.filter((item) => item.Meal === "Breakfast");
      const recipes = await Promise.all(
        breakfast.map((item) =>
          callFunction(suite.server.url, "get_recipe", token, { food_id: item.foodId, grams: item.Weight }),
        ),
      );
      const recipe = recipes.reduce((best, next) => (next.steps.length > best.steps.length ? next : best));
      const item = breakfast[recipes.indexOf(recipe)] as MealItemWire;

      const page = await newPage(suite.browser, viewport);
      try {
        await signInViaUi(page, suite.server.url, user);
        await page.waitForURL((url) => url.pathname === "/diet");
        await closeChat(page);
        await page.getByRole("link", { name: "Make a shopping list" }).waitFor();
        await screenshot(page, `kitchen-diet-${label}`);
        const disclosure = page.getByTestId("recipe").filter({ hasText: `Recipe for ${item.Item}` });
        await disclosure.locator("summary").click();
        await disclosure.getByRole("heading", { name: /^Ingredients for/ }).waitFor();
        const shown = (await disclosure.textContent()) ?? "";
        for (const ingredient of recipe.ingredients) expect(shown).toContain(ingredient.name);
        for (const step of recipe.steps) expect(shown).toContain(step);
        if (recipe.contains.length > 0) expect(shown).toContain(recipe.contains[0]);
        await checkA11y(page);

        await page.getByRole("link", { name: "Make a shopping list" }).click();
        await page.getByRole("heading", { level: 1, name: "Shopping list" }).waitFor();
        // Seven days of Plan 1 are chosen unless the person says otherwise.
        for (const day of [1, 7])
          expect(await page.getByLabel(`Day ${day}`, { exact: true }).isChecked()).toBe(true);
        await page.getByRole("button", { name: "Make my list" }).click();
        const lines = page.getByTestId("grocery-line");
        await lines.first().waitFor();
        await screenshot(page, `kitchen-list-${label}`);
        const listed = await callFunction(suite.server.url, "get_grocery_list", token, { days: WEEK });
        const names = listed.aisles.flatMap((aisle) => aisle.items.map((line) => line.name));
        expect(await lines.count()).toBe(names.length);
        await checkA11y(page);

        const ticked = names.slice(0, 2);
        for (const name of ticked)
          await lines
            .filter({ has: page.getByText(name, { exact: true }) })
            .getByRole("checkbox")
            .check();
        // Reload only once the server holds both ticks: the page's write is what is tested, not a race with it.
        await expect
          .poll(
            async () =>
              (await callFunction(suite.server.url, "get_grocery_list", token, { days: WEEK })).ticked,
          )
          .toEqual(expect.arrayContaining(ticked));
        await page.reload();
        await lines.first().waitFor();
        // Pantry staples are folded: open them as a person would to see their boxes.
        const pantry = page.getByText(/^Pantry staples/);
        if ((await pantry.count()) > 0) await pantry.click();
        for (const name of names) {
          const box = lines.filter({ has: page.getByText(name, { exact: true }) }).getByRole("checkbox");
          expect(await box.isChecked(), name).toBe(ticked.includes(name));
        }

        if ((await pantry.count()) > 0) await pantry.click();
        await page.emulateMedia({ media: "print" });
        await screenshot(page, `kitchen-print-${label}`);
        expect(await page.getByRole("button", { name: "Make my list" }).isVisible()).toBe(false);
        expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
        for (const shell of ["header", "footer", "nav"])
          expect(await rendered(page, shell), shell).toBe(false);
        // Every line is on paper, the folded pantry staples too.
        for (let index = 0; index < names.length; index += 1)
          expect(await lines.nth(index).isVisible(), names[index]).toBe(true);
        await page.emulateMedia({ media: "screen" });
      } catch (error) {
        await failureScreenshot(page, `kitchen-${label}`);
        throw error;
      } finally {
        await page.context().close();
      }
    },
  );
});
