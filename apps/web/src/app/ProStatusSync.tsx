import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAlert } from "../lib/alerts";
import { listenForProStatus } from "../lib/pro-status-channel";
import { queryKeys } from "../lib/query-keys";
import { useUpgradeOverlay } from "../lib/upgrade-overlay";
import { PURCHASE_SUCCESS_MESSAGE } from "./PurchaseReturn";

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
        void queryClient.invalidateQueries({ queryKey: queryKeys.userData() });
        if (news !== "granted") return;
        closeUpgradeOverlay();
        showAlert("success", PURCHASE_SUCCESS_MESSAGE, { keepOnNavigation: true });
      }),
    [queryClient, closeUpgradeOverlay, showAlert],
  );
  return null;
}
