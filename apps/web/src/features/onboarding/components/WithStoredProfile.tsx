import type { ReactNode } from "react";
import { PageTitle } from "../../../components/PageTitle";
import { Spinner } from "../../../components/Spinner";
import { readCache } from "../../../lib/local-cache";
import type { LocalCacheKey } from "../../../lib/local-cache";
import { useUserProfile } from "../../../lib/user-profile";
import styles from "./Onboarding.module.css";

/**
 * Renders a form once its starting values are known: at once when this browser has them cached,
 * otherwise after the server's profile has been fetched into the cache (a new user has none, so the
 * form's defaults apply; a failed fetch also falls back to them rather than blocking the form).
 */
export function WithStoredProfile({
  cacheKey,
  title,
  children,
}: {
  cacheKey: LocalCacheKey;
  title: string;
  children: ReactNode;
}) {
  const profile = useUserProfile();
  if (profile.isPending && readCache(cacheKey) === null) {
    return (
      <section className={styles.page}>
        <PageTitle>{title}</PageTitle>
        <Spinner label="Loading your details…" />
      </section>
    );
  }
  return children;
}
