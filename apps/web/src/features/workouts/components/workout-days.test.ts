import { describe, expect, it } from "vitest";
import { fromWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import type { Weekday } from "@fitwise/engine/workouts/exercise.types";
import { workoutDays } from "./workout-days";

let nextId = 0;
function item(day: Weekday, bodyPart: string, name = `${bodyPart} exercise`): WorkoutItem {
  nextId += 1;
  // Built as the API sends it, then read as the web app reads every plan (plan-items.mapper.ts).
  return fromWireWorkoutItem({
    id: `w${nextId}`,
    Day: day,
    "Workout Name": name,
    "Body Part Targeted": bodyPart,
    "Youtube Video Link": "",
    "No of Sets": bodyPart === "Rest Day" ? 0 : 3,
    "No of Reps": bodyPart === "Rest Day" ? "0" : "8-12",
  });
}

describe("workoutDays", () => {
  it("sorts days Monday to Sunday whatever the plan's order, and marks rest days", () => {
    const days = workoutDays([
      item("Wednesday", "Chest"),
      item("Monday", "Rest Day", "Rest Day"),
      item("Sunday", "Rest Day", "Rest Day"),
      item("Tuesday", "Legs"),
    ]);
    expect(days.map((entry) => [entry.day, entry.rest])).toEqual([
      ["Monday", true],
      ["Tuesday", false],
      ["Wednesday", false],
      ["Sunday", true],
    ]);
  });
});
