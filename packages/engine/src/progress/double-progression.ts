import type { Equipment } from "../workouts/exercise.types";

/** One logged set. `rir`: reps in reserve, how many more reps were left in the tank. */
export interface LoggedSet {
  setNumber: number;
  reps: number;
  loadKg: number;
  rir: number;
}

export interface RepRange {
  min: number;
  max: number;
}

/** "8-12" → 8–12, "10" → 10–10; timed ("30 sec") or empty prescriptions have no rep range. */
export function parseRepRange(reps: string): RepRange | undefined {
  const text = reps.trim();
  const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(text);
  if (range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    return min <= max && max > 0 ? { min, max } : undefined;
  }
  const single = /^(\d+)$/.exec(text);
  if (single && Number(single[1]) > 0) return { min: Number(single[1]), max: Number(single[1]) };
  return undefined;
}

/** The usual 2.5 kg step of a barbell (two 1.25 kg plates). */
export const BARBELL_STEP_KG = 2.5;
/** Machines and cables step by their pin stack: 5 kg is the common plate. */
export const STACK_STEP_KG = 5;
/** Fixed dumbbell racks: 1 kg steps to 10 kg, then 2.5 kg (the common commercial rack). */
const DUMBBELL_LADDER_KG = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12.5, 15, 17.5, 20, 22.5, 25, 27.5, 30];
/** Competition kettlebells step by 4 kg. */
const KETTLEBELL_LADDER_KG = [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48];

function nextOnLadder(ladder: readonly number[], currentKg: number, stepAbove: number): number {
  const next = ladder.find((weight) => weight > currentKg + 1e-9);
  if (next !== undefined) return next;
  return Math.round((currentKg + stepAbove) * 100) / 100;
}

/** The next load up for the exercise's equipment (the load most specific to the exercise wins). */
export function nextLoadKg(equipment: readonly Equipment[], currentKg: number): number {
  if (equipment.includes("barbell")) return currentKg + BARBELL_STEP_KG;
  if (equipment.includes("dumbbells")) return nextOnLadder(DUMBBELL_LADDER_KG, currentKg, 2.5);
  if (equipment.includes("kettlebell")) return nextOnLadder(KETTLEBELL_LADDER_KG, currentKg, 4);
  if (equipment.includes("machine") || equipment.includes("cable")) return currentKg + STACK_STEP_KG;
  return currentKg + BARBELL_STEP_KG;
}

export type NextStep =
  /** Every set reached the top of the range with reps to spare: go up a load step. */
  | { kind: "increase_load"; loadKg: number; reps: RepRange }
  /** Body weight (no external load): at the top of the range, aim for more reps. */
  | { kind: "more_reps"; loadKg: number; targetReps: number }
  /** Not yet at the top of the range on every set: same load, beat the reps. */
  | { kind: "same_load"; loadKg: number; reps: RepRange };

/** Reps in reserve needed at the top of the range before adding load: at least one left. */
export const MIN_RIR_TO_PROGRESS = 1;

/**
 * Double progression: reps rise within a range at a fixed load, and the load rises once the top of
 * the range is reached. It follows the ACSM position stand "Progression models in resistance training
 * for healthy adults" (Med Sci Sports Exerc 2009;41(3):687-708: add 2–10 % load once the current load
 * is done for one or two reps over the target) and the NSCA's "2-for-2 rule" (Baechle & Earle, Essentials of
 * Strength Training and Conditioning, 3rd ed., 2008). Here: every working set at the top of the
 * range with ≥ 1 rep in reserve → next load step, back to the bottom of the range; exercises without
 * external load add reps instead.
 * Undefined without sets or without a rep range (timed work).
 */
export function suggestNextStep(input: {
  sets: readonly LoggedSet[];
  reps: string;
  equipment: readonly Equipment[];
}): NextStep | undefined {
  const range = parseRepRange(input.reps);
  if (!range || input.sets.length === 0) return undefined;
  const workingLoadKg = Math.max(...input.sets.map((set) => set.loadKg));
  const working = input.sets.filter((set) => set.loadKg === workingLoadKg);
  const topReached = working.every((set) => set.reps >= range.max && set.rir >= MIN_RIR_TO_PROGRESS);
  const bodyWeightOnly = workingLoadKg === 0;
  if (!topReached) return { kind: "same_load", loadKg: workingLoadKg, reps: range };
  if (bodyWeightOnly) {
    const bestReps = Math.max(...working.map((set) => set.reps));
    return { kind: "more_reps", loadKg: 0, targetReps: bestReps + 1 };
  }
  return { kind: "increase_load", loadKg: nextLoadKg(input.equipment, workingLoadKg), reps: range };
}
