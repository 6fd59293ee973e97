import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useAlert } from "../lib/alerts";
import { useAuth } from "../lib/auth";
import { announceProStatus } from "../lib/pro-status-channel";

const PURCHASE_MARKER = "premium_zxy";
/** How long the checkout's tab waits to hear that another app tab is open; a tab answers in milliseconds. */
const OTHER_TAB_ANSWER_MS = 1_000;

/** docs/product.md §9. */
export const PURCHASE_SUCCESS_MESSAGE = "Successfully upgraded to premium! Enjoy all the benefits!";

/**
 * The checkout sends the buyer back with ?premium_zxy=active (docs/product.md §3 /diet). That flag proves
 * nothing (docs/product.md §10): it only makes the app read the subscription from the server
 * again, which updates the cached user_pro and subscription_data, then shows the success text of docs/product.md §9.
 * The parameter is removed from the address so a reload or a shared link does not repeat this. The
 * work is loaded on demand, so it adds nothing to the first page's bundle.
 */
export function PurchaseReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useAuth();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const handling = useRef(false);
  const marked = new URLSearchParams(location.search).get(PURCHASE_MARKER) === "active";

  useEffect(() => {
    if (!marked || status !== "signedIn" || handling.current) return;
    handling.current = true;
    const params = new URLSearchParams(location.search);
    params.delete(PURCHASE_MARKER);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true },
    );
    void (async () => {
      try {
        const { confirmPurchase } = await import("./purchase-confirmation");
        if (await confirmPurchase(queryClient)) {
          showAlert("success", PURCHASE_SUCCESS_MESSAGE, { keepOnNavigation: true });
          // This is the checkout's tab. When the app tab that opened it heard the news (its overlay closes and
          // it shows the same message), this one closes, so the buyer is back to one app tab. A tab the
          // browser does not let a script close stays open, showing the message.
          if (await announceProStatus("granted", { waitMs: OTHER_TAB_ANSWER_MS })) window.close();
        } else {
          showAlert(
            "alert",
            "We are still confirming your payment. Your Pro features will appear shortly; reload the page in a minute.",
          );
        }
      } catch {
        showAlert("error", "We couldn't confirm your upgrade right now. Please reload the page in a moment.");
      } finally {
        handling.current = false;
      }
    })();
  }, [marked, status, location.pathname, location.search, location.hash, navigate, queryClient, showAlert]);

  return null;
}
