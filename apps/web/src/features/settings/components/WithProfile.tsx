import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ProfileResponse } from "@fitwise/contracts/profile";
import { Button } from "../../../components/Button";
import { useUserProfile } from "../../../lib/user-profile";
import styles from "./Settings.module.css";

/** Renders the form once the profile has arrived, so the form starts from the stored values. */
export function WithProfile({ children }: { children(profile: ProfileResponse): ReactNode }) {
  const profile = useUserProfile();
  if (profile.data) return children(profile.data);
  if (profile.isPending || (profile.isFetching && profile.data === undefined)) {
    return (
      <p className={styles.lead} role="status">
        Loading your details…
      </p>
    );
  }
  if (profile.data === null) {
    return (
      <p className={styles.lead}>
        There is nothing to change yet. <Link to="/goal">Set your fitness goals</Link> first.
      </p>
    );
  }
  return (
    <div className={styles.form}>
      <p className={`${styles.message} ${styles.error}`} role="alert">
        We couldn&apos;t load your details. Please try again.
      </p>
      <div>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    </div>
  );
}
