import { ProfileResponseSchema } from "@fitwise/contracts/profile";
import { callFunction } from "../../../lib/call-function";

/*
 * "Complete" means the profile already has a goal calorie target (user_goal_tdee), i.e. the user
 * finished onboarding (docs/product.md §3 /signin: complete → /diet, else /goal). Without a profile (404)
 * and on any failure the profile counts as incomplete, which sends the user to /goal where onboarding
 * writes it again — never to a screen that needs the data.
 */
function hasGoalTarget(kcal: number | null): boolean {
  return kcal !== null && Number.isFinite(kcal) && kcal > 0;
}

export async function fetchProfileCompleteness(): Promise<boolean> {
  try {
    const profile = await callFunction(
      "get_user_data",
      { table: "my_users" },
      { schema: ProfileResponseSchema },
    );
    return hasGoalTarget(profile.user_goal_tdee);
  } catch {
    return false;
  }
}

/** Where a signed-in user goes from /signin (and from /signin or /signup with a stored session). */
export async function pathAfterSignIn(): Promise<"/diet" | "/goal"> {
  return (await fetchProfileCompleteness()) ? "/diet" : "/goal";
}
