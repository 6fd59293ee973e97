import {
  FUNCTIONS,
  type FunctionName,
  type FunctionRequest,
  type FunctionResponse,
} from "@fitwise/contracts/functions";
import {
  ListDietReplacementsResponseSchema,
  type ListDietReplacementsResponse,
  type MealItemWire,
} from "@fitwise/contracts/plans";
import type { z } from "zod";
import { completeProfile } from "./profiles";
import { newTestUser, signInViaApi, signUpViaApi, type TestUser } from "./users";

/**
 * The browser specs' one way to call the server behind the page's back (seeding users and plans, checking what
 * reached the server). Calls are typed by the contract registry (docs/decisions/032), and every answer is parsed
 * with the function's response schema, so a spec also proves the server still answers what the contract says.
 */

/** A function's status and raw body, for specs that check a refusal. */
export async function postFunction(
  baseUrl: string,
  name: FunctionName,
  token: string | undefined,
  payload: unknown,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${baseUrl}/functions/v1/${name}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(payload),
  });
  return { status: response.status, text: await response.text() };
}

/** Retries of a call answered 503 (planning busy), each after the server's Retry-After of 2 s. */
const BUSY_RETRIES = 3;
const BUSY_RETRY_WAIT_MS = 2_000;

/**
 * postFunction, asked again while the answer is 503 planning_busy, which asks the client to retry (docs/decisions/036), as
 * the web app's queries do: on CI's two busy cores a solve can outlast the pool's wait while another spec's server and
 * browser run beside it.
 */
export async function postFunctionWhenFree(
  baseUrl: string,
  name: FunctionName,
  token: string | undefined,
  payload: unknown,
): Promise<{ status: number; text: string }> {
  let answer = await postFunction(baseUrl, name, token, payload);
  for (let attempt = 1; answer.status === 503 && attempt <= BUSY_RETRIES; attempt += 1) {
    await new Promise((resolveWait) => setTimeout(resolveWait, BUSY_RETRY_WAIT_MS));
    answer = await postFunction(baseUrl, name, token, payload);
  }
  return answer;
}

/**
 * Calls a function that must succeed and returns its answer, checked against the registry's schema, or against
 * `answer`, a stricter reading, where the function answers one of several shapes (write_user_data, get_user_data).
 */
export async function callFunction<
  N extends FunctionName,
  R extends FunctionResponse<N> = FunctionResponse<N>,
>(
  baseUrl: string,
  name: N,
  token: string | undefined,
  payload: FunctionRequest<N>,
  answer?: z.ZodType<R>,
): Promise<R> {
  const { status, text } = await postFunctionWhenFree(baseUrl, name, token, payload);
  if (status < 200 || status >= 300) throw new Error(`${name} answered ${status}: ${text}`);
  // Without a stricter schema R is FunctionResponse<N>, the registry schema's own output.
  const schema = answer ?? (FUNCTIONS[name].response as z.ZodType<R>);
  const parsed = schema.safeParse(text === "" ? null : JSON.parse(text));
  if (!parsed.success) throw new Error(`${name} answered outside its contract: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The first item of the meal the server offers at least `wanted` alternatives for, with the offer, asked through the
 * API: looks that do not count. The day comes from a seed drawn from the user's random id, and an item may have fewer
 * foods of its role within 5 % of its energy (a main dish of a small cuisine may have none: 422 NO_REPLACEMENT).
 */
export async function itemOffered(
  baseUrl: string,
  token: string,
  plan: readonly MealItemWire[],
  meal: MealItemWire["Meal"],
  wanted: number,
): Promise<{ item: MealItemWire; offered: ListDietReplacementsResponse }> {
  for (const item of plan.filter((entry) => entry.Meal === meal)) {
    const { status, text } = await postFunctionWhenFree(baseUrl, "list_diet_replacements", token, {
      itemToReplace: { id: item.id },
      column_name: "diet_one",
    });
    // An item with no alternative at all is answered 422 NO_REPLACEMENT: try the next one.
    if (status === 422) continue;
    if (status !== 200) throw new Error(`list_diet_replacements answered ${status}: ${text}`);
    const offered = ListDietReplacementsResponseSchema.parse(JSON.parse(text));
    if (offered.alternatives.length >= wanted) return { item, offered };
  }
  throw new Error(
    `No ${meal} item of ${plan.map((entry) => entry.Item).join(", ")} was offered ${wanted} alternatives`,
  );
}

/** Pays through the local test checkout (its form, then its signed webhook), as the upgrade overlay would. */
export async function becomePro(baseUrl: string, token: string): Promise<void> {
  const { url } = await callFunction(baseUrl, "create_checkout", token, { plan: "monthly" });
  const paid = await fetch(new URL(url, baseUrl), {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" }),
  });
  if (paid.status !== 303) throw new Error(`test checkout answered ${paid.status}`);
}

/** A user registered and signed in through the API, for specs that are not about sign-up. */
export async function registeredUser(
  baseUrl: string,
  label: string,
): Promise<{ user: TestUser; token: string }> {
  const user = newTestUser(label);
  await signUpViaApi(baseUrl, user);
  return { user, token: await signInViaApi(baseUrl, user) };
}

/**
 * A registered user with a complete profile (support/profiles.ts) and the given overrides, who has already answered
 * the first /diet visit's question unless the overrides say otherwise.
 */
export async function userWithProfile(
  baseUrl: string,
  label: string,
  overrides: Parameters<typeof completeProfile>[0] = {},
): Promise<{ user: TestUser; token: string }> {
  const registered = await registeredUser(baseUrl, label);
  await callFunction(
    baseUrl,
    "write_user_data",
    registered.token,
    completeProfile({ has_visited_diet_screen: true, ...overrides }),
  );
  return registered;
}
