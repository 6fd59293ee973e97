import { describe, expect, it } from "vitest";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import type { Weekday, WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { restDayItem } from "@fitwise/engine/workouts/workout-items";
import {
  FREE_REPLACEMENTS_LIMIT,
  countsTowardFreeLimit,
  freeReplacementsLeft,
  mayReplace,
  mayReset,
  mayUseAdaptiveTarget,
  mayUseMeal,
  mayUsePlanDay,
  mayUseWorkoutDay,
} from "./free-tier";

function exercise(id: string, day: Weekday): WorkoutItem {
  return {
    id,
    day,
    kind: "exercise",
    exerciseId: "push-up",
    name: "Push-up",
    bodyPart: "Chest",
    videoUrl: "",
    sets: 3,
    reps: "10-12",
  };
}

// Monday rests, so Tuesday is the week's first training day.
const WEEK: WorkoutItem[] = [
  restDayItem("r1", "Monday"),
  exercise("e1", "Tuesday"),
  exercise("e2", "Thursday"),
];

describe("mayUsePlanDay", () => {
  it("gives a free user Plan 1 only and Pro every day", () => {
    expect([1, 2, 3, 4, 7].map((day) => mayUsePlanDay(false, day))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([1, 2, 3, 4, 7].every((day) => mayUsePlanDay(true, day))).toBe(true);
  });
});

describe("mayUseMeal", () => {
  it("opens Breakfast alone to a free user and every meal to Pro", () => {
    expect(MEAL_SLOTS.filter((meal) => mayUseMeal(false, meal))).toEqual(["Breakfast"]);
    expect(MEAL_SLOTS.filter((meal) => mayUseMeal(true, meal))).toEqual([...MEAL_SLOTS]);
  });
});

describe("mayUseWorkoutDay", () => {
  it("gives a free user the first training day, not the rest day before it", () => {
    expect(mayUseWorkoutDay(false, "Tuesday", WEEK)).toBe(true);
    expect(mayUseWorkoutDay(false, "Monday", WEEK)).toBe(false);
    expect(mayUseWorkoutDay(false, "Thursday", WEEK)).toBe(false);
  });

  it("gives Pro every day", () => {
    expect(mayUseWorkoutDay(true, "Thursday", WEEK)).toBe(true);
  });

  it("gives a free user nothing when the week has no training day", () => {
    expect(mayUseWorkoutDay(false, "Monday", [restDayItem("r1", "Monday")])).toBe(false);
  });
});

describe("mayReset", () => {
  it("leaves resets to Pro", () => {
    expect([mayReset(false), mayReset(true)]).toEqual([false, true]);
  });
});

describe("mayUseAdaptiveTarget", () => {
  it("leaves the adaptive target to Pro", () => {
    expect([mayUseAdaptiveTarget(false), mayUseAdaptiveTarget(true)]).toEqual([false, true]);
  });
});

describe("freeReplacementsLeft", () => {
  it("counts down from the limit to zero, never below", () => {
    expect([0, 1, 3, 5].map((used) => freeReplacementsLeft(false, used))).toEqual([3, 2, 0, 0]);
    expect(FREE_REPLACEMENTS_LIMIT).toBe(3);
  });

  it("has no limit for Pro", () => {
    expect(freeReplacementsLeft(true, 10)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("mayReplace", () => {
  it("allows what is left and refuses more", () => {
    expect(mayReplace(false, 2)).toBe(true);
    expect(mayReplace(false, 3)).toBe(false);
    expect(mayReplace(false, 1, 2)).toBe(true);
    expect(mayReplace(false, 1, 3)).toBe(false);
    expect(mayReplace(true, 3, 50)).toBe(true);
  });
});

describe("countsTowardFreeLimit", () => {
  it("counts a free user's replacements only", () => {
    expect([countsTowardFreeLimit(false), countsTowardFreeLimit(true)]).toEqual([true, false]);
  });
});
