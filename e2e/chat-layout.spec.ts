import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { checkA11y, launchBrowser, screenshot, withPage } from "./support/browser";
import { startServer } from "./support/server";
import type { RunningServer } from "./support/server";
import { signInViaUi } from "./support/users";
import type { TestUser } from "./support/users";
import { completeProfile } from "./support/profiles";
import { callFunction, registeredUser } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

/**
 * docs/decisions/023: on wide screens Alex's panel is docked beside the page, which gives up its width
 * (docs/decisions/023-docked-chat-panel.md), so no control of any screen is ever under it.
 */

const WIDTHS = [1024, 1280, 1440] as const;

let server: RunningServer;
let browser: Browser;
let user: TestUser;

/** A free user with a complete profile, day 1's meals, a workout week and one saved plan of each. */
async function seedUser(): Promise<TestUser> {
  const { user: seeded, token } = await registeredUser(server.url, "dock");
  await callFunction(
    server.url,
    "write_user_data",
    token,
    completeProfile({
      user_age: 31,
      user_weight_in_kgs: 64,
      user_height_in_cm: 165,
      user_activity: 1.55,
      // Friday and Saturday: the toggles the floating panel used to cover on /goal.
      user_preferred_workout_days: ["Monday", "Wednesday", "Friday", "Saturday"],
      user_food_preference: "American",
      user_preferred_protein_sources: ["Poultry", "Eggs"],
      // Not about the first /diet visit: its question was already answered.
      has_visited_diet_screen: true,
    }),
  );
  const day1 = await callFunction(server.url, "openai_get_meal_plan", token, { currentDay: 1 });
  const week = await callFunction(server.url, "openai_get_workout_plan", token, {});
  await callFunction(server.url, "write_user_data", token, { write_table: "saved_diets", diet_one: day1 });
  await callFunction(server.url, "write_user_data", token, {
    write_table: "saved_workouts",
    workout_plan: week,
  });
  return seeded;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  user = await seedUser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Covered {
  control: string;
  coveredBy: string;
}

/**
 * Every visible control (and text block) of the page, brought into view one by one: the element at its
 * centre must be the control itself or inside it. Returns those covered and how many were checked.
 */
function findCoveredControls(page: Page): Promise<{ checked: number; covered: Covered[] }> {
  return page.evaluate(() => {
    const selector = [
      "a[href]",
      "button",
      "input",
      "select",
      "textarea",
      "label",
      "[role=tab]",
      "[tabindex]:not([tabindex='-1'])",
      "h1",
      "h2",
      "p",
      "li",
    ]
      .map((part) => `:is(header, main, footer) ${part}`)
      .join(", ");
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 50)}"`;
    const covered: { control: string; coveredBy: string }[] = [];
    let checked = 0;
    for (const element of Array.from(document.querySelectorAll(selector))) {
      element.scrollIntoView({ block: "center", inline: "center" });
      const box = element.getBoundingClientRect();
      // Visually hidden helpers (a checkbox drawn by its label, screen-reader text) have no area to cover.
      // So is a control folded inside a closed <details> (checkVisibility sees its content-visibility).
      if (box.width < 2 || box.height < 2 || !element.checkVisibility({ visibilityProperty: true })) continue;
      checked += 1;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      const label = element instanceof HTMLLabelElement ? element.control : null;
      if (hit && (element.contains(hit) || hit === label)) continue;
      covered.push({ control: describe(element), coveredBy: hit ? describe(hit) : "nothing (off screen)" });
    }
    window.scrollTo(0, 0);
    return { checked, covered };
  });
}

