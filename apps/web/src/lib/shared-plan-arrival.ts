import { trialDaysOf } from "@fitwise/contracts/pricing";
import { useAuth } from "./auth";

/**
 * The public plan a guest was looking at, kept for this tab, so the sign-up that follows tells the server
 * where they came from and the server can give the 14-day trial that page promised (docs/decisions/054).
 */
const STORAGE_KEY = "fitwise.shared_plan";

export interface SharedPlanRef {
  kind: "diet" | "workout";
  id: string;
}

export function rememberSharedPlan(ref: SharedPlanRef): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(ref));
  } catch {
    // Storage refused (private mode): the sign-up then gets the usual trial.
  }
}

export function rememberedSharedPlan(): SharedPlanRef | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return undefined;
    const { kind, id } = value as Record<string, unknown>;
    return (kind === "diet" || kind === "workout") && typeof id === "string" ? { kind, id } : undefined;
  } catch {
    return undefined;
  }
}

/** The free-trial length the signed-in user was promised: what the server recorded at sign-up (7 or 14 days). */
export function useTrialDays(): number {
  const { user } = useAuth();
  return trialDaysOf(user?.app_metadata);
}
