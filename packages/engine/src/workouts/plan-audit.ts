import { exerciseNameKey, findExerciseById, findExerciseByName } from "./exercise-library";
import { allowedEquipment, isOlderAdult, levelRank, maxTierFor } from "./exercise-eligibility";
import {
  COOLDOWN,
  MUSCLES,
  REST_DAY_NAME,
  WARMUP,
  WEEKDAYS,
  type Exercise,
  type Muscle,
  type WorkoutItem,
} from "./exercise.types";
import {
  BANDED_MUSCLES,
  SETS_THAT_TRAIN_A_MUSCLE,
  TWICE_WEEKLY_MUSCLES,
  MAX_SETS_PER_EXERCISE,
  MIN_SETS_PER_EXERCISE,
  VOLUME_BANDS,
  finisherPrescription,
  isHardSetExercise,
  loadsLegs,
  pressesChest,
  sessionHardSetCap,
  setShare,
  strengthReps,
} from "./training-prescription";
import {
  MAX_PATTERN_VARIANTS_PER_SESSION,
  movementFamilies,
  type WorkoutPlan,
  type WorkoutPlanRequest,
} from "./workout-planner";
import { youtubeSearchLink } from "./workout-items";

const CONDITIONING = new Set(["Cardio", "Full Body"]);

/** Groups that need 48 h between hard sessions; core, calves, arms and conditioning may repeat. */
const RECOVERY_GROUPS = ["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes"];

/**
 * The recovery groups an exercise trains hard, read from the library entry: its body part, plus the
 * hamstrings and glutes for back work that hinges (a deadlift is as hard on them as on the back), the legs
 * for a conditioning finisher that works them (thrusters, jumps, the bike), and the chest for a triceps press.
 */
