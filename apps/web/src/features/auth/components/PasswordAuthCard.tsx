import type { ReactNode } from "react";
import { AuthCard } from "../../../components/AuthCard";
import { SITE_CONFIG } from "../../../lib/site-config";
import { GoogleConnectButton } from "./GoogleConnectButton";
import styles from "./AuthForm.module.css";

interface PasswordAuthCardProps {
  /** True once signed in, while the next screen is being chosen. */
  redirecting: boolean;
  documentTitle: string;
  title: string;
  intro: string;
  /** The line offering the other of sign-in and sign-up. */
  switchPrompt: ReactNode;
  /** The e-mail and password form. */
  children: ReactNode;
}

/** Sign-in and sign-up: the e-mail form, then Google as the alternative where the server offers it. */
export function PasswordAuthCard({
  redirecting,
  documentTitle,
  title,
  intro,
  switchPrompt,
  children,
}: PasswordAuthCardProps) {
  if (redirecting) {
    return (
      <p className={styles.status} role="status">
        Signing you in...
      </p>
    );
  }
  return (
    <AuthCard documentTitle={documentTitle} title={title} intro={intro} footer={switchPrompt}>
      {children}
      {SITE_CONFIG.googleSignIn ? (
        <>
          <p className={styles.divider}>or</p>
          <GoogleConnectButton />
        </>
      ) : null}
    </AuthCard>
  );
}
