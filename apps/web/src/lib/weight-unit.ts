import { useSyncExternalStore } from "react";
import { poundsToKg } from "@fitwise/engine/nutrition/energy";

export type WeightUnit = "kg" | "lb";

const STORAGE_KEY = "fitwise.weight_unit";
/** docs/product.md §6.1's factor, the one the calculator uses. */
const POUNDS_PER_KG = 2.20462;

export function toKg(value: number, unit: WeightUnit): number {
  return unit === "kg" ? value : poundsToKg(value);
}

export function fromKg(valueKg: number, unit: WeightUnit): number {
  return unit === "kg" ? valueKg : valueKg * POUNDS_PER_KG;
}

/** A weight for display in the unit, one decimal. */
export function formatWeight(valueKg: number, unit: WeightUnit): string {
  return `${(Math.round(fromKg(valueKg, unit) * 10) / 10).toLocaleString("en-US")} ${unit}`;
}

function readUnit(): WeightUnit {
  try {
    return localStorage.getItem(STORAGE_KEY) === "lb" ? "lb" : "kg";
  } catch {
    return "kg";
  }
}

/**
 * One unit for the whole page: every reader of the choice (the weigh-in form, the trend sentence, the
 * chart, the table) hears of a change at once, and other tabs through the storage event.
 */
const listeners = new Set<() => void>();
let current: WeightUnit | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    current = readUnit();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function snapshot(): WeightUnit {
  current ??= readUnit();
  return current;
}

function setUnit(next: WeightUnit): void {
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** The unit the user last chose for weights (kg or lb), remembered in this browser and shared by every screen part. */
export function useWeightUnit(): [WeightUnit, (unit: WeightUnit) => void] {
  return [useSyncExternalStore(subscribe, snapshot, () => "kg"), setUnit];
}
