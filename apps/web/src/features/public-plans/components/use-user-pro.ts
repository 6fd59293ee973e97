import { useSyncExternalStore } from "react";
import { readCache } from "../../../lib/local-cache";

function subscribe(onChange: () => void): () => void {
  // docs/product.md §7: user_pro follows changes made in another tab.
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** The cached user_pro flag (docs/product.md §7; a display hint only, the server decides what Pro unlocks). */
export function useIsCachedPro(): boolean {
  return useSyncExternalStore(subscribe, () => (readCache("user_pro") ?? 0) !== 0);
}
