/*
 * Plans every goal × level × day set (all 3–6-day subsets of the week) × 9 equipment cases (a gym, and home
 * with the default, body weight only, each single item, kettlebell + pull-up bar, and everything) × ages 16, 30,
 * 50, 67 and 80 (26,460 weeks); replaces one exercise in each plan, audits every plan and prints a table plus one
 * JSON summary line. recoveryViolations, equipmentViolations, highImpactFrom65 and replacementSameEquipmentPct are
 * recounted here from the calendar and the exercise library's equipment fields; the coaching figures
 * (over65TopTierMoves, beginnerTopTierMoves, sessionsOverSetCap, maxSessionHardSets, muscleUnderTwicePerWeek,
 * fractionalSetsOutOfBandPct, finisherRecoveryBreaks, plyoAsHypertrophySets, replacementSamePrimeMoverPct) are
 * counted from the benchmark's own coaching map (workout-coaching-map.ts), never from the planner's tiers, muscles
 * or checks. For the replacement figures every exercise of every plan is replaced once.
 * Run: npm run bench:workouts -w @fitwise/engine
 */
import { performance } from "node:perf_hooks";
import { FITNESS_GOALS } from "../src/profile.types";
import {
  EQUIPMENT,
  EXPERIENCE_LEVELS,
  WEEKDAYS,
  type Equipment,
  type Exercise,
  type WorkoutItem,
} from "../src/workouts/exercise.types";
import { auditWorkoutPlan, outOfBandMuscles } from "../src/workouts/plan-audit";
import { planWorkoutWeek, type WorkoutPlanRequest } from "../src/workouts/workout-planner";
import { replaceWorkoutItem } from "../src/workouts/workout-replacement";
import { weekdaySubsets } from "../src/workouts/weekday-subsets";
import { findExerciseById, findExerciseByName } from "../src/workouts/exercise-library";
import { isEligibleFor } from "../src/workouts/exercise-eligibility";
import { COACH_BANDS, coachEntry, type CoachEntry, type CoachMuscle } from "./workout-coaching-map";

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** Checks a replacement against the rules: same body part, day, sets and reps; eligible; new to that day. */
function replacementViolations(
  plan: readonly WorkoutItem[],
  original: WorkoutItem,
  replacement: WorkoutItem,
  request: WorkoutPlanRequest,
): string[] {
  const exercise = findExerciseById(replacement.exerciseId);
  const problems: string[] = [];
  if (exercise === undefined) return [`replacement "${replacement.name}" is not in the library`];
  if (exercise.bodyPart !== original.bodyPart) problems.push("replacement changed the body part");
  if (
    !isEligibleFor(exercise, {
      level: request.level,
      equipment: owned(request),
      ageYears: request.ageYears ?? undefined,
    })
  )
    problems.push("replacement above level or outside equipment");
  if (
    replacement.day !== original.day ||
    replacement.sets !== original.sets ||
    replacement.reps !== original.reps
  ) {
    problems.push("replacement changed day, sets or reps");
  }
  if (
    plan.some((item) => item.day === original.day && item.name.toLowerCase() === exercise.name.toLowerCase())
  ) {
    problems.push("replacement is already on that day");
  }
  if (plan.some((item) => item.id === replacement.id)) problems.push("replacement id is not new");
  return problems;
}

/** What the user has, read from the request alone: everything in a gym; body weight plus the declaration at home. */
function owned(request: WorkoutPlanRequest): Equipment[] {
  if (request.workoutType === "GYM Workout")
    return [
      "body weight",
      "dumbbells",
      "resistance band",
      "kettlebell",
      "pull-up bar",
      "bench",
      "barbell",
      "machine",
      "cable",
    ];
  const declared = request.equipment ?? ["dumbbells", "resistance band"];
  return ["body weight", ...EQUIPMENT.filter((item) => declared.includes(item))];
}

/** The implement a swap should keep, from the library's equipment list: barbell, machine or cable, free weights, band, body weight. */
function implementClass(exercise: Exercise): string {
  const has = (item: string): boolean => exercise.equipment.some((piece) => piece === item);
  if (has("barbell")) return "barbell";
  if (has("machine") || has("cable")) return "machine or cable";
  if (has("dumbbells") || has("kettlebell")) return "free weights";
  if (has("pull-up bar")) return "body weight";
  if (has("resistance band")) return "band";
  return "body weight";
}

const MAJOR = new Set(["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes"]);

