import { useId, useState } from "react";
import type { FormEvent } from "react";
import { CANCEL_REASON_MAX, CANCEL_REASONS } from "@fitwise/contracts/payments";
import { Button } from "../../../components/Button";
import { Modal } from "../../../components/Modal";
import styles from "./Settings.module.css";

type Reason = (typeof CANCEL_REASONS)[number];

export interface CancelSubscriptionModalProps {
  open: boolean;
  busy: boolean;
  /** A failure to show inside the dialog ("Failed to cancel subscription."). */
  error: string | null;
  onClose(): void;
  onConfirm(reason: string): void;
}

/** docs/product.md §3.11: the cancel modal; a reason is required, and "Other" needs the user's own words. */
export function CancelSubscriptionModal({
  open,
  busy,
  error,
  onClose,
  onConfirm,
}: CancelSubscriptionModalProps) {
  const [reason, setReason] = useState<Reason | null>(null);
  const [otherText, setOtherText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const otherId = useId();
  const problemId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem("Please select a reason for cancellation.");
      return;
    }
    if (reason === "Other" && otherText.trim() === "") {
      setProblem("Please provide a reason for cancellation.");
      return;
    }
    setProblem(null);
    onConfirm(reason === "Other" ? `Other: ${otherText.trim()}` : reason);
  };

  const shown = problem ?? error;
  return (
    <Modal
      open={open}
      title="Cancel your Pro subscription"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep Pro
          </Button>
          <Button variant="danger" type="submit" form={formId} busy={busy}>
            {busy ? "Cancelling…" : "Cancel Subscription"}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.hint}>
          You keep every Pro feature until the end of the period you have paid for. Why are you leaving?
        </p>
        <fieldset className={styles.reasons} aria-describedby={shown ? problemId : undefined}>
          <legend className={styles.legend}>Reason for cancelling</legend>
          {CANCEL_REASONS.map((option) => (
            <label key={option} className={styles.reason}>
              <input
                type="radio"
                name="cancel-reason"
                className={styles.radio}
                value={option}
                checked={reason === option}
                onChange={() => {
                  setReason(option);
                  setProblem(null);
                }}
              />
              {option}
            </label>
          ))}
        </fieldset>
        {reason === "Other" ? (
          <div className={styles.field}>
            <label htmlFor={otherId} className={styles.label}>
              Your reason
            </label>
            <textarea
              id={otherId}
              className={styles.textarea}
              rows={3}
              maxLength={CANCEL_REASON_MAX - "Other: ".length}
              value={otherText}
              onChange={(event) => setOtherText(event.target.value)}
            />
          </div>
        ) : null}
        {shown ? (
          <p id={problemId} className={`${styles.message} ${styles.error}`} role="alert">
            {shown}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
