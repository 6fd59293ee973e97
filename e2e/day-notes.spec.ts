import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeChat, failureScreenshot, launchBrowser, screenshot, withPage } from "./support/browser";
import { startInProcessServer, type InProcessServer } from "./support/in-process-server";
import { completeProfile } from "./support/profiles";
import { newTestUser, signInViaApi, signInViaUi, signUpViaApi } from "./support/users";
import { DESKTOP } from "./support/viewports";
import { callFunction } from "./support/api";

const FIBRE_NOTE =
  "Fibre gave way: 72 g, outside 25–60 g, since no day of these foods found keeps it inside.";

// Its own server, to give the stored plan a note: which random person's plan holds one depends on the catalogue.
let browser: Browser;
let server: InProcessServer;

beforeAll(async () => {
  server = await startInProcessServer("day-notes");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("/diet beside the day's totals", () => {
  it("shows the plan's notes in plain words, and the training day with its target", async () => {
    const user = newTestUser("day-notes");
    await signUpViaApi(server.baseUrl, user);
    const token = await signInViaApi(server.baseUrl, user);
    await callFunction(
      server.baseUrl,
      "write_user_data",
      token,
      completeProfile({
        user_preferred_workout_days: ["Monday", "Wednesday", "Friday"],
        user_training_day_food: true,
        has_visited_diet_screen: true,
      }),
    );
    await callFunction(server.baseUrl, "openai_get_meal_plan", token, { currentDay: 1 });
    await server.app.db
      .updateTable("meal_plans")
      .set({ notes: JSON.stringify([FIBRE_NOTE]) })
      .where("day_index", "=", 1)
      .where(
        "user_id",
        "=",
        (
          await server.app.db
            .selectFrom("users")
            .select("id")
            .where("email", "=", user.email)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();

    await withPage(browser, DESKTOP, async (page) => {
      try {
        await signInViaUi(page, server.baseUrl, user);
        await page.goto(`${server.baseUrl}/diet`);
        await closeChat(page);
        const notes = page.getByRole("region", { name: "One limit gave way on this day" });
        await notes.waitFor();
        expect(await notes.textContent()).toContain("Fibre is high on this day: 72 g, we aim for 25–60 g.");
        await notes.getByText("Why?").click();
        await notes.getByText(/swapping a bean or lentil dish/).waitFor();
        expect(await page.getByTestId("day-kind").textContent()).toMatch(
          /^Training day \(Monday\): [\d,]+ kcal, with more carbohydrate for your workout\.$/,
        );
        await screenshot(page, "day-notes");

        // The setting is on the diet settings screen, as saved.
        await page.goto(`${server.baseUrl}/updatemydietinfo`);
        expect(await page.getByRole("checkbox", { name: "More food on training days" }).isChecked()).toBe(
          true,
        );
      } catch (error) {
        await failureScreenshot(page, "day-notes");
        throw error;
      }
    });
  }, 120_000);
});