/** Major groups trained on two consecutive calendar days (Sunday → Monday too), from the items and the library. */
function countRecoveryViolations(items: readonly WorkoutItem[]): number {
  const groups = WEEKDAYS.map((day) => {
    const trained = new Set<string>();
    for (const item of items) {
      const exercise = item.day === day ? findExerciseById(item.exerciseId) : undefined;
      if (exercise === undefined || !MAJOR.has(exercise.bodyPart)) continue;
      trained.add(exercise.bodyPart);
      if (exercise.bodyPart === "Back" && exercise.pattern === "hinge")
        trained.add("Hamstrings").add("Glutes");
    }
    return trained;
  });
  let count = 0;
  for (const [index, today] of groups.entries()) {
    const tomorrow = groups[(index + 1) % 7] ?? new Set<string>();
    for (const group of today) if (tomorrow.has(group)) count += 1;
  }
  return count;
}

const daySets = weekdaySubsets(3, 6);
const EQUIPMENT_CHOICES: [WorkoutPlanRequest["workoutType"], string[] | null][] = [
  ["GYM Workout", null],
  ["Home Workout", null],
  ["Home Workout", []],
  ["Home Workout", ["dumbbells"]],
  ["Home Workout", ["resistance band"]],
  ["Home Workout", ["kettlebell"]],
  ["Home Workout", ["pull-up bar", "bench"]],
  ["Home Workout", ["kettlebell", "pull-up bar"]],
  ["Home Workout", ["dumbbells", "resistance band", "kettlebell", "pull-up bar", "bench"]],
];
const AGES = [16, 30, 50, 67, 80];
const requests: WorkoutPlanRequest[] = FITNESS_GOALS.flatMap((goal) =>
  EXPERIENCE_LEVELS.flatMap((level) =>
    EQUIPMENT_CHOICES.flatMap(([workoutType, equipment]) =>
      daySets.flatMap((days, index) =>
        AGES.map((ageYears) => ({
          goal,
          level,
          workoutType,
          equipment,
          ageYears,
          days,
          seed: 1000 + index * 7 + ageYears,
        })),
      ),
    ),
  ),
);

const TWICE_WEEKLY: readonly CoachMuscle[] = ["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes"];
const BANDED: readonly CoachMuscle[] = [...TWICE_WEEKLY, "Biceps", "Triceps"];
const LEGS: readonly CoachMuscle[] = ["Quads", "Hamstrings", "Glutes"];
const unmapped = new Set<string>();

function coach(name: string): CoachEntry | undefined {
  const entry = coachEntry(name);
  if (entry === undefined) unmapped.add(name);
  return entry;
}

function share(entry: CoachEntry, muscle: CoachMuscle): number {
  if (entry.prime.includes(muscle)) return 1;
  return entry.synergists.includes(muscle) ? 0.5 : 0;
}

/** Highest rep count a prescription allows ("8-12" → 12); undefined for timed work ("30 sec"). */
function topReps(reps: string): number | undefined {
  if (/sec/i.test(reps)) return undefined;
  const numbers = reps.match(/\d+/g)?.map(Number) ?? [];
  return numbers.length === 0 ? undefined : Math.max(...numbers);
}

interface CoachFigures {
  topTierOver65: number;
  topTierBeginner: number;
  sessionsOverCap: number;
  maxSessionSets: number;
  underTwice: number;
  outOfBand: number;
  bandChecks: number;
  finisherBreaks: number;
  plyoHypertrophy: number;
}

