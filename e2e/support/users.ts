import type { Page } from "playwright-core";

export interface TestUser {
  fullName: string;
  email: string;
  password: string;
}

/** Users made so far by this spec file (each spec file runs in its own module scope, with its own server). */
let usersMade = 0;

/**
 * A user no earlier test of this file has registered. Names, addresses and passwords are fixed by the label and
 * the order the file asks for them, never random, so a failing run can be replayed with the same users; each spec
 * file starts its own server on an empty database (support/server.ts), so they never collide. The server still
 * gives each account a random id (ids must not be guessable), and plans are seeded from it.
 */
export function newTestUser(label = "user"): TestUser {
  usersMade += 1;
  const id = String(usersMade).padStart(3, "0");
  return {
    fullName: `Test ${label} ${id}`,
    email: `${label}-${id}@example.com`,
    password: `Lantern-${id}-Orchard-${label}`,
  };
}

/** Fills and submits /signup; resolves once the app has left the sign-up page. */
export async function signUpViaUi(page: Page, baseUrl: string, user: TestUser): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel("Full name", { exact: true }).fill(user.fullName);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/signup");
}

/** Fills and submits /signin; does not wait for navigation, so callers can also assert a refusal. */
export async function submitSignIn(
  page: Page,
  baseUrl: string,
  credentials: Pick<TestUser, "email" | "password">,
) {
  if (new URL(page.url()).pathname !== "/signin" || !page.url().startsWith(baseUrl)) {
    await page.goto(`${baseUrl}/signin`);
  }
  await page.getByLabel("Email", { exact: true }).fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs in through the form and resolves once the app has left /signin. */
export async function signInViaUi(
  page: Page,
  baseUrl: string,
  credentials: Pick<TestUser, "email" | "password">,
) {
  await submitSignIn(page, baseUrl, credentials);
  await page.waitForURL((url) => url.pathname !== "/signin");
}

/** Registers a user straight through the API, for tests that are not about sign-up. */
export async function signUpViaApi(baseUrl: string, user: TestUser): Promise<void> {
  const response = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password, data: { full_name: user.fullName } }),
  });
  if (!response.ok) throw new Error(`Sign-up via API failed: ${response.status} ${await response.text()}`);
}

/** Signs in straight through the API (password grant) and returns the access token. */
export async function signInViaApi(
  baseUrl: string,
  credentials: Pick<TestUser, "email" | "password">,
): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  if (!response.ok) throw new Error(`Sign-in via API failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Clicks the header's Signout and waits for /signin. */
export async function signOutViaUi(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Signout" }).click();
  await page.waitForURL((url) => url.pathname === "/signin");
}
