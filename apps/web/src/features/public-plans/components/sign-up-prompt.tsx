import { useCallback } from "react";
import { Link } from "react-router";
import { useAlert } from "../../../lib/alerts";
import { useAuth } from "../../../lib/auth";
import { useUpgradeOverlay } from "../../../lib/upgrade-overlay";
import { useIsCachedPro } from "./use-user-pro";

/** docs/product.md §3 "/fullworkout/{id}", word for word (including "taylored"); also the sign-up prompt of /fulldiet. */
export function SignUpPromptMessage() {
  return (
    <>
      To generate a customized diet plan, workout plan, 24/7 AI personal trainer all taylored to you,{" "}
      <Link to="/signup">Sign up</Link> for a 14-day free trial of the product
    </>
  );
}

/** Shows the sign-up prompt in the global alert banner. */
export function useSignUpPrompt(): () => void {
  const { showAlert } = useAlert();
  return useCallback(() => showAlert("alert", <SignUpPromptMessage />), [showAlert]);
}

const UPGRADE_REASON = "Upgrade to Pro for unlimited meal and workout replacements in your own plans.";

/**
 * Replace on a shared plan. A guest gets the sign-up prompt (docs/product.md §3). A signed-in free user gets the
 * upgrade overlay (docs/product.md §3.9); a Pro user is pointed to their own plan,
 * where replacing works, since a shared plan belongs to someone else.
 */
export function usePublicReplace(target: "diet" | "workouts"): () => void {
  const { status } = useAuth();
  const isCachedPro = useIsCachedPro();
  const showSignUpPrompt = useSignUpPrompt();
  const { openUpgradeOverlay } = useUpgradeOverlay();
  const { showAlert } = useAlert();
  return useCallback(() => {
    if (status !== "signedIn") showSignUpPrompt();
    else if (!isCachedPro) openUpgradeOverlay(UPGRADE_REASON);
    else
      showAlert(
        "alert",
        <>
          This is a shared plan, so its items cannot be replaced here. Open{" "}
          <Link to={`/${target}`}>{target === "diet" ? "My Diet" : "My Workouts"}</Link> to replace items in
          your own plan.
        </>,
      );
  }, [status, isCachedPro, showSignUpPrompt, openUpgradeOverlay, showAlert, target]);
}
