import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import type { FastifyInstance } from "fastify";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base32Decode, hotp, totpStep } from "@fitwise/server/modules/account/totp";
import { startInProcessServer, type InProcessServer } from "./support/in-process-server";
import { checkA11y, launchBrowser, screenshot, withPage } from "./support/browser";
import { newTestUser, signInViaUi, signOutViaUi, signUpViaApi, submitSignIn } from "./support/users";

const DESKTOP = { width: 1280, height: 800 };

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

/** The newest e-mail in DATA_DIR/outbox addressed to `to`, parsed (the server writes there without SMTP_URL). */
async function outboxLink(to: string): Promise<string> {
  const outbox = join(dataDir, "outbox");
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(outbox, file)));
      if (JSON.stringify(mail.to).includes(to)) {
        const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text ?? "")?.[0];
        if (link) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} in the outbox`);
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

describe("account security in the browser (issue 8)", () => {
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

      await page.goto(await outboxLink(user.email));
      await page.waitForURL((url) => url.pathname === "/reset-password");
      await page.getByLabel("New password", { exact: true }).waitFor();
      // The session in the fragment is taken out of the address at once.
      expect(new URL(page.url()).hash).toBe("");
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

  it("downloads my data, deletes my account, and the old public link then answers not-found", async () => {
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
      .values({ diet_id: dietId, user_id: account.id, diet_one: "[]" })
      .execute();
    await withPage(browser, DESKTOP, async (page) => {
      expect((await publicDiet(dietId)).status).toBe(200);
      await signInViaUi(page, baseUrl, user);
      await page.goto(`${baseUrl}/updatemyinfo`);
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
      expect(exported.account.email).toBe(user.email);
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
      await page.goto(`${baseUrl}/signin`);
      await page.getByRole("button", { name: "Connect with Google" }).click();
      await page.waitForURL((url) => url.pathname === "/goal");
      const stored = await page.evaluate(() => localStorage.getItem("fitwise.auth.session"));
      expect(JSON.parse(stored ?? "null")).toMatchObject({
        user: { email, user_metadata: { full_name: "Gina Google" } },
      });
      expect(new URL(page.url()).hash).toBe("");
    });
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
