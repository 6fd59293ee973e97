import { useEffect, useId, useRef } from "react";
import type { KeyboardEvent } from "react";
import { ApiError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useCreateCheckout } from "../api/create-checkout";
import type { CheckoutPlan } from "@fitwise/contracts/pricing";
import { PRO_FEATURES, PRO_PACKAGES, trialNote } from "./packages";
import { useTrialDays } from "../../../lib/shared-plan-arrival";
import styles from "./UpgradeOverlay.module.css";

export interface UpgradeOverlayProps {
  /** Why the overlay opened (e.g. the replacement limit message), shown above the packages. */
  reason: string | undefined;
  onClose(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * showModal() already makes the page inert; this also keeps Tab from leaving for the browser's own
 * controls, wrapping from the last control to the first and back.
 */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Could not start the checkout. Please try again later.";
}

/**
 * The Pro upgrade overlay (docs/product.md §3). A native modal <dialog>: showModal() makes the page behind it
 * inert, so focus stays inside; Escape closes it; focus returns to the control that opened it.
 */
export function UpgradeOverlay({ reason, onClose }: UpgradeOverlayProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { status } = useAuth();
  const trialDays = useTrialDays();
  const checkout = useCreateCheckout();
  const pendingPlan = checkout.isPending ? checkout.variables : undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Unmounting removes the dialog, which ends its modality; focus then goes back to the opener.
    return () => opener?.focus();
  }, []);

  const select = (plan: CheckoutPlan) => {
    if (!checkout.isPending) checkout.mutate(plan);
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape fires "cancel" then "close"; either way the provider's state must follow.
      onClose={onClose}
      onKeyDown={trapTab}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className={styles.content}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Select a package
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {reason ? <p className={styles.reason}>{reason}</p> : null}
        <p id={descriptionId} className={styles.trial}>
          {trialNote(trialDays)}
        </p>

        <ul className={styles.packages} aria-label="Pro packages">
          {PRO_PACKAGES.map((pkg) => (
            <li key={pkg.plan} className={styles.package}>
              <span className={styles.badge}>{pkg.badge}</span>
              <h3 className={styles.packageName}>{pkg.name}</h3>
              <p className={styles.price}>
                <s className={styles.originalPrice}>
                  <span className="visually-hidden">Original price </span>${pkg.originalPriceUsd}
                </s>{" "}
                <span className={styles.currentPrice}>
                  <span className="visually-hidden">now </span>${pkg.priceUsd}
                </span>
                <span className={styles.period}> / {pkg.period}</span>
              </p>
              {status === "signedIn" ? (
                <button
                  type="button"
                  className={styles.select}
                  onClick={() => select(pkg.plan)}
                  disabled={checkout.isPending}
                  aria-busy={pendingPlan === pkg.plan || undefined}
                >
                  {pendingPlan === pkg.plan ? "Opening checkout..." : "Select"}
                  <span className="visually-hidden"> {pkg.name}</span>
                </button>
              ) : (
                // Buying needs an account: a guest is sent to sign up first, as the landing page's Select does.
                <a className={styles.select} href="/signup">
                  Select<span className="visually-hidden"> {pkg.name}</span>
                </a>
              )}
            </li>
          ))}
        </ul>

        <h3 className={styles.featuresTitle}>Everything in Pro</h3>
        <ul className={styles.features}>
          {PRO_FEATURES.map((feature) => (
            <li key={feature}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              {feature}
            </li>
          ))}
        </ul>

        <div aria-live="polite" className={styles.status}>
          {checkout.isError ? (
            <p role="alert" className={styles.error}>
              {errorText(checkout.error)}
            </p>
          ) : null}
          {checkout.isSuccess && !checkout.data.opened ? (
            <p>
              Your browser blocked the new tab.{" "}
              <a href={checkout.data.url} target="_blank" rel="noopener noreferrer">
                Open the checkout<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          {checkout.isSuccess && checkout.data.opened ? (
            <p>The checkout opened in a new tab. Come back here when you have finished.</p>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