/** The coach's reading of one week, from the items and the coaching map alone. */
function coachWeek(request: WorkoutPlanRequest, items: readonly WorkoutItem[]): CoachFigures {
  const figures: CoachFigures = {
    topTierOver65: 0,
    topTierBeginner: 0,
    sessionsOverCap: 0,
    maxSessionSets: 0,
    underTwice: 0,
    outOfBand: 0,
    bandChecks: 0,
    finisherBreaks: 0,
    plyoHypertrophy: 0,
  };
  const cap = request.level === "Beginner" ? 20 : 24;
  const weekly = new Map<CoachMuscle, number>();
  const daysTrained = new Map<CoachMuscle, number>();
  const legsOn = WEEKDAYS.map(() => false);
  const legFinisherOn = WEEKDAYS.map(() => false);
  for (const [dayIndex, day] of WEEKDAYS.entries()) {
    const today = new Map<CoachMuscle, number>();
    let hardSets = 0;
    for (const item of items) {
      if (item.day !== day || item.kind !== "exercise") continue;
      const entry = coach(item.name);
      if (entry === undefined) continue;
      if (entry.topTier && (request.ageYears ?? 0) >= 65) figures.topTierOver65 += 1;
      if (entry.topTier && request.level === "Beginner") figures.topTierBeginner += 1;
      const top = topReps(item.reps);
      if (entry.plyo && top !== undefined && top > 6) figures.plyoHypertrophy += 1;
      if (entry.kind === "conditioning") {
        if (entry.legs) legFinisherOn[dayIndex] = true;
        continue;
      }
      if (entry.kind !== "strength") continue;
      hardSets += item.sets;
      for (const muscle of [...entry.prime, ...entry.synergists])
        today.set(muscle, (today.get(muscle) ?? 0) + item.sets * share(entry, muscle));
      if (entry.prime.some((muscle) => LEGS.includes(muscle))) legsOn[dayIndex] = true;
    }
    if (hardSets > cap) figures.sessionsOverCap += 1;
    figures.maxSessionSets = Math.max(figures.maxSessionSets, hardSets);
    for (const [muscle, sets] of today) {
      weekly.set(muscle, (weekly.get(muscle) ?? 0) + sets);
      if (sets >= 2) daysTrained.set(muscle, (daysTrained.get(muscle) ?? 0) + 1);
    }
  }
  // A leg-working finisher next to a day that trains legs (by its lifts or its own finisher) breaks the 48 h rule.
  for (const [dayIndex] of WEEKDAYS.entries()) {
    if (!legFinisherOn[dayIndex]) continue;
    for (const neighbour of [(dayIndex + 6) % 7, (dayIndex + 1) % 7])
      if (legsOn[neighbour] === true || legFinisherOn[neighbour] === true) figures.finisherBreaks += 1;
  }
  for (const muscle of TWICE_WEEKLY) if ((daysTrained.get(muscle) ?? 0) < 2) figures.underTwice += 1;
  const band = COACH_BANDS[request.goal]?.[request.level];
  for (const muscle of BANDED) {
    const sets = weekly.get(muscle) ?? 0;
    figures.bandChecks += 1;
    if (band !== undefined && (sets < band.min || sets > band.max)) figures.outOfBand += 1;
  }
  return figures;
}

// Warm the JIT and the per-day-set and per-equipment caches, as a running server has them.
for (const request of requests) planWorkoutWeek(request);

interface Row {
  plans: number;
  planMs: number[];
  replaceMs: number[];
  violations: number;
  outOfBand: number;
  groups: number;
}
const rows = new Map<string, Row>();
const planMs: number[] = [];
const replaceMs: number[] = [];
let violations = 0;
let outOfBand = 0;
let groupChecks = 0;
let recoveryViolations = 0;
let equipmentViolations = 0;
let highImpactFrom65 = 0;
let replacements = 0;
let sameEquipment = 0;
let samePrimeMover = 0;
let over65TopTierMoves = 0;
let beginnerTopTierMoves = 0;
let sessionsOverSetCap = 0;
let maxSessionHardSets = 0;
let muscleUnderTwicePerWeek = 0;
let coachOutOfBand = 0;
let coachBandChecks = 0;
let finisherRecoveryBreaks = 0;
let plyoAsHypertrophySets = 0;
let replacementsHarderFrom65 = 0;
const toSwap: { request: WorkoutPlanRequest; items: WorkoutItem[]; exercises: WorkoutItem[] }[] = [];
const examples: string[] = [];

for (const request of requests) {
  const started = performance.now();
  const outcome = planWorkoutWeek(request);
  const elapsed = performance.now() - started;
  const key = `${request.level.padEnd(12)} ${String(request.days.length).padStart(1)} days  ${request.workoutType === "GYM Workout" ? "gym" : `home ${(request.equipment ?? ["default"]).length}`}`;
  const row = rows.get(key) ?? {
    plans: 0,
    planMs: [],
    replaceMs: [],
    violations: 0,
    outOfBand: 0,
    groups: 0,
  };
  rows.set(key, row);
  row.plans += 1;
  row.planMs.push(elapsed);
  planMs.push(elapsed);
  if (!outcome.ok) {
    violations += 1;
    row.violations += 1;
    examples.push(`${JSON.stringify(request)}: ${outcome.error.message}`);
    continue;
  }
  const problems = auditWorkoutPlan(request, outcome.plan);
  const groups = 8;
  const outside = outOfBandMuscles(outcome.plan);
  const figures = coachWeek(request, outcome.plan.items);
  over65TopTierMoves += figures.topTierOver65;
  beginnerTopTierMoves += figures.topTierBeginner;
  sessionsOverSetCap += figures.sessionsOverCap;
  maxSessionHardSets = Math.max(maxSessionHardSets, figures.maxSessionSets);
  muscleUnderTwicePerWeek += figures.underTwice;
  coachOutOfBand += figures.outOfBand;
  coachBandChecks += figures.bandChecks;
  finisherRecoveryBreaks += figures.finisherBreaks;
  plyoAsHypertrophySets += figures.plyoHypertrophy;
  outOfBand += outside;
  groupChecks += groups;
  row.outOfBand += outside;
  row.groups += groups;

  recoveryViolations += countRecoveryViolations(outcome.plan.items);
  const have = owned(request);
  for (const item of outcome.plan.items) {
    const exercise = findExerciseById(item.exerciseId);
    if (exercise === undefined) continue;
    if (!exercise.equipment.every((piece) => have.includes(piece))) equipmentViolations += 1;
    if ((request.ageYears ?? 0) >= 65 && exercise.highImpact) highImpactFrom65 += 1;
  }

  const exercises = outcome.plan.items.filter(
    (item) => !["Warmup", "Cooldown", "Rest Day"].includes(item.bodyPart),
  );
  toSwap.push({ request, items: outcome.plan.items, exercises });
  const target = exercises[request.seed % exercises.length];
  if (target !== undefined) {
    const replaceStarted = performance.now();
    const replaced = replaceWorkoutItem({ ...request, plan: outcome.plan.items, itemId: target.id });
    const replaceElapsed = performance.now() - replaceStarted;
    replaceMs.push(replaceElapsed);
    row.replaceMs.push(replaceElapsed);
    if (replaced.ok)
      problems.push(...replacementViolations(outcome.plan.items, target, replaced.item, request));
    else problems.push(`replacement failed: ${replaced.error.message}`);
  }
  if (problems.length > 0) {
    violations += problems.length;
    row.violations += problems.length;
    examples.push(...problems.slice(0, 3).map((problem) => `${JSON.stringify(request)}: ${problem}`));
  }
}

