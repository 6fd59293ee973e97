import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { checkA11y, failureScreenshot, newPage, screenshot, settledAttribute } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { signInViaUi } from "./support/users";
import type { TestUser } from "./support/users";
import { becomePro, callFunction, itemOffered, userWithProfile } from "./support/api";
import { DESKTOP, PHONE } from "./support/viewports";

const TITLE = "Chat with your 24/7 personal trainer";
const DIET_TOAST = "Your diet plan has been updated. The diet screen already shows the changes.";
const APOLOGY = "Sorry, something went wrong. Please try again later.";
const CHAT_URL = "**/functions/v1/openai_chat_trainer";
const XSS = "<img src=x onerror=alert(1)> <script>alert(1)</script>";

const suite = serverAndBrowser();

/** A user with a complete profile, day 1's meals and a workout week, all through the API. */
async function seedUser(): Promise<{ user: TestUser; token: string; day1: MealItemWire[] }> {
  const { user, token } = await userWithProfile(suite.server.url, "chat", {
    user_age: 29,
    user_gender: "male",
    user_weight_in_kgs: 82,
    user_height_in_cm: 180,
    user_activity: 1.55,
    user_food_preference: "American",
    user_preferred_protein_sources: ["Poultry", "Eggs"],
  });
  const day1 = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
  await callFunction(suite.server.url, "openai_get_workout_plan", token, {});
  return { user, token, day1 };
}

const panelHeader = (page: Page) => page.getByRole("button", { name: TITLE });
const log = (page: Page) => page.getByRole("log", { name: "Conversation with Alex" });
const input = (page: Page) => page.getByPlaceholder("Ask me anything about fitness");
const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
const messages = (page: Page, sender: "user" | "assistant") => log(page).locator(`[data-sender="${sender}"]`);

/** Answers the chat call with the real server's reply after a pause, so the pending state can be seen. */
async function slowReplies(page: Page, delayMs: number): Promise<void> {
  await page.route(CHAT_URL, async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ response });
  });
}