/** The open chat panel: visible, and docked (its left edge right of the page's content). */
async function expectDockedPanel(page: Page, width: number): Promise<void> {
  const panel = page.getByTestId("chat-panel");
  await panel.waitFor();
  const panelBox = await panel.boundingBox();
  const mainBox = await page.locator("main").boundingBox();
  expect(panelBox).not.toBeNull();
  expect(mainBox).not.toBeNull();
  expect(mainBox!.x + mainBox!.width).toBeLessThanOrEqual(panelBox!.x);
  expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(width);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const SCREENS: { path: string; ready(page: Page): Promise<void> }[] = [
  {
    path: "/goal",
    ready: (page) => page.getByRole("button", { name: "Saturday", exact: true }).waitFor(),
  },
  {
    path: "/diet",
    ready: async (page) => {
      await page.getByTestId("meal-item").first().waitFor({ timeout: 90_000 });
      await page.getByText(/Checking for updates/).waitFor({ state: "detached" });
    },
  },
  {
    path: "/workouts",
    ready: (page) => page.getByTestId("workout-item").first().waitFor({ timeout: 90_000 }),
  },
  {
    path: "/saved",
    ready: (page) => page.getByRole("link", { name: /Show Full Diet Plan/ }).waitFor(),
  },
  {
    path: "/beginnerguide",
    ready: (page) => page.getByRole("heading", { level: 1, name: "Beginner Guide" }).waitFor(),
  },
];

describe("the chat panel on wide screens", () => {
  for (const width of WIDTHS) {
    it(`is docked beside the page at ${width} px and covers no control of any screen`, async () => {
      await withPage(browser, { width, height: 800 }, async (page) => {
        await signInViaUi(page, server.url, user);
        for (const screen of SCREENS) {
          await page.goto(`${server.url}${screen.path}`);
          await screen.ready(page);
          // docs/product.md §3: the panel starts open; here it is docked, not floating over the page.
          expect(await page.getByTestId("chat-toggle").getAttribute("aria-expanded")).toBe("true");
          await expectDockedPanel(page, width);
          const { checked, covered } = await findCoveredControls(page);
          expect(covered, `${screen.path} at ${width} px`).toEqual([]);
          expect(checked, `${screen.path} at ${width} px`).toBeGreaterThan(5);
          await screenshot(page, `chat-dock-${screen.path.slice(1)}-${width}`);
        }
        // The toggles the floating panel used to cover take a real mouse click now.
        await page.goto(`${server.url}/goal`);
        const friday = page.getByRole("button", { name: "Friday", exact: true });
        const pressed = await friday.getAttribute("aria-pressed");
        await friday.click();
        expect(await friday.getAttribute("aria-pressed")).not.toBe(pressed);
        await checkA11y(page);
      });
    });
  }

  it("gives the width back when folded away, and remembers that choice", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signInViaUi(page, server.url, user);
      await page.goto(`${server.url}/beginnerguide`);
      const mainOpen = await page.locator("main").boundingBox();
      // Docked, the panel's header folds the whole panel away.
      await page.getByRole("button", { name: "Chat with your 24/7 personal trainer" }).click();
      await page.getByTestId("chat-panel").waitFor({ state: "hidden" });
      const mainClosed = await page.locator("main").boundingBox();
      expect(mainClosed!.width).toBeGreaterThan(mainOpen!.width);
      await screenshot(page, "chat-dock-folded-1280");
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Beginner Guide" }).waitFor();
      expect(await page.getByTestId("chat-toggle").getAttribute("aria-expanded")).toBe("false");
      await page.getByTestId("chat-toggle").click();
      await expectDockedPanel(page, 1280);
      // Opening it on purpose moves focus to the message field.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("placeholder"))).toBe(
        "Ask me anything about fitness",
      );
    });
  });

  it("does not take focus from the page when it starts open", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await signInViaUi(page, server.url, user);
      await page.goto(`${server.url}/goal`);
      await page.getByRole("button", { name: "Friday", exact: true }).waitFor();
      await page.getByTestId("chat-panel").waitFor();
      expect(
        await page.evaluate(() => document.activeElement?.closest("[data-testid=chat-panel]")),
      ).toBeNull();
    });
  });
});

describe("the chat panel on a phone", () => {
  it("starts closed behind the round button, and opens above the tab bar", async () => {
    await withPage(browser, PHONE, async (page) => {
      await signInViaUi(page, server.url, user);
      await page.goto(`${server.url}/goal`);
      await page.getByRole("button", { name: "Saturday", exact: true }).waitFor();
      const toggle = page.getByTestId("chat-toggle");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByTestId("chat-panel").isVisible()).toBe(false);
      const { covered } = await findCoveredControls(page);
      // Closed, only the round button floats; it may sit over the page, never over the tab bar.
      expect(covered.filter((entry) => !entry.coveredBy.includes("chat"))).toEqual([]);
      await screenshot(page, "chat-dock-goal-390");
      await toggle.click();
      await page.getByTestId("chat-panel").waitFor();
      const panel = await page.getByTestId("chat-panel").boundingBox();
      const tabBar = await page.getByTestId("tab-bar").boundingBox();
      expect(panel!.y + panel!.height).toBeLessThanOrEqual(tabBar!.y);
      // On a phone the header folds the panel's body, as docs/product.md §3 has it.
      const header = page.getByRole("button", { name: "Chat with your 24/7 personal trainer" });
      await header.click();
      expect(await header.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByPlaceholder("Ask me anything about fitness").isVisible()).toBe(false);
      await header.click();
      await page.getByPlaceholder("Ask me anything about fitness").waitFor();
      // The whole placeholder shows: on one line if it fits the field, else the field grows to wrap it.
      const placeholder = await page.getByPlaceholder("Ask me anything about fitness").evaluate((field) => {
        const style = getComputedStyle(field);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const lineHeight = parseFloat(style.lineHeight);
        const shownLines = Math.floor(
          (field.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / lineHeight +
            0.05,
        );
        return {
          neededLines: Math.ceil(
            context.measureText((field as HTMLTextAreaElement).placeholder).width / room,
          ),
          shownLines,
        };
      });
      expect(placeholder.shownLines).toBeGreaterThanOrEqual(placeholder.neededLines);
      await screenshot(page, "chat-dock-open-390");
      await checkA11y(page);
    });
  });
});
