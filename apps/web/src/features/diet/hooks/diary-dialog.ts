import { useSyncExternalStore } from "react";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";

/** What the "Log food" dialog is open for: a meal, and the plan item eaten instead of, for "Ate something else". */
export interface DiaryDialogTarget {
  meal: MealSlot;
  /**
   * Search the foods (the default), look a barcode up, quick add energy with a label, pick one of the person's
   * own foods, or log a saved meal (docs/decisions/068).
   */
  mode?: "search" | "barcode" | "quick" | "mine" | "meals";
  insteadOf?: { itemId: string; itemName: string };
}

/**
 * The dialog is opened from the diary panel and from each plan item ("Ate something else"), which live in
 * different parts of the diet screen; one small store lets both open it without threading state through
 * the shared meal list.
 */
/** An opening of the dialog: its target and a number of its own, so each opening starts afresh. */
export interface DiaryDialogOpening extends DiaryDialogTarget {
  opening: number;
}

let target: DiaryDialogOpening | null = null;
let openings = 0;
const listeners = new Set<() => void>();

export function openDiaryDialog(next: DiaryDialogTarget | null): void {
  openings += 1;
  target = next === null ? null : { ...next, opening: openings };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDiaryDialog(): DiaryDialogOpening | null {
  return useSyncExternalStore(
    subscribe,
    () => target,
    () => null,
  );
}
