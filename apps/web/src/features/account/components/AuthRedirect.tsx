import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAlert } from "../../../lib/alerts";
import { trackEvent } from "../../../lib/analytics";

const SESSION_OR_ERROR = /(^|&)(access_token|error|error_code)=/;

/**
 * Picks up the session (or the error) that Google sign-in and e-mail links leave in the URL
 * fragment, on whatever page they land. The fragment is removed from the address at once, so the
 * tokens stay out of history; the work itself is loaded only when there is something to do.
 */
export function AuthRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const hash = location.hash.slice(1);
    if (!SESSION_OR_ERROR.test(hash) || handled.current === hash) return;
    handled.current = hash;
    const fragment = new URLSearchParams(hash);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    void (async () => {
      const { completeRedirect } = await import("../api/complete-redirect");
      const outcome = await completeRedirect(fragment);
      if (outcome.ok && fragment.has("provider_token")) trackEvent({ name: "google_connect" });
      if (!outcome.ok) showAlert("error", outcome.message, { keepOnNavigation: true });
      else if (outcome.type === "recovery") await navigate("/reset-password", { replace: true });
    })();
  }, [location.hash, location.pathname, location.search, navigate, showAlert]);

  return null;
}
