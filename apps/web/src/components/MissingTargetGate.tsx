import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { Button } from "./Button";
import { ErrorBox } from "./ErrorBox";
import { PageTitle } from "./PageTitle";

/**
 * docs/product.md §3.6, §3.7: a plan screen without stored target calories sends the user back to /goal, but only once
 * the server has answered; until then it shows `loading`, and a failed check offers to try again.
 */
export function MissingTargetGate({
  title,
  className,
  profileQuery,
  loading,
}: {
  /** The screen's h1. */
  title: string;
  /** The screen's own page layout. */
  className?: string;
  profileQuery: { isPending: boolean; isError: boolean; refetch: () => unknown };
  loading: ReactNode;
}) {
  if (!profileQuery.isPending && !profileQuery.isError) return <Navigate to="/goal" replace />;
  return (
    <section className={className}>
      <PageTitle>{title}</PageTitle>
      {profileQuery.isPending ? (
        loading
      ) : (
        <ErrorBox alert>
          <p>We couldn't load your profile. Please check your connection and try again.</p>
          <Button variant="secondary" onClick={() => void profileQuery.refetch()}>
            Try again
          </Button>
        </ErrorBox>
      )}
    </section>
  );
}
