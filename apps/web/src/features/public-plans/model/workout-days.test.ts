import { describe, expect, it } from "vitest";
import { fromWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { formatWorkoutDays, initialDay, planDays, workoutPlace } from "./workout-days";

function item(id: string, day: WorkoutItem["day"], bodyPart: string, name = id): WorkoutItem {
  // Built as the API sends it, then read as the web app reads every plan (plan-items.mapper.ts).
  return fromWireWorkoutItem({
    id: id,
    Day: day,
    "Workout Name": name,
    "Body Part Targeted": bodyPart,
    "Youtube Video Link": "https://www.youtube.com/results?search_query=x",
    "No of Sets": 3,
    "No of Reps": "10",
  });
}

const plan: WorkoutItem[] = [
  item("w1", "Wednesday", "Warmup"),
  item("w2", "Wednesday", "Chest"),
  item("w3", "Wednesday", "Cooldown"),
  item("r1", "Tuesday", "Rest Day", "Rest Day"),
  item("m1", "Monday", "Warmup"),
  item("m2", "Monday", "Legs"),
  item("m3", "Monday", "Back"),
  item("m4", "Monday", "Legs"),
  item("m5", "Monday", "Cooldown"),
];

describe("planDays", () => {
  it("lists each day once, Monday to Sunday, and marks rest days", () => {
    expect(planDays(plan)).toEqual([
      { day: "Monday", isRest: false },
      { day: "Tuesday", isRest: true },
      { day: "Wednesday", isRest: false },
    ]);
    expect(planDays([])).toEqual([]);
  });
});

describe("initialDay", () => {
  const days = planDays(plan);
  it("keeps the remembered day when this plan has it", () => {
    expect(initialDay(days, "Wednesday")).toBe("Wednesday");
  });
  it("falls back to the plan's first day", () => {
    expect(initialDay(days, null)).toBe("Monday");
    expect(initialDay(days, "Sunday")).toBe("Monday");
    expect(initialDay([], "Monday")).toBeNull();
  });
});

describe("owner details", () => {
  it("strips brackets and quotes from the preferred days", () => {
    expect(formatWorkoutDays(["Monday", "Wednesday", "Friday"])).toBe("Monday, Wednesday, Friday");
    expect(formatWorkoutDays('["Monday","Thursday"]')).toBe("Monday, Thursday");
  });
  it("says where the owner likes to work out from the first word of the workout type", () => {
    expect(workoutPlace("Home Workout")).toBe("Home");
    expect(workoutPlace("GYM Workout")).toBe("GYM");
    expect(workoutPlace(null)).toBeNull();
  });
});
