import { describe, expect, it } from "vitest";
import { checkA11y, closeChat, newPage, screenshot } from "./support/browser";
import { serverAndBrowser } from "./support/suite";
import { newTestUser, signInViaApi, signInViaUi, signUpViaApi } from "./support/users";
import { completeProfile } from "./support/profiles";
import { PHONE } from "./support/viewports";

const PROFILE = completeProfile({ user_full_name: "Ada Lovelace", user_fav_food: "pasta" });

const suite = serverAndBrowser();

async function signedIn(label: string) {
  const user = newTestUser(label);
  await signUpViaApi(suite.server.url, user);
  const token = await signInViaApi(suite.server.url, user);
  const written = await fetch(`${suite.server.url}/functions/v1/write_user_data`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(PROFILE),
  });
  expect(written.status).toBe(200);
  const page = await newPage(suite.browser, PHONE);
  page.setDefaultTimeout(60_000);
  await signInViaUi(page, suite.server.url, user);
  return { page, token };
}

describe("the allergy field says which words it did not recognise", () => {
  it("on the diet settings: as the user types, after saving, and chips add what the reader knows", async () => {
    const { page, token } = await signedIn("allergy-settings");
    await page.goto(`${suite.server.url}/updatemydietinfo`);
    await page.getByRole("heading", { level: 1, name: "Diet Settings" }).waitFor();
    await closeChat(page);
    const field = page.getByLabel("Allergies and foods to avoid");
    await field.fill("penuts, zorblax");
    await page
      .getByText("We didn't recognise 'zorblax' — tell us another way, or pick from the list.")
      .waitFor();
    await page.getByRole("button", { name: "Halal", exact: true }).click();
    expect(await field.inputValue()).toBe("penuts, zorblax, halal");
    expect(await page.getByRole("button", { name: "Halal", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    // "penuts" is understood, so the Peanuts chip is on; chips toggle: a second click takes the words out again.
    const peanuts = page.getByRole("button", { name: "Peanuts", exact: true });
    expect(await peanuts.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Sesame", exact: true }).click();
    expect(await field.inputValue()).toBe("penuts, zorblax, halal, sesame");
    await page.getByRole("button", { name: "Sesame", exact: true }).click();
    expect(await field.inputValue()).toBe("penuts, zorblax, halal");
    expect(await page.getByRole("button", { name: "Vegetarian", exact: true }).count()).toBe(0);
    // The EU's allergens beyond the nine are chips too (docs/decisions/063), and one round-trips through the profile.
    for (const name of ["Celery", "Mustard", "Molluscs", "Sulphites"])
      await page.getByRole("button", { name, exact: true }).waitFor();
    await page.getByRole("button", { name: "Lupin", exact: true }).click();
    expect(await field.inputValue()).toBe("penuts, zorblax, halal, lupin");
    await checkA11y(page);
    await screenshot(page, "allergy-01-settings-unrecognised-390");

    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes updated successfully.").waitFor();
    await page.getByText("We didn't recognise 'zorblax'", { exact: false }).waitFor();
    const saved = await fetch(`${suite.server.url}/functions/v1/get_user_data`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ table: "my_users" }),
    });
    expect(await saved.json()).toMatchObject({
      user_allergies: "penuts, zorblax, halal, lupin",
      unrecognised_avoidances: ["zorblax"],
    });
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Diet Settings" }).waitFor();
    expect(await page.getByRole("button", { name: "Lupin", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    await field.fill("peanuts, halal");
    await expect(page.getByText("We didn't recognise", { exact: false }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it("on the meal plan preferences: emoji and unknown words are named, and chips fill the field", async () => {
    const { page } = await signedIn("allergy-preferences");
    await page.goto(`${suite.server.url}/mealplanpreferences`);
    await page.getByRole("heading", { level: 1, name: "Meal Plan Preferences" }).waitFor();
    await closeChat(page);
    const field = page.getByLabel("Allergies and foods to avoid");
    await field.fill("🦐 and flibbertigibbet");
    await page
      .getByText(
        "We didn't recognise '🦐' and 'flibbertigibbet' — tell us another way, or pick from the list.",
      )
      .waitFor();
    await field.fill("");
    await page.getByRole("button", { name: "Shellfish", exact: true }).click();
    await page.getByRole("button", { name: "Kosher", exact: true }).click();
    expect(await field.inputValue()).toBe("shellfish, kosher");
    await expect(page.getByText("We didn't recognise", { exact: false }).count()).resolves.toBe(0);
    await checkA11y(page);
    await screenshot(page, "allergy-02-preferences-chips-390");
    await page.context().close();
  });
});
