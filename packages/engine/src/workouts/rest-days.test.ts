import { describe, expect, it } from "vitest";
import type { Weekday, WorkoutItem } from "./exercise.types";
import { exerciseIdOf } from "./exercise-library";
import { firstWorkoutDay, isRestDay, isRestItem } from "./rest-days";
import { bookendItem, restDayItem } from "./workout-items";

function exercise(day: Weekday, name: string, bodyPart: string): WorkoutItem {
  return {
    id: `${day}-${name}`,
    day,
    kind: "exercise",
    exerciseId: exerciseIdOf(name),
    name,
    bodyPart,
    videoUrl: "",
    sets: 3,
    reps: "10",
  };
}

describe("isRestItem", () => {
  it("is the planner's rest-day item and nothing else", () => {
    expect(isRestItem(restDayItem("r", "Monday"))).toBe(true);
    expect(isRestItem(bookendItem("w", "Monday", "Warmup", "Jumping jacks"))).toBe(false);
    expect(isRestItem(exercise("Monday", "Interest curls", "Biceps"))).toBe(false);
  });
});

describe("isRestDay", () => {
  it("is a day whose every item is rest", () => {
    expect(isRestDay([restDayItem("r", "Monday")])).toBe(true);
    expect(isRestDay([restDayItem("r", "Monday"), exercise("Monday", "Squat", "Legs")])).toBe(false);
  });

  it("is not an empty day", () => {
    expect(isRestDay([])).toBe(false);
  });
});

describe("firstWorkoutDay", () => {
  it("is the first weekday with something besides rest, Monday first, whatever the listing order", () => {
    const plan = [
      exercise("Friday", "Squat", "Legs"),
      restDayItem("r1", "Monday"),
      exercise("Wednesday", "Push-up", "Chest"),
    ];
    expect(firstWorkoutDay(plan)).toBe("Wednesday");
  });

  it("is undefined for a week of rest or no plan", () => {
    expect(firstWorkoutDay([restDayItem("r1", "Monday")])).toBeUndefined();
    expect(firstWorkoutDay([])).toBeUndefined();
  });
});
