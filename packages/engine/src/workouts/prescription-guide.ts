import type { FitnessGoal } from "../profile.types";
import { findExerciseById } from "./exercise-library";
import { ADULT_AGE_YEARS } from "./exercise-eligibility";
import type { ExperienceLevel, WorkoutItem } from "./exercise.types";
import { isRestItem } from "./rest-days";
import { isHeavyCompound } from "./training-prescription";

/*
 * What the plan screen says beside each item, so a prescription reads as a coach would write it.
 * Sources:
 * - Warm-up and cool-down of 5–10 minutes each: ACSM's Guidelines for Exercise Testing and
 *   Prescription, 11th ed. (2021), components of a training session.
 * - Rest between sets: ACSM position stand, Med Sci Sports Exerc 2009;41(3):687-708 — 1–2 min for
 *   hypertrophy, 2–3 min or more for the heavy multi-joint lifts of advanced trainees, 1–2 min
 *   for novices' moderate loads, 30–60 s for muscular endurance and conditioning (our fat-loss reps).
 * - Reps in reserve: Helms et al., "Application of the repetitions in reserve-based rating of
 *   perceived exertion scale for resistance training", Strength Cond J 2016;38(4):42-49 — novices
 *   judge proximity to failure poorly, so they stop further from it.
 * - Under 18: NSCA position statement on youth resistance training (Faigenbaum et al., J Strength
 *   Cond Res 2009;23(5 Suppl):S60-79) — technique and gradual progression, no maximal lifts
 *   unsupervised.
 */

/** Stored warm-up and cool-down items keep the seed's 1 set × 1 rep; the screen shows these minutes instead. */
export const WARMUP_MINUTES = 8;
export const COOLDOWN_MINUTES = 5;
/** Time under load of one set of 8–15 controlled reps, for the session estimate. */
const SET_WORK_SECONDS = 40;

export type ItemGuide =
  | { kind: "rest" }
  | { kind: "bookend"; minutes: number; description: string }
  | { kind: "exercise"; restSeconds: number; restText: string };

function intervalSeconds(reps: string): number | undefined {
  const match = /^(\d+)\s*sec/i.exec(reps.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * Seconds of rest between sets of one exercise: the one rule for the plan screen's "rest" text and the
 * workout logger's rest timer, so both always show the same time.
 */
export function restSeconds(item: WorkoutItem, goal: FitnessGoal, level: ExperienceLevel): number {
  const interval = intervalSeconds(item.reps);
  // Conditioning intervals: rest as long as the work (the finisher's 1:1 work-to-rest).
  if (interval !== undefined) return interval;
  const exercise = findExerciseById(item.exerciseId);
  // Power work needs full recovery between sets so every rep stays fast (ACSM 2009: 2–3 min for power).
  if (exercise?.power === true) return 180;
  const compound = exercise?.mechanic !== "isolation";
  if (goal === "Lose Weight") return compound ? 60 : 45;
  if (!compound) return 60;
  if (exercise !== undefined && isHeavyCompound(exercise) && level !== "Beginner")
    return level === "Advanced" ? 150 : 120;
  return level === "Beginner" ? 75 : 90;
}

function restText(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = seconds / 60;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min`;
}

/** The minutes and what to do of a warm-up or cool-down; undefined for any other item. Needs no goal or level. */
export function bookendGuide(item: WorkoutItem): Extract<ItemGuide, { kind: "bookend" }> | undefined {
  if (item.kind !== "warmup" && item.kind !== "cooldown") return undefined;
  const cues = findExerciseById(item.exerciseId)?.cues ?? [];
  return {
    kind: "bookend",
    minutes: item.kind === "warmup" ? WARMUP_MINUTES : COOLDOWN_MINUTES,
    description: cues.join("; "),
  };
}

/** What to show for one item: minutes and a description for the bookends, rest time for exercises. */
export function itemGuide(item: WorkoutItem, goal: FitnessGoal, level: ExperienceLevel): ItemGuide {
  if (isRestItem(item)) return { kind: "rest" };
  const bookend = bookendGuide(item);
  if (bookend !== undefined) return bookend;
  const seconds = restSeconds(item, goal, level);
  return { kind: "exercise", restSeconds: seconds, restText: restText(seconds) };
}

/** Estimated length of a training day in minutes, rounded up to 5: bookends plus every set and the rests between. */
export function sessionMinutes(
  dayItems: readonly WorkoutItem[],
  goal: FitnessGoal,
  level: ExperienceLevel,
): number {
  let seconds = 0;
  for (const item of dayItems) {
    const guide = itemGuide(item, goal, level);
    if (guide.kind === "rest") continue;
    if (guide.kind === "bookend") {
      seconds += guide.minutes * 60;
      continue;
    }
    const sets = Math.max(0, item.sets);
    const work = intervalSeconds(item.reps) ?? SET_WORK_SECONDS;
    seconds += sets * work + Math.max(0, sets - 1) * guide.restSeconds + 60; // a minute to set up each exercise
  }
  return Math.ceil(seconds / 60 / 5) * 5;
}

/**
 * How to progress a body-weight exercise: past the top of its rep range the next harder variant is the step (incline
 * to floor push-up, split squat to Bulgarian split squat), not 25 or 30 reps (ACSM 2026: load or difficulty, not
 * endless reps, drives strength).
 */
export const BODY_WEIGHT_PROGRESSION =
  "Body-weight moves: once every set reaches the top of the rep range, switch to the harder version (use Replace) instead of adding reps.";

/** How hard to push each set, by level (reps in reserve), with no maximal-load advice under 18. */
export function effortGuide(level: ExperienceLevel, ageYears: number | null | undefined): string {
  if (ageYears != null && ageYears < ADULT_AGE_YEARS) {
    return "Stop each set with 2–3 reps left in the tank (RIR 2–3). Focus on clean technique, add weight only in small steps, and don't test how much you can lift for one rep.";
  }
  if (level === "Beginner")
    return "Stop each set with about 3 reps left in the tank (RIR 3): every rep should look the same as the first.";
  if (level === "Intermediate")
    return "Take most sets to 1–2 reps short of failure (RIR 1–2); add weight once you reach the top of the rep range.";
  return "Work at 0–2 reps in reserve: the last set of an exercise may go close to failure, but keep the heavy barbell lifts at RIR 1–2.";
}
