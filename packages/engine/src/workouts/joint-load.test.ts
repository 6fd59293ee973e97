import { describe, expect, it } from "vitest";
import { EXERCISE_LIBRARY, findExerciseByName } from "./exercise-library";
import { EXPERIENCE_LEVELS, WEEKDAYS, WORKOUT_TYPES } from "./exercise.types";
import { JOINTS, loadsJoint } from "./joint-load";
import { planWorkoutWeek } from "./workout-planner";
import { replaceWorkoutItem } from "./workout-replacement";

const named = (name: string) => {
  const exercise = findExerciseByName(name);
  if (exercise === undefined) throw new Error(`${name} is not in the library`);
  return exercise;
};

describe("loadsJoint", () => {
  it.each([
    ["Goblet Squat", "knee"],
    ["Dumbbell Lunges", "knee"],
    ["Barbell Deadlift", "lower back"],
    ["Bent Over Two-Dumbbell Row", "lower back"],
    ["Standing Dumbbell Press", "shoulder"],
    ["Push-Up", "wrist"],
    ["Hammer Curls", "elbow"],
    ["Bodyweight Calf Raise", "ankle"],
  ] as const)("%s loads the %s", (name, joint) => {
    expect(loadsJoint(named(name), joint)).toBe(true);
  });

  it.each([
    ["Glute Bridge", "knee"],
    ["Seated Cable Rows", "lower back"],
    ["Leg Extensions", "shoulder"],
    ["Dead Bug", "wrist"],
  ] as const)("%s spares the %s", (name, joint) => {
    expect(loadsJoint(named(name), joint)).toBe(false);
  });

  it("leaves every joint some training exercises to plan with", () => {
    for (const joint of JOINTS)
      expect(EXERCISE_LIBRARY.filter((exercise) => !loadsJoint(exercise, joint)).length).toBeGreaterThan(100);
  });
});

describe("plans around a painful joint", () => {
  it("plans every kind of week without an exercise that loads the joint", () => {
    for (const joint of JOINTS)
      for (const workoutType of WORKOUT_TYPES)
        for (const level of EXPERIENCE_LEVELS)
          for (const days of [3, 4, 6]) {
            const outcome = planWorkoutWeek({
              goal: "Lose Weight",
              level,
              days: WEEKDAYS.slice(0, days),
              workoutType,
              avoidJoints: [joint],
              seed: days,
            });
            expect(outcome.ok, `${joint} ${workoutType} ${level} ${days}`).toBe(true);
            if (!outcome.ok) continue;
            const loading = outcome.plan.items.filter((item) => {
              const exercise = findExerciseByName(item.name);
              return exercise !== undefined && loadsJoint(exercise, joint);
            });
            expect(loading.map((item) => item.name)).toEqual([]);
          }
  });

  it("never offers a replacement that loads the joint", () => {
    const week = planWorkoutWeek({
      goal: "Gain Muscle Mass",
      level: "Beginner",
      days: ["Monday", "Wednesday", "Friday"],
      workoutType: "GYM Workout",
      seed: 3,
    });
    if (!week.ok) throw new Error(week.error.message);
    const glutes = week.plan.items.find((item) => {
      const exercise = findExerciseByName(item.name);
      return exercise !== undefined && exercise.bodyPart === "Glutes";
    });
    expect(glutes).toBeDefined();
    let replaced = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const outcome = replaceWorkoutItem({
        plan: week.plan.items,
        itemId: glutes?.id ?? "",
        level: "Beginner",
        workoutType: "GYM Workout",
        avoidJoints: ["knee", "hip"],
        seed,
      });
      if (!outcome.ok) continue;
      replaced += 1;
      const exercise = findExerciseByName(outcome.item.name);
      expect(exercise !== undefined && (loadsJoint(exercise, "knee") || loadsJoint(exercise, "hip"))).toBe(
        false,
      );
    }
    expect(replaced).toBeGreaterThan(0);
  });
});
