import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import type { FastifyInstance } from "fastify";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base32Decode, totpStep } from "@fitwise/server/modules/account/totp";
import { hotp } from "@fitwise/server/modules/account/totp.fixture";
import { startInProcessServer, type InProcessServer } from "./support/in-process-server";
import { checkA11y, launchBrowser, screenshot, withPage } from "./support/browser";
import { newTestUser, signInViaUi, signOutViaUi, signUpViaApi, submitSignIn } from "./support/users";
import { DESKTOP, PHONE } from "./support/viewports";

let browser: Browser;
let server: InProcessServer;
let app: FastifyInstance;
let baseUrl: string;
let dataDir: string;

beforeAll(async () => {
  server = await startInProcessServer("account");
  ({ app, baseUrl, dataDir } = server);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The link of the newest e-mail in DATA_DIR/outbox addressed to `to` (the server writes there without SMTP_URL). */
async function outboxLink(to: string): Promise<string> {
  const outbox = join(dataDir, "outbox");
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(outbox, file)));
      if (JSON.stringify(mail.to).includes(to)) {
        const link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(mail.text ?? "")?.[0];
        if (link) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} in the outbox`);
}

/** E-mail links of `email` not yet spent (only their hashes are stored). */
async function unspentLinks(email: string): Promise<number> {
  const rows = await app.db
    .selectFrom("one_time_tokens")
    .select("token_hash")
    .where("relates_to", "=", email)
    .execute();
  return rows.length;
}

function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("fitwise.auth.session"));
}

/** The public link's data call (no credentials), as anyone holding the link makes it. */
function publicDiet(dietId: string): Promise<Response> {
  return fetch(`${baseUrl}/functions/v1/get_saved_data`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ table: "saved_diets", diet_id: dietId }),
  });
}

/** The code of the time step `offset` steps from now, as an authenticator app would show it. */
function totp(secret: string, offset = 0): string {
  return hotp(base32Decode(secret), totpStep(Date.now()) + offset);
}

describe("account security in the browser (docs/decisions/009)", () => {
  it("resets a forgotten password through the e-mailed link", async () => {
    const user = newTestUser("forgot");
    await signUpViaApi(baseUrl, user);
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(`${baseUrl}/signin`);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL((url) => url.pathname === "/forgot-password");
      await checkA11y(page);
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByText(`If an account exists for ${user.email}`).waitFor();
      await screenshot(page, "account-01-forgot-password-sent");

      const link = new URL(await outboxLink(user.email));
      expect(link.origin).toBe(baseUrl);
      expect(link.pathname).toBe("/auth/confirm");
      expect(link.searchParams.get("type")).toBe("recovery");
      expect(link.searchParams.get("next")).toBe("/reset-password");
      await page.goto(link.toString());
      await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
      const choose = page.getByRole("button", { name: "Choose a new password" });
      // Opening the page, even twice, spends nothing: that is all a mail scanner does.
      await page.reload();
      await choose.waitFor();
      expect(await unspentLinks(user.email)).toBe(1);
      expect(await storedSession(page)).toBeNull();
      await checkA11y(page);
      await screenshot(page, "account-05-confirm-link");
      await choose.click();
      await page.waitForURL((url) => url.pathname === "/reset-password");
      await page.getByLabel("New password", { exact: true }).waitFor();
      expect(await unspentLinks(user.email)).toBe(0);
      expect(new URL(page.url()).search).toBe("");
      await checkA11y(page);
      const newPassword = `New-${randomUUID()}`;
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Repeat the new password", { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: "Save new password" }).click();
      await page.waitForURL((url) => url.pathname === "/goal");
      await signOutViaUi(page);

      await submitSignIn(page, baseUrl, user);
      await page.getByTestId("auth-error").waitFor();
      await signInViaUi(page, baseUrl, { email: user.email, password: newPassword });
      expect(pathOf(page)).toBe("/goal");
    });
  });

  it("signs in with an e-mail link only on the click, and explains a used, expired or incomplete link", async () => {
    const user = newTestUser("magic");
    await signUpViaApi(baseUrl, user);
    const otp = await fetch(`${baseUrl}/auth/v1/otp`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email }),
    });
    expect(otp.status).toBe(200);
    const link = await outboxLink(user.email);
    expect(new URL(link).searchParams.get("type")).toBe("magiclink");

    await withPage(browser, PHONE, async (page) => {
      await page.goto(link);
      await page.getByRole("heading", { level: 1, name: "Sign in with your e-mail link" }).waitFor();
      const signIn = page.getByRole("button", { name: "Sign in", exact: true });
      await page.reload();
      await signIn.waitFor();
      expect(await storedSession(page)).toBeNull();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // By keyboard.
      await signIn.focus();
      await page.keyboard.press("Enter");
      // next is /signin, which sends a signed-in user on to onboarding.
      await page.waitForURL((url) => url.pathname === "/goal");
      expect(JSON.parse((await storedSession(page)) ?? "null")).toMatchObject({
        user: { email: user.email },
      });
    });

    // The same link again, in another browser: already used.
    await withPage(browser, PHONE, async (page) => {
      await page.goto(link);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      const error = page.getByTestId("email-link-error");
      await error.waitFor();
      expect(await error.textContent()).toBe("Email link is invalid or has expired");
      expect(await error.getAttribute("role")).toBe("alert");
      await page.getByRole("heading", { level: 1, name: "This link cannot be used" }).waitFor();
      // Focus follows the button it replaced.
      expect(
        await page.evaluate(() => document.activeElement?.contains(document.querySelector('[role="alert"]'))),
      ).toBe(true);
      expect(await storedSession(page)).toBeNull();
      expect(await page.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/signin");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await checkA11y(page);
      await screenshot(page, "account-06-link-used-phone");
      await page.getByRole("link", { name: "Send a new password reset link" }).click();
      await page.waitForURL((url) => url.pathname === "/forgot-password");
    });

    // A recovery link older than one hour.
    const late = newTestUser("late");
    await signUpViaApi(baseUrl, late);
    const recover = await fetch(`${baseUrl}/auth/v1/recover`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: late.email }),
    });
    expect(recover.status).toBe(200);
    const lateLink = await outboxLink(late.email);
    await app.db
      .updateTable("one_time_tokens")
      .set({ created_at: new Date(Date.now() - 61 * 60_000) })
      .where("relates_to", "=", late.email)
      .execute();
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(lateLink);
      await page.getByRole("button", { name: "Choose a new password" }).click();
      await page.getByTestId("email-link-error").waitFor();
      expect(await storedSession(page)).toBeNull();

      // A link missing its token shows the same view at once, with nothing to press.
      await page.goto(`${baseUrl}/auth/confirm?type=recovery&next=%2Freset-password`);
      await page.getByTestId("email-link-error").waitFor();
      expect(await page.getByRole("button", { name: "Choose a new password" }).count()).toBe(0);
      await checkA11y(page);
    });
  });

  it("turns on two-step verification with the QR key, then asks for a code at sign-in", async () => {
    const user = newTestUser("mfa");
    await signUpViaApi(baseUrl, user);
    await withPage(browser, DESKTOP, async (page) => {
      await signInViaUi(page, baseUrl, user);
      await page.goto(`${baseUrl}/account-security`);
      await page.getByRole("button", { name: "Set up two-step verification" }).click();
      const qr = page.getByRole("img", { name: "QR code to add your account to an authenticator app" });
      await qr.waitFor();
      expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
      const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
      await checkA11y(page);
      await screenshot(page, "account-02-mfa-enrol");
      await page.getByLabel("Code from the app", { exact: true }).fill(totp(secret));
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByText("On: signing in asks for a code").waitFor();
      await signOutViaUi(page);

      await submitSignIn(page, baseUrl, user);
      await page.getByRole("heading", { level: 1, name: "Two-step verification" }).waitFor();
      await checkA11y(page);
      await screenshot(page, "account-03-mfa-sign-in");
      await page.getByLabel("Authentication code", { exact: true }).fill("000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByText("Invalid TOTP code entered").waitFor();
      // The enrolment used this step's code; a code works once, so the next step's code signs in.
      await page.getByLabel("Authentication code", { exact: true }).fill(totp(secret, 1));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((url) => url.pathname === "/goal");
    });
  });

  it("changes my e-mail address by a link to the new one, downloads my data, deletes my account, and the old public link then answers not-found", async () => {
    const user = newTestUser("delete");
    await signUpViaApi(baseUrl, user);
    const account = await app.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", user.email)
      .executeTakeFirstOrThrow();
    const dietId = randomUUID();
    await app.db
      .insertInto("saved_diets")
      .values({ diet_id: dietId, user_id: account.id, diet_one: "[]", plan_number: 1 })
      .execute();
    await withPage(browser, DESKTOP, async (page) => {
      expect((await publicDiet(dietId)).status).toBe(200);
      await signInViaUi(page, baseUrl, user);
      await page.goto(`${baseUrl}/updatemyinfo`);
      // A new address gets a link; the account's address changes once that link is opened.
      const moved = `moved-${randomUUID().slice(0, 8)}@example.com`;
      await page.getByText("Change your e-mail address").click();
      await page.getByLabel("New e-mail address").fill(moved);
      await page.getByRole("button", { name: "Send confirmation link" }).click();
      await page.getByText(`We sent a link to ${moved}. Open it to make that your address.`).waitFor();
      await checkA11y(page);
      await page.goto(await outboxLink(moved));
      await page.getByRole("button", { name: "Use this e-mail address" }).click();
      await page.waitForURL((url) => url.pathname === "/updatemyinfo");
      await page.getByText("Change your e-mail address").click();
      await page.getByText(`You sign in with ${moved}.`).waitFor();
      // By keyboard: the chat panel, open by default, can cover the end of the settings tab bar.
      await page.getByRole("link", { name: "Security" }).press("Enter");
      await page.waitForURL((url) => url.pathname === "/account-security");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^fitwise-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(await readFile((await download.path()) ?? "", "utf8")) as {
        account: { email: string };
        saved_diets: Array<{ diet_id: string }>;
      };
      expect(exported.account.email).toBe(moved);
      expect(exported.saved_diets.map((diet) => diet.diet_id)).toEqual([dietId]);

      await page.getByLabel("Your password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByText("The password is not correct.").waitFor();
      await page.getByLabel("Your password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.getByText("Your account and all its data have been deleted.").waitFor();

      expect((await publicDiet(dietId)).status).toBe(404);
      await page.goto(`${baseUrl}/fulldiet/${dietId}`);
      await page.getByRole("heading", { level: 1, name: "Plan not found" }).waitFor();
      await screenshot(page, "account-04-deleted-plan-not-found");
      await submitSignIn(page, baseUrl, user);
      await page.getByText("Invalid login credentials").waitFor();
    });
  });

  it("signs in with Google through the provider and back", async () => {
    const email = `google-${randomUUID().slice(0, 8)}@example.com`;
    server.setGoogleClaims({ sub: `sub-${email}`, email, email_verified: true, name: "Gina Google" });
    await withPage(browser, DESKTOP, async (page) => {
      const visited: string[] = [];
      // Every address the tab was sent to, redirects included.
      page.on("request", (request) => {
        if (request.isNavigationRequest()) visited.push(request.url());
      });
      await page.goto(`${baseUrl}/signin`);
      await page.getByRole("button", { name: "Connect with Google" }).click();
      await page.waitForURL((url) => url.pathname === "/goal");
      const stored = await page.evaluate(() => localStorage.getItem("fitwise.auth.session"));
      expect(JSON.parse(stored ?? "null")).toMatchObject({
        user: { email, user_metadata: { full_name: "Gina Google" } },
      });
      expect(new URL(page.url()).hash).toBe("");
      // PKCE (decision 035): the app came back with an auth code; no token was ever in an address.
      const authorize = new URL(visited.find((url) => url.includes("/auth/v1/authorize")) ?? baseUrl);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("s256");
      expect(
        visited.some((url) => new URL(url).pathname === "/signin" && new URL(url).searchParams.has("code")),
      ).toBe(true);
      expect(visited.filter((url) => url.includes("access_token"))).toEqual([]);
      expect(await page.evaluate(() => sessionStorage.getItem("fitwise.auth.pkce"))).toBeNull();
    });
  });

  it("gives a guest who came from a public plan and signs up with Google the 14-day trial that page promised", async () => {
    const owner = newTestUser("sharing-owner");
    await signUpViaApi(baseUrl, owner);
    const ownerRow = await app.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow();
    const dietId = randomUUID();
    await app.db
      .insertInto("saved_diets")
      .values({ diet_id: dietId, user_id: ownerRow.id, diet_one: "[]", plan_number: 1 })
      .execute();
    const email = `guest-google-${randomUUID().slice(0, 8)}@example.com`;
    server.setGoogleClaims({ sub: `sub-${email}`, email, email_verified: true, name: "Guest Google" });
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(`${baseUrl}/fulldiet/${dietId}`);
      await page
        .getByRole("complementary", { name: "Free trial" })
        .getByText(/14-day free trial/)
        .waitFor();
      await page.goto(`${baseUrl}/signin`);
      await page.getByRole("button", { name: "Connect with Google" }).click();
      await page.waitForURL((url) => url.pathname === "/goal");
      await expect
        .poll(async () => JSON.parse((await storedSession(page)) ?? "null")?.user?.app_metadata?.trial_days)
        .toBe(14);
    });
    const account = await app.db
      .selectFrom("users")
      .select("raw_app_meta_data")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(account.raw_app_meta_data).toMatchObject({ trial_days: 14, shared_plan: `diet:${dietId}` });
  });

  it("shows the provider's error when Google refuses the e-mail", async () => {
    const email = `unverified-${randomUUID().slice(0, 8)}@example.com`;
    server.setGoogleClaims({ sub: `sub-${email}`, email, email_verified: false });
    await withPage(browser, DESKTOP, async (page) => {
      await page.goto(`${baseUrl}/signin`);
      await page.getByRole("button", { name: "Connect with Google" }).click();
      await page.getByText("Your Google e-mail address is not verified.").waitFor();
      expect(pathOf(page)).toBe("/signin");
    });
  });
});
