import { lazy, Suspense } from "react";
import type { ReactNode } from "react";
import { useAuth } from "../../../lib/auth";
import { needsSecondFactor } from "./second-factor";

const MfaChallengeScreen = lazy(() => import("./MfaChallengeScreen"));

/**
 * After a sign-in that has only reached aal1 while the user has two-step verification on, the app
 * asks for the code before showing anything else (the server refuses their data until then anyway).
 */
export function MfaGate({ children }: { children: ReactNode }) {
  const { status, session } = useAuth();
  if (status === "signedIn" && session && needsSecondFactor(session)) {
    return (
      <Suspense fallback={null}>
        <MfaChallengeScreen />
      </Suspense>
    );
  }
  return children;
}
