import { AGE_YEARS, WEIGHT_KG, WORKOUT_DAYS } from "@fitwise/contracts/profile";
import { ACTIVITY_LEVELS, poundsToKg, roundTo2 } from "@fitwise/engine/nutrition/energy";
import type { ActivityFactor } from "@fitwise/engine/nutrition/energy";
import type { Gender } from "@fitwise/engine/profile.types";

/**
 * The values and checks of the profile forms shared by onboarding (/goal, /userinfo,
 * /mealplanpreferences) and settings (/updatemy*). Each screen keeps its own defaults and messages
 * where the original app gave them different ones, and passes them in.
 */
export type Unit = "metric" | "imperial";

/** docs/product.md §3.4: feet 4 to 8, inches 0 to 11. */
export const FEET = [4, 5, 6, 7, 8] as const;
export const INCHES = Array.from({ length: 12 }, (_, inch) => inch);

/** The body data of the calorie calculator, as typed: numbers stay strings until they are checked. */
export interface BodyData {
  age: string;
  /** "" until chosen: settings may start without one, the calculator always has a default. */
  gender: Gender | "";
  unit: Unit;
  weight: string;
  feet: number;
  inches: number;
  activity: ActivityFactor;
}

export type BodyDataErrors = Partial<Record<"age" | "gender" | "weight", string>>;

/** docs/product.md §6.4: age a whole number of years from 13 to 85. */
export const AGE_RANGE_MESSAGE = `Age must be between ${AGE_YEARS.min} and ${AGE_YEARS.max}.`;
/** "35.5" is within the range: the problem is the fraction, so the message says that. */
export const AGE_WHOLE_MESSAGE = "Age must be a whole number of years, such as 35.";

/** A typed decimal number, with a comma accepted as the decimal mark ("80,5"); NaN when it is not one. */
export function decimalOf(text: string): number {
  const trimmed = text.trim();
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : Number.NaN;
}

/** A stored height back in the select's feet and inches (within its 4 ft 0 in – 8 ft 11 in range). */
export function toFeetInches(heightCm: number | null): { feet: number; inches: number } {
  if (heightCm === null) return { feet: 4, inches: 0 };
  const totalInches = Math.min(Math.max(Math.round(heightCm / 2.54), 48), 107);
  return { feet: Math.floor(totalInches / 12), inches: totalInches % 12 };
}

/** The form's starting values from a stored profile; what is missing takes the screen's defaults. */
export function bodyDataFrom(
  stored: {
    ageYears: number | null;
    gender: Gender | null;
    weightKg: number | null;
    heightCm: number | null;
    activity: number | null;
  },
  defaults: { gender: Gender | ""; activity: ActivityFactor },
): BodyData {
  return {
    age: stored.ageYears === null ? "" : String(stored.ageYears),
    gender: stored.gender ?? defaults.gender,
    unit: "metric",
    weight: stored.weightKg === null ? "" : String(roundTo2(stored.weightKg)),
    ...toFeetInches(stored.heightCm),
    activity: ACTIVITY_LEVELS.find((level) => level.factor === stored.activity)?.factor ?? defaults.activity,
  };
}

/** docs/product.md §6.1: the calculator converts with 2.20462 pounds per kilogram. */
const POUNDS_PER_KG = 2.20462;
const POUNDS = {
  min: Math.ceil(WEIGHT_KG.min * POUNDS_PER_KG),
  max: Math.floor(WEIGHT_KG.max * POUNDS_PER_KG),
};

/** The same body weight in the other unit, so switching units does not reinterpret the number typed. */
export function convertWeight(weight: string, to: Unit): string {
  const value = decimalOf(weight);
  if (!Number.isFinite(value)) return weight;
  return String(roundTo2(to === "metric" ? poundsToKg(value) : value * POUNDS_PER_KG));
}

/**
 * Field messages, and the parsed age, weight in kg and gender once every field is valid.
 * `missingAge` is the screen's message for an empty age (the calculator asks for it, settings states
 * the range).
 */
export function validateBodyData(
  fields: BodyData,
  messages: { missingAge: string },
): { errors: BodyDataErrors; ageYears?: number; weightKg?: number; gender?: Gender } {
  const errors: BodyDataErrors = {};
  const age = Number(fields.age);
  if (fields.age.trim() === "") errors.age = messages.missingAge;
  else if (Number.isFinite(age) && !Number.isInteger(age)) errors.age = AGE_WHOLE_MESSAGE;
  else if (!Number.isInteger(age) || age < AGE_YEARS.min || age > AGE_YEARS.max)
    errors.age = AGE_RANGE_MESSAGE;
  if (fields.gender === "") errors.gender = "Please select your gender.";
  const weight = decimalOf(fields.weight);
  const weightKg = fields.unit === "metric" ? weight : poundsToKg(weight);
  if (fields.weight.trim() === "") errors.weight = "Please enter your weight.";
  else if (!Number.isFinite(weight) || weightKg < WEIGHT_KG.min || weightKg > WEIGHT_KG.max)
    errors.weight =
      fields.unit === "metric"
        ? `Weight must be between ${WEIGHT_KG.min} and ${WEIGHT_KG.max} kg.`
        : `Weight must be between ${POUNDS.min} and ${POUNDS.max} pounds.`;
  if (errors.age || errors.gender || errors.weight || fields.gender === "") return { errors };
  return { errors, ageYears: age, weightKg, gender: fields.gender };
}

/** docs/product.md §6.3: 3 to 6 workout days. */
export function workoutDaysInRange(days: readonly unknown[]): boolean {
  return days.length >= WORKOUT_DAYS.min && days.length <= WORKOUT_DAYS.max;
}

/** docs/product.md §3.5, §6.4: the protein sources hint asks for at least 2 (enforced by the diet settings page only). */
export const MIN_PROTEIN_SOURCES = 2;

/** Adds or removes one item of a multiple choice; the result keeps the order of `all` (e.g. week order). */
export function toggleInOrder<V>(all: readonly V[], current: readonly V[], item: V): V[] {
  return all.filter((value) => (value === item ? !current.includes(value) : current.includes(value)));
}
