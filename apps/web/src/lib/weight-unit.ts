import { useCallback, useState } from "react";
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

/** The unit the user last chose for weights (kg or lb), remembered in this browser. */
export function useWeightUnit(): [WeightUnit, (unit: WeightUnit) => void] {
  const [unit, setUnitState] = useState<WeightUnit>(readUnit);
  const setUnit = useCallback((next: WeightUnit) => {
    setUnitState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private modes may refuse storage; the choice then lasts for this page only.
    }
  }, []);
  return [unit, setUnit];
}
