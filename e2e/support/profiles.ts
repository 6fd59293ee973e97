import type { WriteProfileRequest } from "@fitwise/contracts/profile";

/**
 * A complete profile as onboarding would write it (docs/product.md §4.1, screens §3.3–3.5): with the
 * body data the server computes user_tdee and user_goal_tdee, and the app signs such a user in to
 * /diet. Specs that seed users through the API start from it and override only what they are about.
 */
export const COMPLETE_PROFILE = {
  user_age: 34,
  user_gender: "female",
  user_weight_in_kgs: 68,
  user_height_in_cm: 167.64,
  user_activity: 1.375,
  user_fitness_goal: "Lose Weight",
  user_experience_level: "Beginner",
  user_preferred_workout_days: ["Monday", "Wednesday", "Friday"],
  user_workout_type: "Home Workout",
  user_diet_preference: "standard",
  user_food_preference: "Italian",
  user_preferred_protein_sources: ["Poultry", "Eggs", "Dairy"],
  user_fav_food: "",
  user_allergies: "",
} satisfies WriteProfileRequest;

/** The `write_user_data` body that stores a complete profile, with the original app's own answers on top. */
export function completeProfile(overrides: Partial<WriteProfileRequest> = {}): WriteProfileRequest {
  return { write_table: "my_users", ...COMPLETE_PROFILE, ...overrides };
}
