import { exerciseNameKey, findExerciseById, findExerciseByName } from "./exercise-library";
import { allowedEquipment, isOlderAdult, levelRank } from "./exercise-eligibility";
import { COOLDOWN, REST_DAY_NAME, WARMUP, WEEKDAYS, type Exercise, type WorkoutItem } from "./exercise.types";
import {
  MAJOR_MUSCLE_GROUPS,
  MAX_SETS_PER_EXERCISE,
  MIN_SETS_PER_EXERCISE,
  VOLUME_BANDS,
  finisherPrescription,
  majorGroupOf,
  strengthReps,
} from "./training-prescription";
import type { WorkoutPlan, WorkoutPlanRequest } from "./workout-planner";
import { youtubeSearchLink } from "./workout-items";

const CONDITIONING = new Set(["Cardio", "Full Body"]);

/** Groups that need 48 h between hard sessions; core, calves, arms and conditioning may repeat. */
const RECOVERY_GROUPS = ["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes"];

/**
 * The recovery groups an exercise trains hard, read from the library entry: its body part, plus the
 * hamstrings and glutes for back work that hinges (a deadlift is as hard on them as on the back).
 */
export function recoveryGroupsTrained(exercise: Exercise): string[] {
  if (!RECOVERY_GROUPS.includes(exercise.bodyPart)) return [];
  const groups: string[] = [exercise.bodyPart];
  if (exercise.bodyPart === "Back" && exercise.pattern === "hinge") groups.push("Hamstrings", "Glutes");
  return groups;
}

/** Major groups trained hard on two consecutive calendar days (Sunday → Monday included), one line each. */
export function recoveryViolations(items: readonly WorkoutItem[]): string[] {
  const byDay = WEEKDAYS.map((day) => {
    const groups = new Set<string>();
    for (const item of items) {
      if (item.day !== day) continue;
      const exercise = findExerciseById(item.exerciseId);
      if (exercise !== undefined) for (const group of recoveryGroupsTrained(exercise)) groups.add(group);
    }
    return groups;
  });
  const violations: string[] = [];
  for (const [index, groups] of byDay.entries()) {
    const next = byDay[(index + 1) % WEEKDAYS.length] ?? new Set<string>();
    for (const group of groups) {
      if (next.has(group))
        violations.push(
          `${group} is trained on ${WEEKDAYS[index]} and again on ${WEEKDAYS[(index + 1) % 7]}`,
        );
    }
  }
  return violations;
}

/** Why an exercise does not suit the request, read from the library entry alone; undefined when it does. */
export function eligibilityProblem(exercise: Exercise, request: WorkoutPlanRequest): string | undefined {
  if (levelRank(exercise.level) > levelRank(request.level)) return `is above ${request.level}`;
  if (exercise.suitableUpTo !== undefined && levelRank(request.level) > levelRank(exercise.suitableUpTo))
    return `is a regression ${request.level} trainees have outgrown`;
  const owned = allowedEquipment(request.workoutType, request.equipment);
  const missing = exercise.equipment.filter((item) => !owned.includes(item));
  if (missing.length > 0) return `needs equipment the user lacks (${missing.join(", ")})`;
  if (exercise.highImpact && isOlderAdult(request.ageYears ?? undefined))
    return `is high-impact, for a ${request.ageYears}-year-old`;
  return undefined;
}

