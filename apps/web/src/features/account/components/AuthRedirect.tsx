import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAlert } from "../../../lib/alerts";
import { trackEvent } from "../../../lib/analytics";
import { takePkceFlow } from "../../../lib/pkce";

const SESSION_OR_ERROR = /(^|&)(access_token|error|error_code)=/;

/**
 * Picks up what Google sign-in and e-mail links leave in the URL, on whatever page they land: the
 * session (or the error) in the fragment (implicit flow), or an auth code in `?code=` (PKCE flow).
 * Either is removed from the address at once, so it stays out of history; the work itself is loaded
 * only when there is something to do.
 */
export function AuthRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!search.has("code") || handled.current === location.search) return;
    handled.current = location.search;
    const authCode = search.get("code") ?? "";
    search.delete("code");
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
      { replace: true },
    );
    const flow = takePkceFlow(sessionStorage);
    void (async () => {
      const { completeCodeRedirect } = await import("../api/complete-redirect");
      const outcome = await completeCodeRedirect(authCode, flow);
      if (outcome.ok && flow?.kind === "google") {
        trackEvent({ name: "google_connect" });
        const { claimSharedPlanTrial } = await import("../api/claim-shared-plan-trial");
        await claimSharedPlanTrial();
      }
      if (!outcome.ok) showAlert("error", outcome.message, { keepOnNavigation: true });
    })();
  }, [location.hash, location.pathname, location.search, navigate, showAlert]);

  useEffect(() => {
    const hash = location.hash.slice(1);
    if (!SESSION_OR_ERROR.test(hash) || handled.current === hash) return;
    handled.current = hash;
    const fragment = new URLSearchParams(hash);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    // A flow that ended in an error (or in the implicit answer) has no code left to exchange.
    takePkceFlow(sessionStorage);
    void (async () => {
      const { completeRedirect } = await import("../api/complete-redirect");
      const outcome = await completeRedirect(fragment);
      if (outcome.ok && fragment.has("provider_token")) {
        trackEvent({ name: "google_connect" });
        const { claimSharedPlanTrial } = await import("../api/claim-shared-plan-trial");
        await claimSharedPlanTrial();
      }
      if (!outcome.ok) showAlert("error", outcome.message, { keepOnNavigation: true });
      else if (outcome.type === "recovery") await navigate("/reset-password", { replace: true });
    })();
  }, [location.hash, location.pathname, location.search, navigate, showAlert]);

  return null;
}
