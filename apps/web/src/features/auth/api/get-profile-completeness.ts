import { z } from "zod";
import { callFunction } from "../../../lib/api-client";

/*
 * "Complete" means the profile already has a goal calorie target (user_goal_tdee), i.e. the user
 * finished onboarding (docs/product.md §3 /signin: complete → /diet, else /goal). get_user_data belongs to the
 * plan-journey issue; until it exists, and on any failure, the profile counts as incomplete, which
 * sends the user to /goal where onboarding writes it again — never to a screen that needs the data.
 */
const ProfileRowSchema = z.object({ user_goal_tdee: z.union([z.number(), z.string()]).nullish() });
const GetUserDataResponseSchema = z.union([ProfileRowSchema, z.array(ProfileRowSchema)]);

function hasGoalTarget(value: number | string | null | undefined): boolean {
  if (value === null || value === undefined || value === "") return false;
  const kcal = Number(value);
  return Number.isFinite(kcal) && kcal > 0;
}

export async function fetchProfileCompleteness(): Promise<boolean> {
  try {
    const response = await callFunction("get_user_data", { table: "my_users" }, GetUserDataResponseSchema);
    const row = Array.isArray(response) ? response[0] : response;
    return hasGoalTarget(row?.user_goal_tdee);
  } catch {
    return false;
  }
}

/** Where a signed-in user goes from /signin (and from /signin or /signup with a stored session). */
export async function pathAfterSignIn(): Promise<"/diet" | "/goal"> {
  return (await fetchProfileCompleteness()) ? "/diet" : "/goal";
}
