import { describe, expect, it } from "vitest";
import { EXERCISE_LIBRARY, findExerciseByName } from "./exercise-library";
import { allowedEquipment, equipmentClass, isEligible, isEligibleFor } from "./exercise-eligibility";
import {
  EQUIPMENT,
  EXPERIENCE_LEVELS,
  DEFAULT_HOME_EQUIPMENT,
  TRAINING_BODY_PARTS,
  WORKOUT_TYPES,
} from "./exercise.types";
import { DAY_TEMPLATES } from "./training-splits";

const TRAINING = EXERCISE_LIBRARY.filter(
  (exercise) => exercise.bodyPart !== "Warmup" && exercise.bodyPart !== "Cooldown",
);

/** Most slots one day gives a body part: a pool needs that many plus one spare for replacement. */
function maxSlotsPerDay(part: string): number {
  return Math.max(
    ...Object.values(DAY_TEMPLATES).map(
      (slots) => slots.filter((slot) => slot.parts.includes(part as never)).length,
    ),
  );
}

describe("EXERCISE_LIBRARY", () => {
  it("holds at least 150 training exercises plus warm-up and cool-down entries", () => {
    expect(TRAINING.length).toBeGreaterThanOrEqual(150);
    expect(EXERCISE_LIBRARY.some((exercise) => exercise.bodyPart === "Warmup")).toBe(true);
    expect(EXERCISE_LIBRARY.some((exercise) => exercise.bodyPart === "Cooldown")).toBe(true);
  });

  it("has unique ids and names, known equipment and cues for every entry", () => {
    expect(new Set(EXERCISE_LIBRARY.map((exercise) => exercise.id)).size).toBe(EXERCISE_LIBRARY.length);
    expect(new Set(EXERCISE_LIBRARY.map((exercise) => exercise.name.toLowerCase())).size).toBe(
      EXERCISE_LIBRARY.length,
    );
    for (const exercise of EXERCISE_LIBRARY) {
      expect(exercise.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(exercise.equipment.length).toBeGreaterThan(0);
      expect(exercise.equipment.every((item) => EQUIPMENT.includes(item))).toBe(true);
      expect(exercise.cues.length).toBeGreaterThan(0);
    }
  });

  it("makes anything that needs gym equipment gym-only", () => {
    const benchWork = EXERCISE_LIBRARY.filter((exercise) => exercise.equipment.includes("bench"));
    expect(benchWork.length).toBeGreaterThan(0);
    for (const exercise of benchWork) expect(isEligible(exercise, "Advanced", "Home Workout")).toBe(false);
    expect(allowedEquipment("Home Workout")).toEqual(["body weight", ...DEFAULT_HOME_EQUIPMENT]);
    expect(allowedEquipment("Home Workout", ["kettlebell", "bench", "barbell"])).toEqual([
      "body weight",
      "kettlebell",
      "bench",
    ]);
    expect(allowedEquipment("GYM Workout")).toEqual(EQUIPMENT);
  });

  it("keeps outgrown regressions away from higher levels and harder work away from beginners", () => {
    const assisted = findExerciseByName("Band Assisted Pull-Up");
    const pistol = findExerciseByName("Pistol Squat");
    const withBar = allowedEquipment("Home Workout", ["pull-up bar", "resistance band"]);
    expect(assisted && isEligibleFor(assisted, { level: "Beginner", equipment: withBar })).toBe(true);
    expect(assisted && isEligibleFor(assisted, { level: "Advanced", equipment: withBar })).toBe(false);
    expect(pistol && isEligible(pistol, "Intermediate", "Home Workout")).toBe(false);
    expect(pistol && isEligible(pistol, "Advanced", "Home Workout")).toBe(true);
  });

  it.each(
    TRAINING_BODY_PARTS.flatMap((part) =>
      WORKOUT_TYPES.flatMap((type) => EXPERIENCE_LEVELS.map((level) => ({ part, type, level }))),
    ),
  )("has enough $level $part exercises for a $type to plan and replace", ({ part, type, level }) => {
    const pool = EXERCISE_LIBRARY.filter(
      (exercise) => exercise.bodyPart === part && isEligible(exercise, level, type),
    );
    expect(pool.length).toBeGreaterThanOrEqual(Math.max(4, maxSlotsPerDay(part) + 2));
  });

  it("gives every training exercise a specific movement pattern and an equipment class", () => {
    for (const exercise of TRAINING) {
      const generic = ["mobility"];
      expect(generic, exercise.name).not.toContain(exercise.pattern);
    }
    const pattern = (name: string) => findExerciseByName(name)?.pattern;
    expect(pattern("Barbell Deadlift")).toBe("hinge");
    expect(pattern("Pullups")).toBe("vertical pull");
    expect(pattern("Seated Cable Rows")).toBe("horizontal pull");
    expect(pattern("Bulgarian Split Squat")).toBe("lunge");
    expect(pattern("Face Pull")).toBe("rear delt");
    const assisted = findExerciseByName("Band Assisted Pull-Up");
    const bench = findExerciseByName("Dumbbell Bench Press");
    expect(assisted && equipmentClass(assisted)).toBe("pull-up bar");
    expect(bench && equipmentClass(bench)).toBe("dumbbells");
  });

  it("marks jumps, sprints and burpees high-impact and has balance drills for older adults", () => {
    for (const name of [
      "Burpee",
      "Jumping Jacks",
      "Mountain Climbers",
      "Plyo Push-Up",
      "Freehand Jump Squat",
    ])
      expect(findExerciseByName(name)?.highImpact, name).toBe(true);
    expect(findExerciseByName("Goblet Squat")?.highImpact).toBe(false);
    const balance = TRAINING.filter((exercise) => exercise.balance);
    expect(balance.length).toBeGreaterThanOrEqual(3);
    for (const exercise of balance) {
      expect(exercise.equipment).toEqual(["body weight"]);
      expect(isEligibleFor(exercise, { level: "Beginner", equipment: ["body weight"], ageYears: 85 })).toBe(
        true,
      );
    }
    const jacks = findExerciseByName("Jumping Jacks");
    expect(
      jacks && isEligibleFor(jacks, { level: "Beginner", equipment: ["body weight"], ageYears: 64 }),
    ).toBe(true);
    expect(
      jacks && isEligibleFor(jacks, { level: "Beginner", equipment: ["body weight"], ageYears: 65 }),
    ).toBe(false);
  });

  it("finds exercises by name regardless of case, spacing and punctuation", () => {
    expect(findExerciseByName("push-up")?.name).toBe("Push-Up");
    expect(findExerciseByName("  PUSH UP ")?.name).toBe("Push-Up");
    expect(findExerciseByName("barbell-bench-press")?.name).toBe("Barbell Bench Press");
    expect(findExerciseByName("Underwater Basket Weaving")).toBeUndefined();
  });
});