// Every exercise of every plan replaced once (after the timed loop, so its garbage does not land in the timings).
for (const { request, items, exercises } of toSwap) {
  const have = owned(request);
  for (const item of exercises) {
    const swapped = replaceWorkoutItem({ ...request, plan: items, itemId: item.id });
    const before = findExerciseById(item.exerciseId);
    const after = swapped.ok ? findExerciseByName(swapped.item.name) : undefined;
    if (before === undefined) continue;
    replacements += 1;
    if (after !== undefined && implementClass(after) === implementClass(before)) sameEquipment += 1;
    // The main muscle (the coaching map's first prime mover) is still a prime mover of the swap.
    const main = coach(before.name)?.prime[0];
    const afterEntry = after === undefined ? undefined : coach(after.name);
    if (main === undefined || (afterEntry !== undefined && afterEntry.prime.includes(main)))
      samePrimeMover += 1;
    if ((request.ageYears ?? 0) >= 65 && afterEntry?.topTier === true && coach(before.name)?.topTier !== true)
      replacementsHarderFrom65 += 1;
    if (after !== undefined && !after.equipment.every((piece) => have.includes(piece)))
      equipmentViolations += 1;
  }
}

console.log("level        days  type          plans  p50 ms  p95 ms  repl p95 ms  violations  out of band %");
for (const [key, row] of rows) {
  console.log(
    `${key.padEnd(34)}${String(row.plans).padStart(5)}${percentile(row.planMs, 0.5).toFixed(3).padStart(8)}${percentile(
      row.planMs,
      0.95,
    )
      .toFixed(3)
      .padStart(
        8,
      )}${percentile(row.replaceMs, 0.95).toFixed(3).padStart(13)}${String(row.violations).padStart(12)}${(
      (100 * row.outOfBand) /
      Math.max(1, row.groups)
    )
      .toFixed(1)
      .padStart(15)}`,
  );
}
for (const example of examples.slice(0, 10)) console.log(`violation: ${example}`);
for (const name of unmapped) console.log(`not in the coaching map: ${name}`);
console.log(
  JSON.stringify({
    plans: requests.length,
    p50Ms: round(percentile(planMs, 0.5)),
    p95Ms: round(percentile(planMs, 0.95)),
    replaceP95Ms: round(percentile(replaceMs, 0.95)),
    violations,
    volumeOutOfBandPct: round((100 * outOfBand) / Math.max(1, groupChecks)),
    recoveryViolations,
    equipmentViolations,
    highImpactFrom65,
    replacementSameEquipmentPct: round((100 * sameEquipment) / Math.max(1, replacements)),
    over65TopTierMoves,
    beginnerTopTierMoves,
    sessionsOverSetCap,
    maxSessionHardSets,
    muscleUnderTwicePerWeek,
    fractionalSetsOutOfBandPct: round((100 * coachOutOfBand) / Math.max(1, coachBandChecks)),
    finisherRecoveryBreaks,
    plyoAsHypertrophySets,
    replacementSamePrimeMoverPct: round((100 * samePrimeMover) / Math.max(1, replacements)),
    replacementsToTopTierFrom65: replacementsHarderFrom65,
    unmappedExercises: unmapped.size,
  }),
);
