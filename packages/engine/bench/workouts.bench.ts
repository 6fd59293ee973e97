/*
 * Plans every goal × level × day set (all 3–6-day subsets of the week) × workout type, replaces one
 * exercise in each plan, audits every plan and prints a table plus one JSON summary line.
 * Run: npm run bench:workouts -w @fitwise/engine
 */
import { performance } from "node:perf_hooks";
import { FITNESS_GOALS } from "../src/profile.types";
import { EXPERIENCE_LEVELS, WORKOUT_TYPES, type WorkoutItem } from "../src/workouts/exercise.types";
import { MAJOR_MUSCLE_GROUPS } from "../src/workouts/training-prescription";
import { auditWorkoutPlan, outOfBandGroups } from "../src/workouts/plan-audit";
import { planWorkoutWeek, type WorkoutPlanRequest } from "../src/workouts/workout-planner";
import { replaceWorkoutItem } from "../src/workouts/workout-replacement";
import { weekdaySubsets } from "../src/workouts/weekday-subsets";
import { findExerciseByName } from "../src/workouts/exercise-library";
import { isEligible } from "../src/workouts/exercise-eligibility";

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
  const exercise = findExerciseByName(replacement["Workout Name"]);
  const problems: string[] = [];
  if (exercise === undefined) return [`replacement "${replacement["Workout Name"]}" is not in the library`];
  if (exercise.bodyPart !== original["Body Part Targeted"])
    problems.push("replacement changed the body part");
  if (!isEligible(exercise, request.level, request.workoutType))
    problems.push("replacement above level or outside equipment");
  if (
    replacement.Day !== original.Day ||
    replacement["No of Sets"] !== original["No of Sets"] ||
    replacement["No of Reps"] !== original["No of Reps"]
  ) {
    problems.push("replacement changed day, sets or reps");
  }
  if (
    plan.some(
      (item) =>
        item.Day === original.Day && item["Workout Name"].toLowerCase() === exercise.name.toLowerCase(),
    )
  ) {
    problems.push("replacement is already on that day");
  }
  if (plan.some((item) => item.id === replacement.id)) problems.push("replacement id is not new");
  return problems;
}

const daySets = weekdaySubsets(3, 6);
const requests: WorkoutPlanRequest[] = FITNESS_GOALS.flatMap((goal) =>
  EXPERIENCE_LEVELS.flatMap((level) =>
    WORKOUT_TYPES.flatMap((workoutType) =>
      daySets.map((days, index) => ({ goal, level, workoutType, days, seed: 1000 + index })),
    ),
  ),
);

// Warm the JIT so the first combinations are not charged for compilation.
for (const request of requests.slice(0, 200)) planWorkoutWeek(request);

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
const examples: string[] = [];

for (const request of requests) {
  const started = performance.now();
  const outcome = planWorkoutWeek(request);
  const elapsed = performance.now() - started;
  const key = `${request.level.padEnd(12)} ${String(request.days.length).padStart(1)} days  ${request.workoutType}`;
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
  const groups = Object.keys(MAJOR_MUSCLE_GROUPS).length;
  const outside = outOfBandGroups(outcome.plan);
  outOfBand += outside;
  groupChecks += groups;
  row.outOfBand += outside;
  row.groups += groups;

  const exercises = outcome.plan.items.filter(
    (item) => !["Warmup", "Cooldown", "Rest Day"].includes(item["Body Part Targeted"]),
  );
  const target = exercises[request.seed % exercises.length];
  if (target !== undefined) {
    const replaceStarted = performance.now();
    const replaced = replaceWorkoutItem({
      plan: outcome.plan.items,
      itemId: target.id,
      level: request.level,
      workoutType: request.workoutType,
      seed: request.seed,
    });
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
console.log(
  JSON.stringify({
    plans: requests.length,
    p50Ms: round(percentile(planMs, 0.5)),
    p95Ms: round(percentile(planMs, 0.95)),
    replaceP95Ms: round(percentile(replaceMs, 0.95)),
    violations,
    volumeOutOfBandPct: round((100 * outOfBand) / Math.max(1, groupChecks)),
  }),
);
