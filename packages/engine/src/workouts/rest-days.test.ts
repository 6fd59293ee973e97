import { describe, expect, it } from "vitest";
import type { Weekday, WorkoutItem } from "./exercise.types";
import { EXERCISE_LIBRARY } from "./exercise-library";
import { firstWorkoutDay, isRestDay, isRestItem } from "./rest-days";
import { bookendItem, restDayItem } from "./workout-items";

function item(day: Weekday, name: string, bodyPart: string): WorkoutItem {
  return {
    id: `${day}-${name}`,
    Day: day,
    "Workout Name": name,
    "Body Part Targeted": bodyPart,
    "Youtube Video Link": "",
    "No of Sets": 0,
    "No of Reps": "0",
  };
}

describe("isRestItem", () => {
  it("knows the planner's Rest Day item and older spellings in either field", () => {
    expect(isRestItem(restDayItem("r", "Monday"))).toBe(true);
    expect(isRestItem(item("Monday", "Rest", "Full body"))).toBe(true);
    expect(isRestItem(item("Monday", "Recovery", "rest day"))).toBe(true);
  });

  it("takes no exercise of the library, nor a warmup, for rest", () => {
    expect(EXERCISE_LIBRARY.filter((exercise) => isRestItem(item("Monday", exercise.name, "Chest")))).toEqual(
      [],
    );
    expect(isRestItem(bookendItem("w", "Monday", "Warmup", "Jumping jacks"))).toBe(false);
    expect(isRestItem(item("Monday", "Interest curls", "Biceps"))).toBe(false);
  });
});

describe("isRestDay", () => {
  it("is a day whose every item is rest", () => {
    expect(isRestDay([restDayItem("r", "Monday")])).toBe(true);
    expect(isRestDay([restDayItem("r", "Monday"), item("Monday", "Squat", "Legs")])).toBe(false);
  });

  it("is not an empty day", () => {
    expect(isRestDay([])).toBe(false);
  });
});

describe("firstWorkoutDay", () => {
  it("is the first weekday with something besides rest, Monday first, whatever the listing order", () => {
    const plan = [
      item("Friday", "Squat", "Legs"),
      restDayItem("r1", "Monday"),
      item("Wednesday", "Push-up", "Chest"),
    ];
    expect(firstWorkoutDay(plan)).toBe("Wednesday");
  });

  it("is undefined for a week of rest or no plan", () => {
    expect(firstWorkoutDay([restDayItem("r1", "Monday")])).toBeUndefined();
    expect(firstWorkoutDay([])).toBeUndefined();
  });
});
