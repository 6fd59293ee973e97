import { describe, expect, it } from "vitest";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { wrapWarmupCooldown } from "./workout-wrap";

const exercise = (id: string, day: WorkoutItem["day"], name: string): WorkoutItem => ({
  id,
  day,
  kind: "exercise",
  exerciseId: name.toLowerCase(),
  name,
  bodyPart: "Chest",
  videoUrl: "https://www.youtube.com/results?search_query=x",
  sets: 3,
  reps: "8-12",
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
    expect(wrapped.map((item) => [item.day, item.bodyPart, item.id])).toEqual([
      ["Monday", "Warmup", "new-1"],
      ["Monday", "Chest", "a"],
      ["Monday", "Chest", "b"],
      ["Monday", "Cooldown", "new-2"],
      ["Wednesday", "Warmup", "new-3"],
      ["Wednesday", "Chest", "c"],
      ["Wednesday", "Cooldown", "new-4"],
    ]);
    expect(wrapped[0]).toMatchObject({ sets: 1, reps: "1" });
  });

  it("leaves rest days and days that already have both as they are", () => {
    const rest: WorkoutItem = {
      ...exercise("r", "Tuesday", "Rest Day"),
      kind: "rest",
      bodyPart: "Rest Day",
      sets: 0,
      reps: "0",
    };
    const warm: WorkoutItem = {
      ...exercise("w", "Monday", "Arm circles"),
      kind: "warmup",
      bodyPart: "Warmup",
    };
    const cool: WorkoutItem = {
      ...exercise("k", "Monday", "Stretch"),
      kind: "cooldown",
      bodyPart: "Cooldown",
    };
    const plan = [warm, exercise("a", "Monday", "Push-Up"), cool, rest];
    expect(wrapWarmupCooldown(plan, () => "x")).toEqual(plan);
  });
});
