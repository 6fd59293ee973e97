import type { ReactNode } from "react";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "../../../components/Button";
import { PageTitle } from "../../../components/PageTitle";
import { Spinner } from "../../../components/Spinner";
import { isPlanNotFound } from "../api/get-saved-data";
import styles from "./PublicPlans.module.css";

export function PlanLoading({ title, message }: { title: string; message: string }) {
  return (
    <section className={styles.page}>
      <PageTitle>{title}</PageTitle>
      <div className={styles.loading}>
        <Spinner label={message} size={32} />
        <p aria-hidden="true">{message}</p>
      </div>
    </section>
  );
}

/** Unknown, malformed or deleted ids (the server answers all of them with 404). */
export function PlanNotFound() {
  return (
    <section className={styles.page}>
      <PageTitle>Plan not found</PageTitle>
      <div className={styles.stateCard}>
        <p>This plan doesn't exist or was deleted by its owner.</p>
        <Link to="/" className={styles.primaryLink}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

/** The original app only logged a failed public fetch; we say so and offer a retry instead of an empty page. */
export function PlanLoadFailed({
  title,
  onRetry,
  retrying,
}: {
  title: string;
  onRetry(): void;
  retrying: boolean;
}) {
  return (
    <section className={styles.page}>
      <PageTitle>{title}</PageTitle>
      <div className={styles.errorCard} role="alert">
        <p>We couldn't load this plan. Please check your connection and try again.</p>
        <Button variant="secondary" onClick={onRetry} busy={retrying}>
          Try again
        </Button>
      </div>
    </section>
  );
}

/** The loading, not-found and failed states every public plan page shows before its plan. */
export function PublicPlanStates<T>({
  query,
  title,
  loadingMessage,
  children,
}: {
  query: UseQueryResult<T>;
  title: string;
  loadingMessage: string;
  children: (plan: T) => ReactNode;
}) {
  if (query.isPending) return <PlanLoading title={title} message={loadingMessage} />;
  if (query.isError) {
    if (isPlanNotFound(query.error)) return <PlanNotFound />;
    return <PlanLoadFailed title={title} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return children(query.data);
}