/** Whether three chosen days in a row (and no others) are all there is: then one half of the body is trained once. */
function isThreeDayRun(days: readonly string[]): boolean {
  if (days.length !== 3) return false;
  const indices = days.map((day) => WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]));
  return indices.some((start) => [1, 2].every((step) => indices.includes((start + step) % 7)));
}

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
  for (const violation of recoveryViolations(plan.items)) flag(`recovery: ${violation}`);

  const band = VOLUME_BANDS[request.level];
  if (plan.volumeBand.min !== band.min || plan.volumeBand.max !== band.max)
    flag(`volume band is not the ${request.level} band`);

  const ids = new Set<string>();
  for (const item of plan.items) {
    if (item.id.length === 0 || ids.has(item.id)) flag(`item id "${item.id}" is empty or repeated`);
    ids.add(item.id);
  }
  const dayOrder = plan.items.map((item) => WEEKDAYS.indexOf(item.day));
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
    const items = plan.items.filter((item) => item.day === day);
    if (!request.days.includes(day)) {
      const rest = items[0];
      const isRest =
        items.length === 1 &&
        rest !== undefined &&
        rest.kind === "rest" &&
        rest.name === REST_DAY_NAME &&
        rest.bodyPart === REST_DAY_NAME &&
        rest.videoUrl === "" &&
        rest.sets === 0 &&
        rest.reps === "0";
      if (!isRest) flag(`${day} is not chosen but is not a single Rest Day item`);
      continue;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const bookend = (item: WorkoutItem | undefined, kind: string): boolean =>
      item !== undefined &&
      item.kind === kind.toLowerCase() &&
      item.bodyPart === kind &&
      item.sets === 1 &&
      item.reps === "1";
    if (!bookend(first, WARMUP)) flag(`${day} does not start with a 1 × 1 Warmup`);
    if (!bookend(last, COOLDOWN)) flag(`${day} does not end with a 1 × 1 Cooldown`);
    const exercises = items.slice(1, -1);
    if (exercises.length === 0) flag(`${day} has no exercises`);
    if (
      isOlderAdult(request.ageYears ?? undefined) &&
      !exercises.some((item) => findExerciseById(item.exerciseId)?.balance === true)
    )
      flag(`${day} has no balance exercise for a ${request.ageYears}-year-old`);

    const names = new Set<string>();
    let seenIsolation = false;
    let seenConditioning = false;
    for (const item of exercises) {
      const name = item.name;
      const exercise = findExerciseByName(name);
      if (exercise === undefined) {
        flag(`${day}: "${name}" is not in the exercise library`);
        continue;
      }
      if (item.kind !== "exercise" || item.exerciseId !== exercise.id)
        flag(`${day}: "${name}" is not marked as the library's exercise ${exercise.id}`);
      if (names.has(exerciseNameKey(name))) flag(`${day}: "${name}" appears twice`);
      names.add(exerciseNameKey(name));
      if (item.bodyPart !== exercise.bodyPart) flag(`${day}: "${name}" is labelled ${item.bodyPart}`);
      if (exercise.bodyPart === WARMUP || exercise.bodyPart === COOLDOWN)
        flag(`${day}: ${exercise.bodyPart} "${name}" sits among the exercises`);
      const problem = eligibilityProblem(exercise, request);
      if (problem !== undefined) flag(`${day}: "${name}" ${problem}`);
      if (item.videoUrl !== youtubeSearchLink(name)) flag(`${day}: "${name}" has a wrong video link`);

      if (CONDITIONING.has(exercise.bodyPart)) {
        seenConditioning = true;
        if (request.goal !== "Lose Weight") flag(`${day}: conditioning "${name}" in a muscle-gain plan`);
        if (item.sets !== finisher.sets || item.reps !== finisher.reps)
          flag(`${day}: "${name}" has a wrong interval dose`);
        continue;
      }
      if (seenConditioning) flag(`${day}: strength work "${name}" comes after the conditioning finisher`);
      if (exercise.mechanic === "isolation") seenIsolation = true;
      else if (seenIsolation) flag(`${day}: compound "${name}" comes after an isolation exercise`);
      if (item.reps !== reps) flag(`${day}: "${name}" has ${item.reps} reps, expected ${reps}`);
      const sets = item.sets;
      if (
        !Number.isInteger(sets) ||
        sets < MIN_SETS_PER_EXERCISE ||
        sets > MAX_SETS_PER_EXERCISE[request.level]
      ) {
        flag(
          `${day}: "${name}" has ${sets} sets, outside ${MIN_SETS_PER_EXERCISE}–${MAX_SETS_PER_EXERCISE[request.level]}`,
        );
      }
      const group = exercise.balance ? undefined : majorGroupOf(exercise.bodyPart);
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
    // Three days in a row leave one half of the body a single session (the recovery rule comes first).
    const leastDays = isThreeDayRun(request.days) ? 1 : 2;
    if ((daysTrained[group]?.size ?? 0) < leastDays)
      flag(`${group} is trained on fewer than ${leastDays} days`);
  }
  return violations;
}

/** Share of major groups whose weekly sets, recounted from the items, fall outside the band. */
export function outOfBandGroups(plan: WorkoutPlan): number {
  const weekly: Record<string, number> = {};
  for (const item of plan.items) {
    const exercise = findExerciseById(item.exerciseId);
    const group = exercise === undefined || exercise.balance ? undefined : majorGroupOf(exercise.bodyPart);
    if (group !== undefined) weekly[group] = (weekly[group] ?? 0) + item.sets;
  }
  return Object.keys(MAJOR_MUSCLE_GROUPS).filter((group) => {
    const sets = weekly[group] ?? 0;
    return sets < plan.volumeBand.min || sets > plan.volumeBand.max;
  }).length;
}

/** The week as readable lines ("Monday: Push-Up 3 × 8-12, …"), printed beside a failing check. */
export function formatPlan(items: readonly WorkoutItem[]): string {
  return WEEKDAYS.map((day) => {
    const entries = items
      .filter((item) => item.day === day)
      .map((item) =>
        item.name === REST_DAY_NAME ? REST_DAY_NAME : `${item.name} ${item.sets} × ${item.reps}`,
      );
    return `${day}: ${entries.join(", ")}`;
  }).join("\n");
}
