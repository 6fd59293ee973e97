import { PLAN_ERROR_CODES, REPLACEMENT_LIMIT_MESSAGE } from "@fitwise/contracts/plans";
import { FREE_REPLACEMENTS_LIMIT, countsTowardFreeLimit, mayReplace } from "@fitwise/contracts/free-tier";
import { useAlert } from "./alerts";
import { ApiError } from "./api-client";
import { apiErrorCode } from "./plan-errors";
import { useUpgradeOverlay } from "./upgrade-overlay";
import { useSetReplacementsUsed } from "./user-profile";

/**
 * The free-replacement rules shared by the diet and workout screens (docs/product.md §5: 3 free replacements,
 * then the limit message and the upgrade overlay). The screen runs its own mutation between
 * `mayReplace()` and `succeeded()`/`failed()`.
 */
export function usePlanReplacement({
  isPro,
  replacementsUsed,
  failedMessage,
}: {
  isPro: boolean;
  replacementsUsed: number;
  /** Shown for a failure that is neither the limit nor a Pro-only refusal. */
  failedMessage: string;
}) {
  const { showAlert } = useAlert();
  const { openUpgradeOverlay } = useUpgradeOverlay();
  const setReplacementsUsed = useSetReplacementsUsed();

  const refuseAtLimit = () => {
    showAlert("error", REPLACEMENT_LIMIT_MESSAGE);
    openUpgradeOverlay(REPLACEMENT_LIMIT_MESSAGE);
  };

  return {
    /** False, after telling the user, when a free user has used every free replacement. */
    mayReplace(): boolean {
      if (mayReplace(isPro, replacementsUsed)) return true;
      refuseAtLimit();
      return false;
    },
    /** Records the server's count of free replacements and shows the screen's success text. */
    succeeded(freeReplacementsUsed: number, message: string): void {
      if (countsTowardFreeLimit(isPro)) setReplacementsUsed(freeReplacementsUsed);
      showAlert("success", message);
    },
    /** The server's refusal decides: the limit (its count is then the limit), Pro only, or any other fault. */
    failed(error: unknown): void {
      const code = apiErrorCode(error);
      if (code === PLAN_ERROR_CODES.replacementLimit) {
        setReplacementsUsed(FREE_REPLACEMENTS_LIMIT);
        refuseAtLimit();
      } else if (code === PLAN_ERROR_CODES.proRequired && error instanceof ApiError) {
        openUpgradeOverlay(error.message);
      } else {
        showAlert("error", failedMessage);
      }
    },
  };
}
