import { useEffect } from "react";
import type { RefObject } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../../lib/auth";
import { pathAfterSignIn } from "../api/get-profile-completeness";

/**
 * Sends a signed-in visitor of /signin or /signup onward: to `fixedDestination` when the page set one
 * (sign-up always continues to /goal), otherwise by profile completeness (/diet or /goal). This covers
 * both a fresh sign-in and a session already stored when the page loads. Returns true while redirecting.
 */
export function useRedirectWhenSignedIn(fixedDestination?: RefObject<string | null>): boolean {
  const { status } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== "signedIn") return;
    let cancelled = false;
    const redirect = async () => {
      const path = fixedDestination?.current ?? (await pathAfterSignIn());
      if (!cancelled) await navigate(path, { replace: true });
    };
    void redirect();
    return () => {
      cancelled = true;
    };
  }, [status, navigate, fixedDestination]);

  return status === "signedIn";
}
