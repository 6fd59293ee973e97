import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { EmailLinkType } from "@fitwise/contracts/account";
import { AuthCard } from "../../../components/AuthCard";
import { Button } from "../../../components/Button";
import { FormError } from "../../../components/FormError";
import { isSpentLink, verifyEmailLink } from "../api/verify-email-link";
import { readEmailLink } from "./email-link";
import styles from "./Account.module.css";

/** The server's text for a link that is unknown, used or expired (GoTrue's otp_expired). */
export const SPENT_LINK_MESSAGE = "Email link is invalid or has expired";

const TEXTS: Record<EmailLinkType, { title: string; intro: string; action: string }> = {
  signup: {
    title: "Confirm your e-mail address",
    intro: "Press the button to confirm your address and sign in.",
    action: "Confirm my e-mail address",
  },
  email: {
    title: "Confirm your e-mail address",
    intro: "Press the button to confirm your address and sign in.",
    action: "Confirm my e-mail address",
  },
  recovery: {
    title: "Reset your password",
    intro: "Press the button to sign in for a few minutes and choose a new password.",
    action: "Choose a new password",
  },
  magiclink: {
    title: "Sign in with your e-mail link",
    intro: "Press the button to sign in.",
    action: "Sign in",
  },
  email_change: {
    title: "Confirm your new e-mail address",
    intro: "Press the button to make this address the one you sign in with.",
    action: "Use this e-mail address",
  },
};

/**
 * Where e-mail links land (/auth/confirm?token_hash&type&next). Mail scanners open links before people
 * do, so the page spends nothing on load: only the button posts the token, then goes on to `next`.
 */
export function ConfirmEmailLinkPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const link = useMemo(() => readEmailLink(search, window.location.origin), [search]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const clicked = useRef(false);
  const spentView = useRef<HTMLDivElement>(null);

  // The button that had focus is gone once the link turns out spent: move focus to what replaced it.
  useEffect(() => {
    if (spent && clicked.current) spentView.current?.focus();
  }, [spent]);

  if (!link || spent) {
    return (
      <AuthCard
        documentTitle="Link expired"
        title="This link cannot be used"
        footer={<Link to="/signin">Back to sign in</Link>}
      >
        <div ref={spentView} tabIndex={-1} className={`${styles.form} ${styles.spentView}`}>
          <FormError message={SPENT_LINK_MESSAGE} testId="email-link-error" />
          <p className={styles.linkHelp}>
            E-mail links work once, for one hour. Ask for a new one, or sign in with your password.
          </p>
          <Link to="/forgot-password">Send a new password reset link</Link>
        </div>
      </AuthCard>
    );
  }

  const texts = TEXTS[link.type];
  const onConfirm = async () => {
    clicked.current = true;
    setError(null);
    setBusy(true);
    try {
      await verifyEmailLink(link.type, link.tokenHash);
      // Replacing the entry keeps the spent link out of the back button's way.
      await navigate(link.next, { replace: true });
    } catch (caught) {
      setBusy(false);
      if (isSpentLink(caught)) setSpent(true);
      else setError(caught instanceof Error ? caught.message : "Something went wrong. Please try again.");
    }
  };

  return (
    <AuthCard
      documentTitle={texts.title}
      title={texts.title}
      intro={texts.intro}
      footer={<Link to="/signin">Back to sign in</Link>}
    >
      <div className={styles.form}>
        <FormError message={error} testId="email-link-error" />
        <Button fullWidth busy={busy} onClick={() => void onConfirm()}>
          {texts.action}
        </Button>
      </div>
    </AuthCard>
  );
}
