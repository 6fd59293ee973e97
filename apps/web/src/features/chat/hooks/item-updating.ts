import { ITEM_UPDATING_EVENT } from "../../../lib/use-updating-items";
import type { ItemUpdatingDetail } from "../../../lib/use-updating-items";

/** docs/product.md §3.12, §6.5: each changed item is marked "updating" for 2 s, one after another. */
export const ITEM_UPDATING_MS = 2_000;

function announce(detail: ItemUpdatingDetail): void {
  window.dispatchEvent(new CustomEvent<ItemUpdatingDetail>(ITEM_UPDATING_EVENT, { detail }));
}

/** Marks each id for ITEM_UPDATING_MS in turn; an aborted run clears the current mark and stops. */
export async function markItemsUpdating(ids: readonly string[], signal: AbortSignal): Promise<void> {
  for (const id of ids) {
    if (signal.aborted) return;
    announce({ id, updating: true });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ITEM_UPDATING_MS);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    announce({ id, updating: false });
  }
}
