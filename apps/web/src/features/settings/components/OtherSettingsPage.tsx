import { useState } from "react";
import { subscriptionGrantsPro } from "@fitwise/contracts/payments";
import type { SubscriptionResponse } from "@fitwise/contracts/profile";
import { Button } from "../../../components/Button";
import { ApiError } from "../../../lib/api-client";
import { useAlert } from "../../../lib/alerts";
import { useAuth } from "../../../lib/auth";
import { announceProStatus } from "../../../lib/pro-status-channel";
import { useUpgradeOverlay } from "../../../lib/upgrade-overlay";
import { useCancelSubscription } from "../api/cancel-subscription";
import { useSubscription } from "../api/get-subscription";
import { useRestorePurchase } from "../api/restore-purchase";
import { useResumeSubscription } from "../api/resume-subscription";
import { useTrialDays } from "../../../lib/shared-plan-arrival";
import { CancelSubscriptionModal } from "./CancelSubscriptionModal";
import { SettingsLayout } from "../../../components/SettingsLayout";
import styles from "./Settings.module.css";

/** docs/product.md §5 "Free tier and Pro". */
const PRO_BENEFITS = [
  "Three meal plan types",
  "Unlimited meal resets and replacements",
  "Unlimited workout resets and replacements",
  "Priority support",
] as const;

const PLAN_NAMES: Record<string, string> = { monthly: "Pro monthly", yearly: "Pro yearly" };

function formatDate(iso: string | null): string {
  if (!iso) return "the end of the current period";
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

type SubscriptionView = "pro" | "cancelled" | "free";

/** docs/product.md §3.11 "Settings": the three states of /othersettings. */
function viewOf(subscription: SubscriptionResponse | null | undefined, now: Date): SubscriptionView {
  if (!subscription || !subscriptionGrantsPro(subscription, now)) return "free";
  return subscription.manually_cancelled === "true" || subscription.status_name === "cancelled"
    ? "cancelled"
    : "pro";
}

function ProState({ subscription }: { subscription: SubscriptionResponse }) {
  const { showAlert } = useAlert();
  const cancel = useCancelSubscription();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = subscription.variant ? PLAN_NAMES[subscription.variant] : undefined;
  const onTrial = subscription.status_name === "on_trial";

  const onConfirm = (reason: string) => {
    setError(null);
    cancel.mutate(
      { subscription_id: subscription.subscription_id ?? "", cancel_reason: reason },
      {
        onSuccess: () => {
          setOpen(false);
          showAlert("success", "Subscription canceled successfully.");
        },
        onError: () => setError("Failed to cancel subscription."),
      },
    );
  };

  return (
    <div className={styles.status}>
      <span className={styles.badge}>Pro</span>
      <h2>You are a Pro member{plan ? ` (${plan})` : ""}</h2>
      <p>
        {onTrial
          ? "Your free trial is running. It ends, and your subscription renews, on "
          : "Your subscription renews on "}
        <strong>{formatDate(subscription.renew_date)}</strong>.
      </p>
      <div className={styles.actions}>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Cancel Subscription
        </Button>
      </div>
      <CancelSubscriptionModal
        open={open}
        busy={cancel.isPending}
        error={error}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
        onConfirm={onConfirm}
      />
    </div>
  );
}

function CancelledState({ subscription }: { subscription: SubscriptionResponse }) {
  const { showAlert } = useAlert();
  const resume = useResumeSubscription();
  return (
    <div className={styles.status}>
      <span className={styles.badge}>Pro</span>
      <h2>Your subscription is cancelled</h2>
      <p>
        You keep every Pro feature until <strong>{formatDate(subscription.ends_at)}</strong>. After that your
        account returns to the free plan.
      </p>
      <div className={styles.actions}>
        <Button
          busy={resume.isPending}
          onClick={() =>
            resume.mutate(subscription.subscription_id ?? "", {
              onSuccess: () => showAlert("success", "Welcome back! Your Pro subscription continues."),
              onError: () => showAlert("error", "Failed to resume subscription."),
            })
          }
        >
          Continue being a Pro
        </Button>
      </div>
    </div>
  );
}

const RESTORE_NOTHING_FOUND = "No purchase found for this account.";
const RESTORE_ENDED = "Your earlier Pro subscription has ended, so there is nothing to restore.";

function FreeState() {
  const { status } = useAuth();
  const trialDays = useTrialDays();
  const { showAlert } = useAlert();
  const { openUpgradeOverlay } = useUpgradeOverlay();
  const restore = useRestorePurchase();

  const onRestore = () => {
    if (status !== "signedIn") {
      showAlert("error", "No active session found.");
      return;
    }
    restore.mutate(undefined, {
      // Nothing to restore is an answer, not a failure: said plainly, not in red.
      onSuccess: ({ restored, subscription }) => {
        if (restored) {
          void announceProStatus("granted");
          showAlert("success", "Purchase restored successfully.");
        } else if (subscription === null) showAlert("alert", RESTORE_NOTHING_FOUND);
        else showAlert("alert", RESTORE_ENDED);
      },
      onError: (error) => {
        // The server mailed a confirmation link: a step to take, not a failure.
        if (error instanceof ApiError && error.code === "email_not_verified")
          showAlert("alert", error.message);
        else
          showAlert(
            "error",
            error instanceof ApiError && error.status === 401
              ? "No active session found."
              : "An error occurred while restoring purchase.",
          );
      },
    });
  };

  return (
    <div className={styles.status}>
      <h2>Upgrade to Pro</h2>
      <p>You are on the free plan. Pro gives you:</p>
      <ul className={styles.benefits}>
        {PRO_BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p>Start with a {trialDays}-day free trial and cancel anytime.</p>
      <div className={styles.actions}>
        <Button onClick={() => openUpgradeOverlay()}>Get Pro</Button>
        <Button variant="secondary" busy={restore.isPending} onClick={onRestore}>
          Restore Purchase
        </Button>
      </div>
    </div>
  );
}

/** docs/product.md §3.11 "/othersettings": the subscription. */
export function OtherSettingsPage() {
  const subscription = useSubscription();
  const view = viewOf(subscription.data, new Date());
  return (
    <SettingsLayout title="Subscription">
      {subscription.isPending ? (
        <p className={styles.lead} role="status">
          Loading your subscription…
        </p>
      ) : subscription.isError ? (
        <div className={styles.form}>
          <p className={`${styles.message} ${styles.error}`} role="alert">
            We couldn&apos;t load your subscription. Please try again.
          </p>
          <div>
            <Button variant="secondary" onClick={() => void subscription.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : view === "pro" && subscription.data ? (
        <ProState subscription={subscription.data} />
      ) : view === "cancelled" && subscription.data ? (
        <CancelledState subscription={subscription.data} />
      ) : (
        <FreeState />
      )}
    </SettingsLayout>
  );
}