export function recoveryGroupsTrained(exercise: Exercise): string[] {
  if (CONDITIONING.has(exercise.bodyPart) && loadsLegs(exercise)) return ["Quads", "Hamstrings", "Glutes"];
  if (pressesChest(exercise)) return ["Chest"];
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
  const maxTier = maxTierFor(request.level, request.ageYears ?? undefined);
  if (exercise.tier > maxTier)
    return `is tier ${exercise.tier}, above tier ${maxTier} for a ${request.level.toLowerCase()}${request.ageYears == null ? "" : ` aged ${request.ageYears}`}`;
  if (exercise.drill) return "is a warm-up drill, not a training exercise";
  if (exercise.fromAgeYears !== undefined && (request.ageYears ?? 0) < exercise.fromAgeYears)
    return `is meant for adults from ${exercise.fromAgeYears}`;
  return undefined;
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

  const band = VOLUME_BANDS[request.goal][request.level];
  if (plan.volumeBand.min !== band.min || plan.volumeBand.max !== band.max)
    flag(`volume band is not the ${request.goal} ${request.level} band`);

  const ids = new Set<string>();
  for (const item of plan.items) {
    if (item.id.length === 0 || ids.has(item.id)) flag(`item id "${item.id}" is empty or repeated`);
    ids.add(item.id);
  }
  const dayOrder = plan.items.map((item) => WEEKDAYS.indexOf(item.day));
  if (dayOrder.some((order, index) => order < 0 || (index > 0 && order < (dayOrder[index - 1] ?? 0)))) {
    flag("items are not sorted Monday to Sunday");
  }

  const finisher = finisherPrescription(request.level);
  const weekly = Object.fromEntries(MUSCLES.map((muscle) => [muscle, 0])) as Record<Muscle, number>;
  const daysTrained = Object.fromEntries(MUSCLES.map((muscle) => [muscle, 0])) as Record<Muscle, number>;
  const trainingDays = WEEKDAYS.filter((day) => request.days.includes(day));
  const cap = sessionHardSetCap(request.level, request.ageYears ?? undefined);
  const hardSetsOn = new Map<string, number>();
  const primedOn = Object.fromEntries(
    MUSCLES.map((muscle) => [muscle, [] as { day: string; sets: number }[]]),
  ) as Record<Muscle, { day: string; sets: number }[]>;
  if (
    plan.sessions.length !== trainingDays.length ||
    plan.sessions.some((session, index) => session.day !== trainingDays[index])
  )
    flag("the sessions do not list the training days in order");

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
    const families = new Map<string, number>();
    const today = Object.fromEntries(MUSCLES.map((muscle) => [muscle, 0])) as Record<Muscle, number>;
    let hardSets = 0;
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
      const reps = strengthReps(exercise, request.goal, request.level);
      if (item.reps !== reps) flag(`${day}: "${name}" has ${item.reps} reps, expected ${reps}`);
      for (const family of movementFamilies(exercise)) families.set(family, (families.get(family) ?? 0) + 1);
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
      if (!isHardSetExercise(exercise)) continue;
      hardSets += sets;
      for (const muscle of exercise.primeMovers) primedOn[muscle].push({ day, sets });
      for (const muscle of MUSCLES) today[muscle] += sets * setShare(exercise, muscle);
    }
    for (const [family, count] of families)
      if (family !== "conditioning" && count > MAX_PATTERN_VARIANTS_PER_SESSION)
        flag(`${day}: ${count} ${family} variants in one session`);
    hardSetsOn.set(day, hardSets);
    if (hardSets > cap) flag(`${day}: ${hardSets} hard sets, over the ${cap}-set session cap`);
    const session = plan.sessions.find((candidate) => candidate.day === day);
    if (session !== undefined && session.hardSets !== hardSets)
      flag(`${day}: the session reports ${session.hardSets} hard sets, items add up to ${hardSets}`);
    if (session !== undefined && !(session.estimatedMinutes > 0)) flag(`${day}: no session length`);
    for (const muscle of MUSCLES) {
      weekly[muscle] += today[muscle];
      if (today[muscle] >= SETS_THAT_TRAIN_A_MUSCLE) daysTrained[muscle] += 1;
    }
  }

  for (const muscle of MUSCLES) {
    const sets = weekly[muscle];
    if (Math.abs(plan.weeklyHardSets[muscle] - sets) > 1e-9)
      flag(`${muscle}: reported ${plan.weeklyHardSets[muscle]} weekly sets, items add up to ${sets}`);
  }
  for (const muscle of BANDED_MUSCLES) {
    const sets = weekly[muscle];
    // The caps come first: a muscle may stay under the band only when every exercise that primes it is at the
    // level's sets per exercise or sits on a day too full for another exercise.
    const capped = primedOn[muscle].every(
      ({ day, sets: primeSets }) =>
        primeSets >= MAX_SETS_PER_EXERCISE[request.level] ||
        (hardSetsOn.get(day) ?? 0) > cap - MIN_SETS_PER_EXERCISE,
    );
    if (sets > plan.volumeBand.max || (sets < plan.volumeBand.min && !capped))
      flag(`${muscle}: ${sets} weekly sets outside ${plan.volumeBand.min}–${plan.volumeBand.max}`);
  }
  for (const muscle of TWICE_WEEKLY_MUSCLES)
    if (daysTrained[muscle] < 2) flag(`${muscle} is trained on fewer than 2 days`);
  return violations;
}

/** Banded muscles whose weekly fractional sets, recounted from the items, fall outside the plan's band. */
export function outOfBandMuscles(plan: WorkoutPlan): number {
  const weekly = Object.fromEntries(MUSCLES.map((muscle) => [muscle, 0])) as Record<Muscle, number>;
  for (const item of plan.items) {
    const exercise = findExerciseById(item.exerciseId);
    if (exercise === undefined || item.kind !== "exercise" || !isHardSetExercise(exercise)) continue;
    for (const muscle of MUSCLES) weekly[muscle] += item.sets * setShare(exercise, muscle);
  }
  return BANDED_MUSCLES.filter(
    (muscle) => weekly[muscle] < plan.volumeBand.min || weekly[muscle] > plan.volumeBand.max,
  ).length;
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
