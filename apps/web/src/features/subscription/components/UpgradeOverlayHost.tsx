import { lazy, Suspense } from "react";
import type { UpgradeOverlayState } from "../../../lib/upgrade-overlay";

// The overlay is only needed after a locked action, so it is kept out of the first page's bundle.
const UpgradeOverlay = lazy(async () => ({ default: (await import("./UpgradeOverlay")).UpgradeOverlay }));

/** Rendered by the app's UpgradeOverlayProvider; mounts the overlay only while it is open. */
export function UpgradeOverlayHost({ open, reason, close }: UpgradeOverlayState) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeOverlay reason={reason} onClose={close} />
    </Suspense>
  );
}
