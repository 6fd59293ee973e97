import { exerciseNameKey, findExerciseByName } from "./exercise-library";
import { isEligible } from "./exercise-eligibility";
import { COOLDOWN, REST_DAY_NAME, WARMUP, WEEKDAYS, type WorkoutItem } from "./exercise.types";
import {
  MAJOR_MUSCLE_GROUPS,
  MAX_SETS_PER_EXERCISE,
  MIN_SETS_PER_EXERCISE,
  VOLUME_BANDS,
  finisherPrescription,
  majorGroupOf,
  strengthReps,
} from "./training-prescription";
import { chooseSplit } from "./training-splits";
import type { WorkoutPlan, WorkoutPlanRequest } from "./workout-planner";
import { youtubeSearchLink } from "./workout-items";

const CONDITIONING = new Set(["Cardio", "Full Body"]);

/**
 * Every rule a weekly plan must keep, checked from its items alone (so a bug in the planner's own
 * bookkeeping cannot hide itself). Returns one readable line per violation; [] means the plan is
 * sound. Used by the property tests and the benchmark.
 */
export function auditWorkoutPlan(request: WorkoutPlanRequest, plan: WorkoutPlan): string[] {
  const violations: string[] = [];
  const flag = (message: string): void => {
    violations.push(message);
  };
  const expectedSplit = chooseSplit(request.days.length);
  if (expectedSplit?.name !== plan.split)
    flag(`split "${plan.split}" is not the one for ${request.days.length} days`);

  const band = VOLUME_BANDS[request.level];
  if (plan.volumeBand.min !== band.min || plan.volumeBand.max !== band.max)
    flag(`volume band is not the ${request.level} band`);

  const ids = new Set<string>();
  for (const item of plan.items) {
    if (item.id.length === 0 || ids.has(item.id)) flag(`item id "${item.id}" is empty or repeated`);
    ids.add(item.id);
  }
  const dayOrder = plan.items.map((item) => WEEKDAYS.indexOf(item.Day));
  if (dayOrder.some((order, index) => order < 0 || (index > 0 && order < (dayOrder[index - 1] ?? 0)))) {
    flag("items are not sorted Monday to Sunday");
  }

  const reps = strengthReps(request.goal, request.level);
  const finisher = finisherPrescription(request.level);
  const weekly: Record<string, number> = Object.fromEntries(
    Object.keys(MAJOR_MUSCLE_GROUPS).map((group) => [group, 0]),
  );
  const daysTrained: Record<string, Set<string>> = Object.fromEntries(
    Object.keys(MAJOR_MUSCLE_GROUPS).map((group) => [group, new Set()]),
  );

  for (const day of WEEKDAYS) {
    const items = plan.items.filter((item) => item.Day === day);
    if (!request.days.includes(day)) {
      const rest = items[0];
      const isRest =
        items.length === 1 &&
        rest !== undefined &&
        rest["Workout Name"] === REST_DAY_NAME &&
        rest["Body Part Targeted"] === REST_DAY_NAME &&
        rest["Youtube Video Link"] === "" &&
        rest["No of Sets"] === 0 &&
        rest["No of Reps"] === "0";
      if (!isRest) flag(`${day} is not chosen but is not a single Rest Day item`);
      continue;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const bookend = (item: WorkoutItem | undefined, kind: string): boolean =>
      item !== undefined &&
      item["Body Part Targeted"] === kind &&
      item["No of Sets"] === 1 &&
      item["No of Reps"] === "1";
    if (!bookend(first, WARMUP)) flag(`${day} does not start with a 1 × 1 Warmup`);
    if (!bookend(last, COOLDOWN)) flag(`${day} does not end with a 1 × 1 Cooldown`);
    const exercises = items.slice(1, -1);
    if (exercises.length === 0) flag(`${day} has no exercises`);

    const names = new Set<string>();
    let seenIsolation = false;
    let seenConditioning = false;
    for (const item of exercises) {
      const name = item["Workout Name"];
      const exercise = findExerciseByName(name);
      if (exercise === undefined) {
        flag(`${day}: "${name}" is not in the exercise library`);
        continue;
      }
      if (names.has(exerciseNameKey(name))) flag(`${day}: "${name}" appears twice`);
      names.add(exerciseNameKey(name));
      if (item["Body Part Targeted"] !== exercise.bodyPart)
        flag(`${day}: "${name}" is labelled ${item["Body Part Targeted"]}`);
      if (exercise.bodyPart === WARMUP || exercise.bodyPart === COOLDOWN)
        flag(`${day}: ${exercise.bodyPart} "${name}" sits among the exercises`);
      if (!isEligible(exercise, request.level, request.workoutType)) {
        flag(
          `${day}: "${name}" is above ${request.level} or needs equipment outside a ${request.workoutType}`,
        );
      }
      if (item["Youtube Video Link"] !== youtubeSearchLink(name))
        flag(`${day}: "${name}" has a wrong video link`);

      if (CONDITIONING.has(exercise.bodyPart)) {
        seenConditioning = true;
        if (request.goal !== "Lose Weight") flag(`${day}: conditioning "${name}" in a muscle-gain plan`);
        if (item["No of Sets"] !== finisher.sets || item["No of Reps"] !== finisher.reps)
          flag(`${day}: "${name}" has a wrong interval dose`);
        continue;
      }
      if (seenConditioning) flag(`${day}: strength work "${name}" comes after the conditioning finisher`);
      if (exercise.mechanic === "isolation") seenIsolation = true;
      else if (seenIsolation) flag(`${day}: compound "${name}" comes after an isolation exercise`);
      if (item["No of Reps"] !== reps)
        flag(`${day}: "${name}" has ${item["No of Reps"]} reps, expected ${reps}`);
      const sets = item["No of Sets"];
      if (
        !Number.isInteger(sets) ||
        sets < MIN_SETS_PER_EXERCISE ||
        sets > MAX_SETS_PER_EXERCISE[request.level]
      ) {
        flag(
          `${day}: "${name}" has ${sets} sets, outside ${MIN_SETS_PER_EXERCISE}–${MAX_SETS_PER_EXERCISE[request.level]}`,
        );
      }
      const group = majorGroupOf(exercise.bodyPart);
      if (group !== undefined) {
        weekly[group] = (weekly[group] ?? 0) + sets;
        daysTrained[group]?.add(day);
      }
    }
  }

  for (const group of Object.keys(MAJOR_MUSCLE_GROUPS)) {
    const sets = weekly[group] ?? 0;
    if (plan.weeklyHardSets[group] !== sets)
      flag(`${group}: reported ${plan.weeklyHardSets[group]} weekly sets, items add up to ${sets}`);
    if (sets < plan.volumeBand.min || sets > plan.volumeBand.max) {
      flag(`${group}: ${sets} weekly sets outside ${plan.volumeBand.min}–${plan.volumeBand.max}`);
    }
    if ((daysTrained[group]?.size ?? 0) < 2) flag(`${group} is trained on fewer than 2 days`);
  }
  return violations;
}

/** Share of major groups whose weekly sets, recounted from the items, fall outside the band. */
export function outOfBandGroups(plan: WorkoutPlan): number {
  const weekly: Record<string, number> = {};
  for (const item of plan.items) {
    const exercise = findExerciseByName(item["Workout Name"]);
    const group = exercise === undefined ? undefined : majorGroupOf(exercise.bodyPart);
    if (group !== undefined) weekly[group] = (weekly[group] ?? 0) + item["No of Sets"];
  }
  return Object.keys(MAJOR_MUSCLE_GROUPS).filter((group) => {
    const sets = weekly[group] ?? 0;
    return sets < plan.volumeBand.min || sets > plan.volumeBand.max;
  }).length;
}
