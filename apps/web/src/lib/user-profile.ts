import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ProfileResponseSchema } from "@fitwise/contracts/profile";
import type { ProfileResponse } from "@fitwise/contracts/profile";
import { ApiError } from "./api-client";
import { callFunction } from "./call-function";
import { readCache, writeCache } from "./local-cache";
import { queryKeys } from "./query-keys";

/** Mirrors the server's profile into docs/product.md §7 localStorage keys (a cache; the server stays the authority). */
export function cacheProfile(profile: ProfileResponse): void {
  writeCache("user_pro", profile.user_pro);
  writeCache("user_replaced", profile.user_replaced);
  writeCache("user_preferred_workout_days", profile.user_preferred_workout_days);
  writeCache("user_preferred_protein_sources", profile.user_preferred_protein_sources);
  writeCache("user_equipment", profile.user_equipment);
  const optional = {
    user_id: profile.user_id,
    user_email: profile.user_email,
    user_full_name: profile.user_full_name,
    user_age: profile.user_age,
    user_gender: profile.user_gender,
    user_weight_in_kgs: profile.user_weight_in_kgs,
    user_height_in_cm: profile.user_height_in_cm,
    user_activity: profile.user_activity,
    user_tdee: profile.user_tdee,
    user_goal_tdee: profile.user_goal_tdee,
    user_fitness_goal: profile.user_fitness_goal,
    user_workout_type: profile.user_workout_type,
    user_experience_level: profile.user_experience_level,
    user_diet_preference: profile.user_diet_preference,
    user_food_preference: profile.user_food_preference,
    user_fav_food: profile.user_fav_food,
    user_allergies: profile.user_allergies,
    user_avoid_food: profile.user_avoid_food,
  } as const;
  // Unknown values are left as they were: a null from the server must not erase what onboarding cached.
  for (const [key, value] of Object.entries(optional)) {
    if (value !== null) localStorage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  }
}

/** The profile, or null for a user who has not started onboarding (the server answers 404 then). */
export async function fetchUserProfile(): Promise<ProfileResponse | null> {
  let profile: ProfileResponse;
  try {
    profile = await callFunction("get_user_data", { table: "my_users" }, { schema: ProfileResponseSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  cacheProfile(profile);
  return profile;
}

/**
 * The signed-in user's profile. app/ProStatusSync.tsx reads it again when another tab changes Pro
 * (docs/product.md §7 user_pro, e.g. a purchase there).
 */
export function useUserProfile() {
  return useQuery({ queryKey: queryKeys.profile(), queryFn: fetchUserProfile });
}

/**
 * What the plan screens need of the profile: the calorie target (or its absence), gender, Pro status
 * and free replacements used. The cached values decide at once; the server's answer settles them.
 */
export function usePlanProfile() {
  const query = useUserProfile();
  const profile = query.data;
  return {
    query,
    goalTdeeKcal: profile !== undefined ? (profile?.user_goal_tdee ?? null) : readCache("user_goal_tdee"),
    tdeeKcal: profile !== undefined ? (profile?.user_tdee ?? null) : readCache("user_tdee"),
    fitnessGoal: profile?.user_fitness_goal ?? readCache("user_fitness_goal"),
    gender: profile?.user_gender ?? readCache("user_gender"),
    isPro: (profile?.user_pro ?? readCache("user_pro") ?? 0) === 1,
    replacementsUsed: profile?.user_replaced ?? readCache("user_replaced") ?? 0,
  };
}

/** Records the server's replacement count after a replacement, in the query and the local cache. */
export function useSetReplacementsUsed() {
  const queryClient = useQueryClient();
  return (used: number) => {
    writeCache("user_replaced", used);
    queryClient.setQueryData<ProfileResponse | null>(queryKeys.profile(), (profile) =>
      profile ? { ...profile, user_replaced: used } : profile,
    );
  };
}
