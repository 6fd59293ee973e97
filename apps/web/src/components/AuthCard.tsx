import type { ReactNode } from "react";
import { Button } from "./Button";
import { FormError } from "./FormError";
import { PageTitle } from "./PageTitle";
import styles from "./AuthCard.module.css";

export interface AuthCardProps {
  documentTitle: string;
  title: ReactNode;
  intro?: ReactNode;
  /** "status" when the intro line stands in for a form that cannot be shown yet. */
  introRole?: "status";
  /**
   * The two-step screen replaces the whole app shell, so the card is then the page's main landmark
   * and keeps its own side margins.
   */
  standalone?: boolean;
  /** The centred line under the card's content (links to the neighbouring screens). */
  footer: ReactNode;
  children: ReactNode;
}

/** The centred card that the sign-in, sign-up, password and two-step screens share. */
export function AuthCard({
  documentTitle,
  title,
  intro,
  introRole,
  standalone,
  footer,
  children,
}: AuthCardProps) {
  const card = (
    <section className={styles.card}>
      <PageTitle documentTitle={documentTitle}>{title}</PageTitle>
      {intro ? (
        <p className={styles.intro} role={introRole}>
          {intro}
        </p>
      ) : null}
      {children}
      <p className={styles.footer}>{footer}</p>
    </section>
  );
  return standalone ? (
    <main className={`${styles.page} ${styles.standalone}`} id="main">
      {card}
    </main>
  ) : (
    <div className={styles.page}>{card}</div>
  );
}

export interface AuthCardFormProps {
  /** Called after the browser's own submission has been prevented. */
  onSubmit: () => Promise<void>;
  error: string | null;
  errorTestId?: string;
  busy: boolean;
  submitLabel: string;
  /** Shown between the error line and the submit button (e.g. the sign-up legal note). */
  beforeSubmit?: ReactNode;
  children: ReactNode;
}

/** The card's form: its fields, then the error line, then the full-width submit button. */
export function AuthCardForm({
  onSubmit,
  error,
  errorTestId,
  busy,
  submitLabel,
  beforeSubmit,
  children,
}: AuthCardFormProps) {
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
    >
      {children}
      <FormError message={error} testId={errorTestId} />
      {beforeSubmit}
      <Button type="submit" fullWidth busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The card's confirmation line once its form has done its work. */
export function AuthCardSuccess({ children }: { children: ReactNode }) {
  return (
    <p className={styles.success} role="status">
      {children}
    </p>
  );
}
