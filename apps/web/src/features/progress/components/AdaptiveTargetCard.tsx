import { useState } from "react";
import type { ProgressResponse } from "@fitwise/contracts/progress";
import { Button } from "../../../components/Button";
import { ProBadge } from "../../../components/ProBadge";
import { useAlert } from "../../../lib/alerts";
import { ApiError } from "../../../lib/api-client";
import { useUpgradeOverlay } from "../../../lib/upgrade-overlay";
import { useAcceptTarget } from "../api/accept-target";
import styles from "./Progress.module.css";

const kcal = (value: number) => `${Math.round(value).toLocaleString("en-US")} kcal`;

/** The adaptive target (Pro): what the logs say, and a suggestion to take or leave. */
export function AdaptiveTargetCard({ progress }: { progress: ProgressResponse }) {
  const { showAlert } = useAlert();
  const { openUpgradeOverlay } = useUpgradeOverlay();
  const accept = useAcceptTarget();
  const [kept, setKept] = useState<number | null>(null);
  const { adaptive, suggested_goal_tdee: suggested, estimated_tdee: estimated } = progress;

  let body;
  if (adaptive.status === "pro_required") {
    body = (
      <>
        <p>
          With Pro, Fitwise estimates what you really burn from your weigh-ins and the meals you tick as
          eaten, and suggests a better daily target every week.
        </p>
        <Button
          variant="secondary"
          onClick={() =>
            openUpgradeOverlay(
              "The adaptive target is part of Pro. Upgrade to let your target follow your progress.",
            )
          }
        >
          Unlock the adaptive target <ProBadge />
        </Button>
      </>
    );
  } else if (adaptive.status === "not_enough_data") {
    const { counts, needs } = adaptive;
    body = (
      <>
        <p>We need a little more data before we can estimate what you burn:</p>
        <ul className={styles.needs}>
          <li>
            Days with weigh-ins: {counts.span_days} of {needs.span_days}
          </li>
          <li>
            Weigh-ins: {counts.weigh_ins} of {needs.weigh_ins}
          </li>
          <li>
            Days with meals ticked as eaten: {counts.logged_days} of {needs.logged_days}
          </li>
        </ul>
      </>
    );
  } else {
    const showSuggestion = adaptive.status === "suggest" && suggested !== null && kept !== suggested;
    body = (
      <>
        {estimated !== null ? (
          <p>
            Estimated expenditure: <strong>{kcal(estimated)}</strong> a day
            {adaptive.current_goal_tdee !== null ? (
              <>; your target: {kcal(adaptive.current_goal_tdee)}</>
            ) : null}
            .
          </p>
        ) : null}
        {adaptive.explanation ? <p data-testid="target-explanation">{adaptive.explanation}</p> : null}
        {adaptive.status === "wait" ? (
          <p>Your target changed less than a week ago; we look again next week.</p>
        ) : null}
        {showSuggestion ? (
          <div className={styles.actions}>
            <Button
              busy={accept.isPending}
              onClick={() =>
                accept.mutate(suggested, {
                  onSuccess: (result) =>
                    showAlert(
                      "success",
                      `Your daily target is now ${kcal(result.goal_tdee)}. Your meal plans follow it.`,
                    ),
                  onError: (error) =>
                    showAlert(
                      "error",
                      error instanceof ApiError
                        ? error.message
                        : "We couldn't change your target. Please try again.",
                    ),
                })
              }
            >
              Use {kcal(suggested)}
            </Button>
            <Button variant="secondary" onClick={() => setKept(suggested)} disabled={accept.isPending}>
              Keep my current target
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="adaptive-target-title">
      <h2 id="adaptive-target-title" className={styles.cardTitle}>
        Adaptive target {adaptive.status === "pro_required" ? <ProBadge /> : null}
      </h2>
      {body}
    </section>
  );
}
