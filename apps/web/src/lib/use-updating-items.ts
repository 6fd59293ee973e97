import { useEffect, useState } from "react";

/**
 * The chat marks the items its trainer changed as "updating", one after another (docs/product.md §5, §9).
 * Features do not import each other, so the chat announces each mark on `window` and the diet and
 * workout screens listen through `useUpdatingItems()`.
 */
export const ITEM_UPDATING_EVENT = "fitwise:item-updating";

export interface ItemUpdatingDetail {
  id: string;
  /** true when the item starts updating, false when its mark ends. */
  updating: boolean;
}

function isItemUpdatingDetail(value: unknown): value is ItemUpdatingDetail {
  if (typeof value !== "object" || value === null) return false;
  const { id, updating } = value as Record<string, unknown>;
  return typeof id === "string" && typeof updating === "boolean";
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Follows the marks dispatched on `target`, reporting the ids currently updating after each change.
 * Returns the function that stops listening.
 */
export function trackUpdatingItems(
  target: EventTarget,
  onChange: (ids: ReadonlySet<string>) => void,
): () => void {
  let ids = NONE;
  const listener = (event: Event) => {
    const detail: unknown = event instanceof CustomEvent ? event.detail : null;
    if (!isItemUpdatingDetail(detail) || ids.has(detail.id) === detail.updating) return;
    const next = new Set(ids);
    if (detail.updating) next.add(detail.id);
    else next.delete(detail.id);
    ids = next;
    onChange(ids);
  };
  target.addEventListener(ITEM_UPDATING_EVENT, listener);
  return () => target.removeEventListener(ITEM_UPDATING_EVENT, listener);
}

/** The ids of the plan items the chat is updating right now. */
export function useUpdatingItems(): ReadonlySet<string> {
  const [ids, setIds] = useState(NONE);
  useEffect(() => trackUpdatingItems(window, setIds), []);
  return ids;
}
