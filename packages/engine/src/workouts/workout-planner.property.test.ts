import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FITNESS_GOALS } from "../profile.types";
import { findExerciseById } from "./exercise-library";
import { allowedEquipment } from "./exercise-eligibility";
import { EXPERIENCE_LEVELS, HOME_EQUIPMENT_CHOICES, type HomeEquipment } from "./exercise.types";
import { auditWorkoutPlan, formatPlan, recoveryViolations } from "./plan-audit";
import { BANDED_MUSCLES } from "./training-prescription";
import { planWorkoutWeek, type WorkoutPlanRequest } from "./workout-planner";
import { weekdaySubsets } from "./weekday-subsets";
import { coachFindings } from "./workout-oracle.fixture";

/*
 * The property: over every 3–6-day weekday set, level, goal, home (with every subset of the
 * home equipment) or gym, and ages 13–85, a plan has no major group on consecutive days, nothing
 * needing equipment the user lacks, nothing high-impact from 65, no exercise above the person's tier
 * (beginners tier 1, intermediates 2, from 65 never 3), no session over its hard-set cap (20 for
 * beginners, 24 otherwise), at most two variants of one movement pattern (or two push-ups) a session,
 * and no muscle over its weekly band. The audit reads each item back from the exercise library, not from
 * the planner's own notes; the headline rules are recounted here as well, and an independent coach's reading
 * (workout-oracle.fixture.ts: its own muscle and equipment maps from the names) judges every week too.
 */

const DAY_SETS = weekdaySubsets(3, 6);
const EQUIPMENT_SETS: (readonly HomeEquipment[] | null)[] = [
  null,
  ...Array.from({ length: 1 << HOME_EQUIPMENT_CHOICES.length }, (_, mask) =>
    HOME_EQUIPMENT_CHOICES.filter((_, index) => (mask & (1 << index)) !== 0),
  ),
];
/** Ages at each boundary the planner knows (13, under 18, 18, 64, 65) and the ends of the range. */
const AGES = [13, 17, 18, 35, 64, 65, 72, 85];

function check(request: WorkoutPlanRequest): string[] {
  const outcome = planWorkoutWeek(request);
  if (!outcome.ok) return [`${JSON.stringify(request)}: ${outcome.error.message}`];
  const { plan } = outcome;
  const problems = [...auditWorkoutPlan(request, plan)];
  // Independent of the audit's wording: recount the three headline rules straight from the library.
  const owned = allowedEquipment(request.workoutType, request.equipment);
  for (const item of plan.items) {
    const exercise = findExerciseById(item.exerciseId);
    if (exercise === undefined) continue;
    if (!exercise.equipment.every((piece) => owned.includes(piece)))
      problems.push(`${item.day}: ${exercise.name} needs ${exercise.equipment.join(" + ")}`);
    if ((request.ageYears ?? 0) >= 65 && exercise.highImpact)
      problems.push(`${item.day}: ${exercise.name} is high-impact at ${request.ageYears}`);
  }
  problems.push(...recoveryViolations(plan.items));
  // And read as a coach would, from the names on the screen and the calendar alone (workout-oracle.fixture.ts).
  problems.push(...coachFindings(request, plan.items));
  for (const muscle of BANDED_MUSCLES) {
    if (plan.weeklyHardSets[muscle] > plan.volumeBand.max)
      problems.push(`${muscle}: ${plan.weeklyHardSets[muscle]} weekly sets`);
  }
  const age = request.ageYears ?? 0;
  const levelTier = request.level === "Beginner" ? 1 : request.level === "Intermediate" ? 2 : 3;
  const maxTier = age >= 65 ? Math.min(levelTier, 2) : levelTier;
  const cap = request.level === "Beginner" ? 20 : 24;
  for (const day of request.days) {
    const exercises = plan.items
      .filter((item) => item.day === day && item.kind === "exercise")
      .map((item) => ({ item, exercise: findExerciseById(item.exerciseId) }));
    let hardSets = 0;
    const variants = new Map<string, number>();
    for (const { item, exercise } of exercises) {
      if (exercise === undefined) continue;
      if (exercise.tier > maxTier)
        problems.push(`${day}: ${exercise.name} is tier ${exercise.tier} for a ${request.level} aged ${age}`);
      const conditioning = exercise.bodyPart === "Cardio" || exercise.bodyPart === "Full Body";
      if (!conditioning && !exercise.balance) hardSets += item.sets;
      const families = /push-?ups?\b/i.test(exercise.name)
        ? [exercise.pattern, "push-up"]
        : [exercise.pattern];
      if (!conditioning) for (const family of families) variants.set(family, (variants.get(family) ?? 0) + 1);
    }
    if (hardSets > cap) problems.push(`${day}: ${hardSets} hard sets`);
    for (const [family, count] of variants)
      if (count > 2) problems.push(`${day}: ${count} ${family} variants`);
  }
  return problems.length === 0
    ? []
    : [`${JSON.stringify(request)}\n${problems.join("\n")}\n${formatPlan(plan.items)}`];
}

describe("planWorkoutWeek keeps recovery, equipment, age and volume rules", () => {
  it("covers 98 day sets and 33 equipment choices", () => {
    expect(DAY_SETS.length).toBe(98);
    expect(EQUIPMENT_SETS.length).toBe(33);
  });

  it(
    "for every day set × level × goal × gym or home equipment set, at an age cycling over 13–85",
    { timeout: 300_000 },
    () => {
      const failures: string[] = [];
      let count = 0;
      for (const [dayIndex, days] of DAY_SETS.entries()) {
        for (const level of EXPERIENCE_LEVELS) {
          for (const goal of FITNESS_GOALS) {
            for (const [equipmentIndex, equipment] of EQUIPMENT_SETS.entries()) {
              count += 1;
              failures.push(
                ...check({
                  goal,
                  level,
                  days,
                  workoutType: equipment === null ? "GYM Workout" : "Home Workout",
                  equipment,
                  ageYears: AGES[(dayIndex + equipmentIndex + count) % AGES.length],
                  seed: count,
                }),
              );
              if (failures.length > 3) break;
            }
          }
        }
      }
      expect(failures.slice(0, 3).join("\n\n")).toBe("");
      expect(count).toBe(98 * 3 * 2 * 33);
    },
  );

  it("for random combinations, ages 13–85 and seeds", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        fc.record({
          days: fc.constantFrom(...DAY_SETS),
          level: fc.constantFrom(...EXPERIENCE_LEVELS),
          goal: fc.constantFrom(...FITNESS_GOALS),
          equipment: fc.constantFrom(...EQUIPMENT_SETS),
          ageYears: fc.integer({ min: 13, max: 85 }),
          seed: fc.integer({ min: 0, max: 0xffffffff }),
        }),
        ({ equipment, ...rest }) => {
          const failures = check({
            ...rest,
            equipment,
            workoutType: equipment === null ? "GYM Workout" : "Home Workout",
          });
          expect(failures.join("\n\n")).toBe("");
        },
      ),
      { seed: 12, numRuns: 2000 },
    );
  });
});
