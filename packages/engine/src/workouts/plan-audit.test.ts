import { describe, expect, it } from "vitest";
import { exerciseIdOf, findExerciseById } from "./exercise-library";
import { auditWorkoutPlan, outOfBandMuscles, recoveryViolations } from "./plan-audit";
import type { WorkoutItem } from "./exercise.types";
import { planWorkoutWeek, type WorkoutPlan, type WorkoutPlanRequest } from "./workout-planner";

const request: WorkoutPlanRequest = {
  goal: "Gain Muscle Mass",
  level: "Intermediate",
  days: ["Monday", "Wednesday", "Friday", "Saturday"],
  workoutType: "Home Workout",
  seed: 11,
};

function basePlan(): WorkoutPlan {
  const outcome = planWorkoutWeek(request);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.plan;
}

function withItems(plan: WorkoutPlan, edit: (items: WorkoutItem[]) => WorkoutItem[]): WorkoutPlan {
  return { ...plan, items: edit(plan.items.map((item) => ({ ...item }))) };
}

const firstExerciseIndex = (items: readonly WorkoutItem[]): number =>
  items.findIndex((item) => item.day === "Monday" && item.bodyPart !== "Warmup");

describe("auditWorkoutPlan", () => {
  it("passes a plan from the planner", () => {
    expect(auditWorkoutPlan(request, basePlan())).toEqual([]);
  });

  it("catches a gym-only exercise in a home plan", () => {
    const plan = withItems(basePlan(), (items) => {
      const index = firstExerciseIndex(items);
      const item = items[index];
      if (item)
        items[index] = {
          ...item,
          exerciseId: exerciseIdOf("Barbell Bench Press"),
          name: "Barbell Bench Press",
          bodyPart: "Chest",
        };
      return items;
    });
    expect(auditWorkoutPlan(request, plan).join("\n")).toMatch(
      /Barbell Bench Press.*needs equipment the user lacks/,
    );
  });

  it("catches a missing warm-up, a repeated id, unsorted days and a wrong rest day", () => {
    const plan = withItems(basePlan(), (items) => {
      const rest = items.find((item) => item.day === "Tuesday");
      if (rest) rest.sets = 1;
      const [first, second, ...others] = items.filter(
        (item) => item.bodyPart !== "Warmup" || item.day !== "Monday",
      );
      if (!first || !second) return items;
      return [second, { ...first, id: second.id }, ...others];
    });
    const violations = auditWorkoutPlan(request, plan).join("\n");
    expect(violations).toMatch(/Monday does not start with a 1 × 1 Warmup/);
    expect(violations).toMatch(/repeated/);
    expect(violations).toMatch(/Tuesday is not chosen/);
  });

  it("catches an exercise twice on one day, isolation before compound and volume out of band", () => {
    const plan = withItems(basePlan(), (items) => {
      const start = firstExerciseIndex(items);
      const compound = items[start];
      const isolation = items.find((item) => item.day === "Monday" && item.bodyPart === "Biceps");
      if (!compound || !isolation) return items;
      items.splice(start, 0, { ...isolation, id: "extra-1" }, { ...compound, id: "extra-2", sets: 4 });
      return items;
    });
    const violations = auditWorkoutPlan(request, plan).join("\n");
    expect(violations).toMatch(/appears twice/);
    expect(violations).toMatch(/comes after an isolation/);
    expect(violations).toMatch(/items add up to/);
  });

  it("catches a major group trained on consecutive days, Sunday into Monday included", () => {
    const sundayRequest: WorkoutPlanRequest = {
      ...request,
      days: ["Monday", "Wednesday", "Friday", "Sunday"],
    };
    const outcome = planWorkoutWeek({ ...sundayRequest, seed: 3 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(auditWorkoutPlan(sundayRequest, outcome.plan)).toEqual([]);
    const monday = outcome.plan.items.find(
      (item) => item.day === "Monday" && ["Chest", "Back", "Quads"].includes(item.bodyPart),
    );
    if (monday === undefined) throw new Error("Monday has no major-group exercise");
    const clash = withItems(outcome.plan, (items) => {
      const index = items.findIndex((item) => item.day === "Sunday" && item.bodyPart !== "Warmup");
      const sunday = items[index];
      if (sunday)
        items[index] = {
          ...sunday,
          exerciseId: monday.exerciseId,
          name: monday.name,
          bodyPart: monday.bodyPart,
        };
      return items;
    });
    expect(recoveryViolations(clash.items).join()).toMatch(
      new RegExp(`${monday.bodyPart} is trained on Sunday and again on Monday`),
    );
    expect(recoveryViolations(outcome.plan.items)).toEqual([]);
  });

  it("catches high-impact work and a missing balance drill from 65", () => {
    const older: WorkoutPlanRequest = { ...request, ageYears: 70 };
    const outcome = planWorkoutWeek(older);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(auditWorkoutPlan(older, outcome.plan)).toEqual([]);
    const jumpy = withItems(outcome.plan, (items) =>
      items.map((item) =>
        findExerciseById(item.exerciseId)?.balance === true && item.day === "Monday"
          ? { ...item, exerciseId: exerciseIdOf("Jumping Jacks"), name: "Jumping Jacks", bodyPart: "Cardio" }
          : item,
      ),
    );
    const violations = auditWorkoutPlan(older, jumpy).join("\n");
    expect(violations).toMatch(/Jumping Jacks.*high-impact/);
    expect(violations).toMatch(/Monday has no balance exercise/);
  });

  it("catches a top-tier exercise from 65, a third push-up variant and an over-full session", () => {
    const older: WorkoutPlanRequest = { ...request, level: "Advanced", ageYears: 80 };
    const outcome = planWorkoutWeek(older);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(auditWorkoutPlan(older, outcome.plan)).toEqual([]);
    const swap = (item: WorkoutItem, name: string, bodyPart: string, sets = item.sets): WorkoutItem => ({
      ...item,
      exerciseId: exerciseIdOf(name),
      name,
      bodyPart,
      sets,
    });
    const edited = withItems(outcome.plan, (items) => {
      const monday = items.filter((item) => item.day === "Monday" && item.kind === "exercise");
      const [first, second, third, fourth] = monday;
      return items.map((item) => {
        if (item === first) return swap(item, "Pistol Squat", "Quads", 5);
        if (item === second) return swap(item, "Push-Up", "Chest", 5);
        if (item === third) return swap(item, "Wide-Grip Push-Up", "Chest", 5);
        if (item === fourth) return swap(item, "Incline Push-Up Close-Grip", "Triceps", 5);
        return item.day === "Monday" && item.kind === "exercise" ? { ...item, sets: 5 } : item;
      });
    });
    const violations = auditWorkoutPlan(older, edited).join("\n");
    expect(violations).toMatch(/Pistol Squat" is tier 3, above tier 2/);
    expect(violations).toMatch(/over the 20-set session cap/);
    expect(violations).toMatch(/Monday: 3 push-up variants in one session/);
  });

  it("counts muscles outside the band from the items", () => {
    expect(outOfBandMuscles(basePlan())).toBe(0);
    const padded = withItems(basePlan(), (items) =>
      items.map((item) => (item.bodyPart === "Biceps" ? { ...item, sets: 30 } : item)),
    );
    expect(outOfBandMuscles(padded)).toBe(1);
  });
});
