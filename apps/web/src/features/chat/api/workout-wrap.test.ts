import { describe, expect, it } from "vitest";
import type { WorkoutItem } from "@fitwise/contracts/plans";
import { wrapWarmupCooldown } from "./workout-wrap";

const exercise = (id: string, day: WorkoutItem["Day"], name: string): WorkoutItem => ({
  id,
  Day: day,
  "Workout Name": name,
  "Body Part Targeted": "Chest",
  "Youtube Video Link": "https://www.youtube.com/results?search_query=x",
  "No of Sets": 3,
  "No of Reps": "8-12",
});

describe("wrapWarmupCooldown", () => {
  it("wraps each training day in a warmup and a cooldown of 1 set and 1 rep with new ids", () => {
    let next = 0;
    const plan = [
      exercise("a", "Monday", "Push-Up"),
      exercise("b", "Monday", "Squat"),
      exercise("c", "Wednesday", "Row"),
    ];
    const wrapped = wrapWarmupCooldown(plan, () => `new-${(next += 1)}`);
    expect(wrapped.map((item) => [item.Day, item["Body Part Targeted"], item.id])).toEqual([
      ["Monday", "Warmup", "new-1"],
      ["Monday", "Chest", "a"],
      ["Monday", "Chest", "b"],
      ["Monday", "Cooldown", "new-2"],
      ["Wednesday", "Warmup", "new-3"],
      ["Wednesday", "Chest", "c"],
      ["Wednesday", "Cooldown", "new-4"],
    ]);
    expect(wrapped[0]).toMatchObject({ "No of Sets": 1, "No of Reps": "1" });
  });

  it("leaves rest days and days that already have both as they are", () => {
    const rest: WorkoutItem = {
      ...exercise("r", "Tuesday", "Rest Day"),
      "Body Part Targeted": "Rest Day",
      "No of Sets": 0,
      "No of Reps": "0",
    };
    const warm: WorkoutItem = { ...exercise("w", "Monday", "Arm circles"), "Body Part Targeted": "Warmup" };
    const cool: WorkoutItem = { ...exercise("k", "Monday", "Stretch"), "Body Part Targeted": "Cooldown" };
    const plan = [warm, exercise("a", "Monday", "Push-Up"), cool, rest];
    expect(wrapWarmupCooldown(plan, () => "x")).toEqual(plan);
  });
});
