import { REPLACEMENT_LIMIT_MESSAGE } from "@fitwise/contracts/plans";
import { useUpgradeOverlay } from "../lib/upgrade-overlay";
import styles from "./FreeReplacementsNotice.module.css";

const UNLIMITED_REPLACEMENTS = "Pro gives you unlimited meal and workout replacements.";

/** docs/product.md §5, §9: "You've done N/3 free replacements" with an upgrade link, and the limit message once they are used up. */
export function FreeReplacementsNotice({ used, limit }: { used: number; limit: number }) {
  const { openUpgradeOverlay } = useUpgradeOverlay();
  const reachedLimit = used >= limit;
  return (
    <p
      className={`${styles.notice} ${reachedLimit ? styles.noticeLimit : ""}`}
      data-testid="free-replacements"
    >
      {reachedLimit
        ? REPLACEMENT_LIMIT_MESSAGE
        : `You've done ${Math.min(used, limit)}/${limit} free replacements`}{" "}
      <button
        type="button"
        className={styles.inlineLink}
        onClick={() => openUpgradeOverlay(reachedLimit ? REPLACEMENT_LIMIT_MESSAGE : UNLIMITED_REPLACEMENTS)}
      >
        Upgrade to Pro for unlimited replacements
      </button>
    </p>
  );
}
