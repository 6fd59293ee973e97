import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAlert } from "../lib/alerts";
import { listenForProStatus } from "../lib/pro-status-channel";
import { useUpgradeOverlay } from "../lib/upgrade-overlay";
import { PURCHASE_SUCCESS_MESSAGE } from "./PurchaseReturn";

/** Profile and subscription alike: both are get_user_data answers. */
const PRO_STATUS_QUERY_KEY = ["get_user_data"] as const;

/**
 * Keeps this tab's Pro status in step with the others: when another tab completes a purchase, the
 * upgrade overlay here closes, the status is read again from the server and the success toast shows.
 */
export function ProStatusSync() {
  const queryClient = useQueryClient();
  const { closeUpgradeOverlay } = useUpgradeOverlay();
  const { showAlert } = useAlert();

  useEffect(
    () =>
      listenForProStatus((news) => {
        void queryClient.invalidateQueries({ queryKey: PRO_STATUS_QUERY_KEY });
        if (news !== "granted") return;
        closeUpgradeOverlay();
        showAlert("success", PURCHASE_SUCCESS_MESSAGE, { keepOnNavigation: true });
      }),
    [queryClient, closeUpgradeOverlay, showAlert],
  );
  return null;
}
