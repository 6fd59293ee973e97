import { describe, expect, it } from "vitest";
import { FITNESS_GOALS } from "../profile.types";
import {
  EXERCISE_LIBRARY,
  exerciseIdOf,
  exerciseNameKey,
  findExerciseById,
  findExerciseByName,
} from "./exercise-library";
import { allowedEquipment, isEligible, isEligibleFor } from "./exercise-eligibility";
import { EXPERIENCE_LEVELS, WORKOUT_TYPES, type WorkoutItem } from "./exercise.types";
import { planWorkoutWeek, type WorkoutPlanRequest } from "./workout-planner";
import { replaceWorkoutItem, replacementClass, workoutAlternatives } from "./workout-replacement";
import { weekdaySubsets } from "./weekday-subsets";
import { youtubeSearchLink } from "./workout-items";

function plan(request: WorkoutPlanRequest): WorkoutItem[] {
  const outcome = planWorkoutWeek(request);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.plan.items;
}

const NOT_REPLACEABLE = new Set(["Warmup", "Cooldown", "Rest Day"]);

describe("replaceWorkoutItem over every combination", () => {
  it(
    "swaps every exercise of every plan within its body part, level, equipment and day, keeping the equipment class where the library allows",
    { timeout: 120_000 },
    () => {
      const problems: string[] = [];
      let replaced = 0;
      let sameClass = 0;
      for (const goal of FITNESS_GOALS) {
        for (const level of EXPERIENCE_LEVELS) {
          for (const workoutType of WORKOUT_TYPES) {
            for (const [index, days] of weekdaySubsets(3, 6).entries()) {
              const equipment =
                workoutType === "Home Workout" && index % 2 === 1 ? ["kettlebell", "pull-up bar"] : null;
              const items = plan({ goal, level, workoutType, days, equipment, seed: index });
              const owned = allowedEquipment(workoutType, equipment);
              const ids = new Set(items.map((other) => other.id));
              for (const item of items) {
                if (NOT_REPLACEABLE.has(item.bodyPart)) continue;
                const label = `${goal}/${level}/${workoutType}/${days.join()}: ${item.name}`;
                const outcome = replaceWorkoutItem({
                  plan: items,
                  itemId: item.id,
                  level,
                  workoutType,
                  equipment,
                  seed: index + 1,
                });
                if (!outcome.ok) {
                  problems.push(`${label}: ${outcome.error.message}`);
                  continue;
                }
                replaced += 1;
                const replacement = outcome.item;
                const exercise = findExerciseById(replacement.exerciseId);
                const original = findExerciseById(item.exerciseId);
                if (exercise === undefined || original === undefined) {
                  problems.push(`${label}: unknown replacement ${replacement.name}`);
                  continue;
                }
                const sameDay = items
                  .filter((other) => other.day === item.day)
                  .map((other) => exerciseNameKey(other.name));
                const keepsPrime = (other: typeof original): boolean =>
                  original.primeMovers.every((muscle) => other.primeMovers.includes(muscle));
                // Prime movers rank first, then the class; an 8–12-rep slot never becomes power work.
                const classLeft = EXERCISE_LIBRARY.some(
                  (other) =>
                    other.bodyPart === exercise.bodyPart &&
                    keepsPrime(other) === keepsPrime(exercise) &&
                    (!other.power || original.power) &&
                    replacementClass(other) === replacementClass(original) &&
                    isEligibleFor(other, { level, equipment: owned }) &&
                    !sameDay.includes(exerciseNameKey(other.name)),
                );
                if (replacementClass(exercise) === replacementClass(original)) sameClass += 1;
                const primeLeft = EXERCISE_LIBRARY.some(
                  (other) =>
                    other.bodyPart === exercise.bodyPart &&
                    keepsPrime(other) &&
                    (!other.power || original.power) &&
                    isEligibleFor(other, { level, equipment: owned }) &&
                    !sameDay.includes(exerciseNameKey(other.name)),
                );
                const checks: [boolean, string][] = [
                  [keepsPrime(exercise) || !primeLeft, "prime mover"],
                  [!exercise.power || original.power, "power work in a hypertrophy slot"],
                  [
                    replacement.bodyPart === item.bodyPart && exercise.bodyPart === item.bodyPart,
                    "body part",
                  ],
                  [exercise.equipment.every((piece) => owned.includes(piece)), "equipment"],
                  [isEligibleFor(exercise, { level, equipment: owned }), "level"],
                  [replacement.day === item.day, "day"],
                  [replacement.sets === item.sets && replacement.reps === item.reps, "sets or reps"],
                  [replacement.videoUrl === youtubeSearchLink(exercise.name), "video link"],
                  [!sameDay.includes(exerciseNameKey(exercise.name)), "already on that day"],
                  [!ids.has(replacement.id), "id not new"],
                  // A different equipment class only when none of the class was left.
                  [
                    replacementClass(exercise) === replacementClass(original) || !classLeft,
                    "equipment class",
                  ],
                ];
                for (const [ok, rule] of checks)
                  if (!ok) problems.push(`${label} → ${exercise.name}: ${rule}`);
              }
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(replaced).toBeGreaterThan(10_000);
      expect(sameClass / replaced).toBeGreaterThan(0.95);
    },
  );
});

describe("workoutAlternatives", () => {
  const request: WorkoutPlanRequest = {
    goal: "Gain Muscle Mass",
    level: "Intermediate",
    days: ["Monday", "Wednesday", "Friday", "Saturday"],
    workoutType: "GYM Workout",
    seed: 21,
  };
  const items = plan(request);
  const target = items.find((item) => item.bodyPart === "Chest");
  const base = { plan: items, level: request.level, workoutType: request.workoutType, seed: 4 };

  it("offers three different alternatives, the first being the one-click replacement", () => {
    const outcome = workoutAlternatives({ ...base, itemId: target?.id ?? "" });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const names = outcome.alternatives.map((item) => item.name);
    const ids = outcome.alternatives.map((item) => item.exerciseId);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    const oneClick = replaceWorkoutItem({ ...base, itemId: target?.id ?? "" });
    expect(oneClick.ok && oneClick.item).toEqual(outcome.alternatives[0]);
    const chosen = replaceWorkoutItem({ ...base, itemId: target?.id ?? "", choiceExerciseId: ids[2] });
    expect(chosen.ok && chosen.item).toEqual(outcome.alternatives[2]);
    const stale = replaceWorkoutItem({
      ...base,
      itemId: target?.id ?? "",
      choiceExerciseId: "underwater-press",
    });
    expect(stale.ok ? "" : stale.error.code).toBe("choice_unavailable");
  });

  it("never brings back an exercise replaced away that week, over five successive replacements", () => {
    for (const original of items.filter((item) => !NOT_REPLACEABLE.has(item.bodyPart))) {
      let week = items;
      let current = original;
      const replacedAwayIds: string[] = [];
      for (let round = 0; round < 5; round += 1) {
        const outcome = replaceWorkoutItem({
          ...base,
          plan: week,
          itemId: current.id,
          replacedAwayIds,
          seed: round,
        });
        if (!outcome.ok) break;
        replacedAwayIds.push(current.exerciseId);
        expect(replacedAwayIds).not.toContain(outcome.item.exerciseId);
        week = week.map((item) => (item.id === current.id ? outcome.item : item));
        current = outcome.item;
      }
      expect(replacedAwayIds.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("keeps to the declared home equipment and keeps a balance drill a balance drill from 65", () => {
    const home: WorkoutPlanRequest = {
      ...request,
      level: "Beginner",
      workoutType: "Home Workout",
      equipment: ["resistance band"],
      ageYears: 70,
    };
    const week = plan(home);
    for (const item of week.filter((entry) => !NOT_REPLACEABLE.has(entry.bodyPart))) {
      const outcome = workoutAlternatives({ ...home, plan: week, itemId: item.id });
      if (!outcome.ok) throw new Error(outcome.error.message);
      for (const alternative of outcome.alternatives) {
        const exercise = findExerciseById(alternative.exerciseId);
        expect(exercise?.equipment.every((piece) => ["body weight", "resistance band"].includes(piece))).toBe(
          true,
        );
        expect(exercise?.highImpact).toBe(false);
        if (findExerciseById(item.exerciseId)?.balance) expect(exercise?.balance).toBe(true);
      }
    }
  });
});

describe("replaceWorkoutItem", () => {
  const request: WorkoutPlanRequest = {
    goal: "Lose Weight",
    level: "Beginner",
    days: ["Monday", "Thursday", "Saturday"],
    workoutType: "Home Workout",
    seed: 3,
  };
  const items = plan(request);
  const exerciseItem = items.find((item) => !NOT_REPLACEABLE.has(item.bodyPart));
  const base = { plan: items, level: request.level, workoutType: request.workoutType, seed: 9 };

  it("is deterministic for a seed", () => {
    const itemId = exerciseItem?.id ?? "";
    expect(replaceWorkoutItem({ ...base, itemId })).toEqual(replaceWorkoutItem({ ...base, itemId }));
  });

  it.each(["Warmup", "Cooldown"])("refuses to replace a %s entry", (kind) => {
    const target = items.find((item) => item.bodyPart === kind);
    const outcome = replaceWorkoutItem({ ...base, itemId: target?.id ?? "" });
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: "not_replaceable",
        message: `The ${kind.toLowerCase()} on Monday cannot be replaced; only exercises can.`,
      },
    });
  });

  it("refuses to replace a rest day", () => {
    const rest = items.find((item) => item.name === "Rest Day");
    const outcome = replaceWorkoutItem({ ...base, itemId: rest?.id ?? "" });
    expect(outcome.ok ? "" : outcome.error.code).toBe("not_replaceable");
    expect(outcome.ok ? "" : outcome.error.message).toContain("rest day");
  });

  it("reports an unknown item id", () => {
    expect(replaceWorkoutItem({ ...base, itemId: "nope" })).toEqual({
      ok: false,
      error: { code: "item_not_found", message: 'No workout item with id "nope" is in this plan.' },
    });
  });

  it("says so when every alternative is already on that day", () => {
    const calves = EXERCISE_LIBRARY.filter(
      (exercise) => exercise.bodyPart === "Calves" && isEligible(exercise, "Beginner", "Home Workout"),
    );
    const day: WorkoutItem[] = calves.map((exercise, index) => ({
      id: `c${index}`,
      day: "Monday",
      kind: "exercise",
      exerciseId: exercise.id,
      name: exercise.name,
      bodyPart: "Calves",
      videoUrl: youtubeSearchLink(exercise.name),
      sets: 3,
      reps: "12-15",
    }));
    const outcome = replaceWorkoutItem({ ...base, plan: day, itemId: "c0" });
    expect(outcome.ok ? "" : outcome.error.code).toBe("no_alternative");
    const sole = replaceWorkoutItem({
      ...base,
      plan: day.slice(0, 1),
      itemId: "c0",
      replacedAwayIds: calves.slice(1).map((exercise) => exercise.id),
    });
    expect(sole.ok ? "" : sole.error.message).toContain("replaced this week");
  });

  it("uses the labelled body part for an exercise the library does not know", () => {
    const custom: WorkoutItem = {
      id: "x1",
      day: "Tuesday",
      kind: "exercise",
      exerciseId: exerciseIdOf("Coach's Special Press"),
      name: "Coach's Special Press",
      bodyPart: "Shoulders",
      videoUrl: "",
      sets: 3,
      reps: "10",
    };
    const outcome = replaceWorkoutItem({ ...base, plan: [custom], itemId: "x1" });
    expect(outcome.ok && findExerciseByName(outcome.item.name)?.bodyPart).toBe("Shoulders");
    const unknown = replaceWorkoutItem({
      ...base,
      plan: [{ ...custom, bodyPart: "Forearms" }],
      itemId: "x1",
    });
    expect(unknown.ok ? "" : unknown.error.code).toBe("unknown_body_part");
  });
});
