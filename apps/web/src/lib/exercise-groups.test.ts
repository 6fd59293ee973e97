import { describe, expect, it } from "vitest";
import { fromWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import type { Weekday } from "@fitwise/engine/workouts/exercise.types";
import { groupByBodyPart, isReplaceable } from "./exercise-groups";

function item(id: string, day: Weekday, bodyPart: string, name = `${bodyPart} exercise`): WorkoutItem {
  // Built as the API sends it, then read as the web app reads every plan (plan-items.mapper.ts).
  return fromWireWorkoutItem({
    id: id,
    Day: day,
    "Workout Name": name,
    "Body Part Targeted": bodyPart,
    "Youtube Video Link": "",
    "No of Sets": 3,
    "No of Reps": "8-12",
  });
}

describe("groupByBodyPart", () => {
  it("keeps the plan's order of groups and of exercises within them", () => {
    const groups = groupByBodyPart([
      item("m1", "Monday", "Warmup", "Jumping jacks"),
      item("m2", "Monday", "Chest", "Push-up"),
      item("m3", "Monday", "Back", "Row"),
      item("m4", "Monday", "Chest ", "Dumbbell press"),
      item("m5", "Monday", "Cooldown", "Stretch"),
    ]);
    expect(groups.map(([bodyPart, items]) => [bodyPart, items.map((entry) => entry.name)])).toEqual([
      ["Warmup", ["Jumping jacks"]],
      ["Chest", ["Push-up", "Dumbbell press"]],
      ["Back", ["Row"]],
      ["Cooldown", ["Stretch"]],
    ]);
  });
});

describe("isReplaceable", () => {
  it("offers Replace except on warm-up, cool-down and rest entries, in any spelling", () => {
    const items = [
      item("a", "Monday", "Warmup"),
      item("b", "Monday", "Warm-up"),
      item("c", "Monday", "Legs"),
      item("d", "Monday", "cooldown"),
      item("e", "Tuesday", "Rest Day", "Rest Day"),
      item("f", "Wednesday", "Back"),
    ];
    expect(items.filter(isReplaceable).map((entry) => entry.id)).toEqual(["c", "f"]);
  });
});