describe("Alex, the trainer chat", () => {
  it("changes the plan from a message, shows typing, reply, highlight and toast; renders replies safely", async () => {
    const { user, token, day1 } = await seedUser();
    const page = await newPage(suite.browser, DESKTOP);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await signInViaUi(page, suite.server.url, user);
      await page.waitForURL((url) => url.pathname === "/diet");

      // Starts open with Alex's greetings, docked beside the page; there the header folds the whole panel
      // away and gives the page its width back (docs/decisions/023-docked-chat-panel.md).
      await panelHeader(page).waitFor();
      expect(await settledAttribute(panelHeader(page), "aria-expanded", "true")).toBe("true");
      await messages(page, "assistant").first().getByText("your 24/7 personal trainer").waitFor();
      expect(await messages(page, "assistant").count()).toBe(3);
      await panelHeader(page).click();
      await page.getByTestId("chat-panel").waitFor({ state: "hidden" });
      await page.getByTestId("chat-toggle").click();
      await input(page).waitFor();

      // Blank messages are not sent.
      await input(page).fill("   ");
      expect(await sendButton(page).isDisabled()).toBe(true);
      await input(page).press("Enter");
      expect(await messages(page, "user").count()).toBe(0);

      // A swap: typing indicator, input disabled, the reply, the highlight event and the toast.
      await page.evaluate(() => {
        const seen: unknown[] = [];
        (window as unknown as { itemUpdates: unknown[] }).itemUpdates = seen;
        window.addEventListener("fitwise:item-updating", (event) => seen.push((event as CustomEvent).detail));
        // The mark lasts 2 s, so the diet rows it highlights are recorded as they appear.
        const highlighted: string[] = [];
        (window as unknown as { highlightedRows: string[] }).highlightedRows = highlighted;
        new MutationObserver(() => {
          document.querySelectorAll('[data-testid="meal-item"][data-updating="true"]').forEach((row) => {
            if (row.getAttribute("aria-busy") === "true") highlighted.push(row.textContent ?? "");
          });
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await slowReplies(page, 1_200);
      const breakfast = day1.find((item) => item.Meal === "Breakfast") as MealItemWire;
      await input(page).fill(`swap the ${breakfast.Item}`);
      await input(page).press("Enter");
      await page.getByTestId("typing-indicator").waitFor({ state: "visible" });
      expect(await input(page).isDisabled()).toBe(true);
      expect(await sendButton(page).isDisabled()).toBe(true);
      await screenshot(page, "chat-typing-1280");
      const reply = messages(page, "assistant").filter({ hasText: `Swapped ${breakfast.Item}` });
      await reply.waitFor();
      await page.getByTestId("typing-indicator").waitFor({ state: "hidden" });
      await page.getByRole("alert").filter({ hasText: DIET_TOAST }).waitFor();
      const stored = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
      const swapped = stored.find((item) => !day1.some((old) => old.id === item.id)) as MealItemWire;
      expect(swapped.Meal).toBe("Breakfast");
      await page.waitForFunction(
        (id) =>
          (
            (window as unknown as { itemUpdates: { id: string; updating: boolean }[] }).itemUpdates ?? []
          ).some((detail) => detail.id === id && detail.updating),
        swapped.id,
      );
      // /diet highlights the swapped row while it is marked, and says why to screen readers.
      await page.waitForFunction(
        (name) =>
          ((window as unknown as { highlightedRows: string[] }).highlightedRows ?? []).some(
            (text) => text.includes(name) && text.includes("Updating…"),
          ),
        swapped.Item,
      );
      const cachedDay = await page.evaluate(() => localStorage.getItem("diet_one"));
      expect(cachedDay).toContain(swapped.id);
      await page.unroute(CHAT_URL);

      // Markup typed by the user is shown as text and runs nothing.
      await input(page).fill(XSS);
      await input(page).press("Enter");
      await messages(page, "user").filter({ hasText: "<script>alert(1)</script>" }).waitFor();
      await messages(page, "assistant").nth(4).waitFor();

      // A reply carrying markup, a javascript: link and a remote image renders safely too.
      await page.route(CHAT_URL, (route) =>
        route.fulfill({
          status: 200,
          contentType: "application/json",
          body: JSON.stringify({
            message: `Careful: ${XSS}\n\n[bad link](javascript:alert(1)) ![pixel](https://evil.example/x.png) [good link](https://example.com/guide)`,
          }),
        }),
      );
      await input(page).fill("show me something");
      await input(page).press("Enter");
      await messages(page, "assistant").filter({ hasText: "Careful:" }).waitFor();
      await page.waitForTimeout(300);
      expect(await log(page).locator("img").count()).toBe(0);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await log(page).locator("script").count()).toBe(0);
      expect(await log(page).getByText("<script>alert(1)</script>").count()).toBeGreaterThan(0);
      expect(await log(page).getByRole("link", { name: "bad link" }).count()).toBe(0);
      expect(await log(page).getByRole("link", { name: "good link" }).getAttribute("href")).toBe(
        "https://example.com/guide",
      );
      expect(dialogs).toEqual([]);

      // Errors as docs/product.md §9 has them.
      await page.unroute(CHAT_URL);
      await page.route(CHAT_URL, (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
      );
      await input(page).fill("hello?");
      await input(page).press("Enter");
      await page.getByRole("alert").filter({ hasText: "Failed to send message" }).waitFor();
      await messages(page, "assistant").filter({ hasText: APOLOGY }).waitFor();
      await page.unroute(CHAT_URL);
      await page.route(CHAT_URL, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ reply: 42 }) }),
      );
      await input(page).fill("hello again");
      await input(page).press("Enter");
      await page.getByRole("alert").filter({ hasText: "Unexpected data format" }).waitFor();
      await page.unroute(CHAT_URL);

      await checkA11y(page);
      await screenshot(page, "chat-open-1280");

      // The history is the server's: a reload shows the stored exchange (apologies are local only).
      await page.reload();
      await messages(page, "assistant")
        .filter({ hasText: `Swapped ${breakfast.Item}` })
        .waitFor();
      expect(await messages(page, "assistant").filter({ hasText: APOLOGY }).count()).toBe(0);

      // Phone: the panel fits above the tab bar; the round button closes it and shows the online dot.
      await page.setViewportSize(PHONE);
      const panel = await page.getByTestId("chat-panel").boundingBox();
      const tabBar = await page.getByTestId("tab-bar").boundingBox();
      expect(panel).not.toBeNull();
      expect(tabBar).not.toBeNull();
      if (panel && tabBar) {
        expect(panel.x).toBeGreaterThanOrEqual(0);
        expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width);
        expect(panel.y).toBeGreaterThanOrEqual(0);
        expect(panel.y + panel.height).toBeLessThanOrEqual(tabBar.y);
      }
      await checkA11y(page);
      await screenshot(page, "chat-open-390");
      await page.getByRole("button", { name: "Close chat" }).click();
      await page.getByTestId("chat-panel").waitFor({ state: "hidden" });
      const opener = page.getByRole("button", { name: "Open chat with your trainer" });
      expect(await settledAttribute(opener, "aria-expanded", "false")).toBe("false");
      expect(await page.getByTestId("chat-online-dot").isVisible()).toBe(true);
      await screenshot(page, "chat-closed-390");
      await opener.click();
      await input(page).waitFor();
      expect(dialogs).toEqual([]);
    } catch (error) {
      await failureScreenshot(page, `chat-${Date.now()}`);
      throw error;
    } finally {
      await page.context().close();
    }
  });

  it("starts closed on a phone, behind the round button with its online dot", async () => {
    const { user } = await seedUser();
    const page = await newPage(suite.browser, PHONE);
    try {
      await signInViaUi(page, suite.server.url, user);
      const opener = page.getByRole("button", { name: "Open chat with your trainer" });
      await opener.waitFor();
      expect(await page.getByTestId("chat-online-dot").isVisible()).toBe(true);
      expect(await page.getByTestId("chat-panel").isVisible()).toBe(false);
      await checkA11y(page);
      await opener.click();
      await input(page).waitFor();
      expect(
        await settledAttribute(page.getByRole("button", { name: "Close chat" }), "aria-expanded", "true"),
      ).toBe("true");
    } finally {
      await page.context().close();
    }
  });

  it("sends the patience message after 10 s without a reply", async () => {
    const { user } = await seedUser();
    const page = await newPage(suite.browser, DESKTOP);
    try {
      // The page's clock is moved on by 10 s instead of waiting them out; the reply is held until then.
      await page.clock.install();
      await signInViaUi(page, suite.server.url, user);
      await input(page).waitFor();
      let releaseReply = () => {};
      const replyHeld = new Promise<void>((release) => (releaseReply = release));
      await page.route(CHAT_URL, async (route) => {
        const response = await route.fetch();
        await replyHeld;
        await route.fulfill({ response });
      });
      await input(page).fill("new meals for today");
      await input(page).press("Enter");
      await page.getByTestId("typing-indicator").waitFor();
      await page.clock.fastForward(10_000);
      await messages(page, "assistant")
        .filter({ hasText: "Please be patient while I update your plan, which can take up to a minute!" })
        .waitFor();
      expect(await input(page).isDisabled()).toBe(true);
      releaseReply();
      await page.getByTestId("typing-indicator").waitFor({ state: "hidden" });
    } finally {
      await page.context().close();
    }
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)(
    "shows a lunch swap as before → after and undoes it, back to the old lunch on /diet (%s)",
    async (_, viewport) => {
      // Lunch is Pro (a free user may change breakfast only), and the item is one the server has alternatives for.
      const { user, token } = await seedUser();
      await becomePro(suite.server.url, token);
      // A Pro user's day 1 holds every meal; the free one seeded above showed breakfast only.
      const day1 = await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 });
      const { item: lunch } = await itemOffered(suite.server.url, token, day1, "Lunch", 1);
      const page = await newPage(suite.browser, viewport);
      try {
        await signInViaUi(page, suite.server.url, user);
        await page.waitForURL((url) => url.pathname === "/diet");
        // Open on a laptop, closed on a phone: wait for the toggle to render before reading which.
        const toggle = page.getByRole("button", { name: /^(Close chat|Open chat with your trainer)$/ });
        await toggle.waitFor();
        if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
        await input(page).waitFor();
        await input(page).fill(`swap the ${lunch.Item} at lunch`);
        await input(page).press("Enter");
        const change = page.getByTestId("chat-change");
        await change.waitFor();
        expect(await change.getByRole("listitem").first().textContent()).toContain(
          `Day 1 Lunch: ${lunch.Item}`,
        );
        const swapped = (
          await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 })
        ).find((item) => !day1.some((old) => old.id === item.id)) as MealItemWire;
        const rows = page.getByTestId("meal-item");
        // /diet shows one meal at a time, and on a phone the chat covers it: fold the chat, open Lunch.
        await toggle.click();
        await page.getByRole("button", { name: /^Lunch/ }).click();
        await rows.filter({ hasText: swapped.Item }).first().waitFor();
        await checkA11y(page);
        await toggle.click();
        await change.getByRole("button", { name: "Undo" }).click();
        await messages(page, "assistant").filter({ hasText: "Undone" }).waitFor();
        expect(
          await callFunction(suite.server.url, "openai_get_meal_plan", token, { currentDay: 1 }),
        ).toEqual(day1);
        await toggle.click();
        await rows.filter({ hasText: lunch.Item }).first().waitFor();
        // The old lunch may come back a render before the new item leaves.
        await expect
          .poll(() => rows.filter({ hasText: swapped.Item }).count())
          .toBe(
            // hasText matches a substring whatever its case ("Pasta, cooked" in "Whole-wheat pasta, cooked").
            day1.filter(
              (item) => item.Meal === "Lunch" && item.Item.toLowerCase().includes(swapped.Item.toLowerCase()),
            ).length,
          );
        await checkA11y(page);
      } finally {
        await page.context().close();
      }
    },
  );
});
