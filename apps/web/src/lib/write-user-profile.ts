import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ProfileResponseSchema } from "@fitwise/contracts/profile";
import type { ProfileResponse, WriteProfileRequest } from "@fitwise/contracts/profile";
import { callFunction } from "./call-function";
import { readCache } from "./local-cache";
import { queryKeys } from "./query-keys";
import { cacheProfile } from "./user-profile";

/** The profile fields a form sends; the device, source and table are added here. */
export type ProfileUpdate = Omit<
  WriteProfileRequest,
  "write_table" | "user_id" | "user_email" | "user_device" | "source"
>;

/**
 * `write_user_data` with write_table my_users (docs/product.md §8), used by onboarding and settings alike: the
 * server stores the fields sent, recomputes the calorie figures, marks the stored plans stale and
 * answers the whole profile, which then refreshes the local cache.
 */
export async function writeUserProfile(update: ProfileUpdate): Promise<ProfileResponse> {
  const profile = await callFunction(
    "write_user_data",
    { ...update, write_table: "my_users", user_device: "WEB", source: readCache("source") ?? "unknown" },
    { schema: ProfileResponseSchema },
  );
  cacheProfile(profile);
  return profile;
}

export function useWriteUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeUserProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile(), profile);
      // Plans are planned from the profile, so the diet and workout screens must ask the server again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.workoutPlan() });
    },
  });
}
