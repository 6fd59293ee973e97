import { callFunction } from "../../../lib/call-function";
import { refreshUser } from "../../../lib/auth-session";
import { rememberedSharedPlan } from "../../../lib/shared-plan-arrival";
import { TRIAL_DAYS } from "@fitwise/contracts/pricing";

/**
 * After a Google sign-in: a guest who came from a public plan was promised a 14-day trial, and Google's sign-up
 * carries no sign-up data to say so. The server decides (a new account, a plan public now, docs/decisions/054);
 * the user record is re-read so the screens show the trial granted. A failure leaves the usual 7 days.
 */
export async function claimSharedPlanTrial(): Promise<void> {
  const sharedPlan = rememberedSharedPlan();
  if (!sharedPlan) return;
  try {
    const { trial_days: trialDays } = await callFunction("claim_shared_plan_trial", {
      shared_plan: sharedPlan,
    });
    if (trialDays > TRIAL_DAYS) await refreshUser();
  } catch {
    // Nothing to tell the person: the checkout offers the trial the server recorded.
  }
}
