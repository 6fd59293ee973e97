import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";

export interface UpgradeOverlayActions {
  /** Opens the Pro upgrade overlay (docs/product.md §3); `reason` says which locked action led there. */
  openUpgradeOverlay(reason?: string): void;
  closeUpgradeOverlay(): void;
}

export interface UpgradeOverlayState {
  open: boolean;
  reason: string | undefined;
  close(): void;
}

const UpgradeOverlayContext = createContext<UpgradeOverlayActions | null>(null);

/**
 * Holds whether the upgrade overlay is open, so any screen can open it for a locked action. The overlay
 * itself belongs to the subscription feature; the app layer passes it in as `renderOverlay`.
 */
export function UpgradeOverlayProvider({
  children,
  renderOverlay,
}: {
  children: ReactNode;
  renderOverlay(state: UpgradeOverlayState): ReactNode;
}) {
  const [state, setState] = useState<{ open: boolean; reason: string | undefined }>({
    open: false,
    reason: undefined,
  });
  const openUpgradeOverlay = useCallback((reason?: string) => setState({ open: true, reason }), []);
  const close = useCallback(() => setState({ open: false, reason: undefined }), []);
  const actions = useMemo(
    () => ({ openUpgradeOverlay, closeUpgradeOverlay: close }),
    [openUpgradeOverlay, close],
  );
  return (
    <UpgradeOverlayContext.Provider value={actions}>
      {children}
      {renderOverlay({ ...state, close })}
    </UpgradeOverlayContext.Provider>
  );
}

export function useUpgradeOverlay(): UpgradeOverlayActions {
  const actions = useContext(UpgradeOverlayContext);
  if (!actions) throw new Error("useUpgradeOverlay must be used inside UpgradeOverlayProvider");
  return actions;
}
