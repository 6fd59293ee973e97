import { describe, expect, it } from "vitest";
import { fixtureState } from "@fitwise/engine/trainer/trainer.fixture";
import { firstWorkoutDay } from "@fitwise/engine/workouts/rest-days";
import { shownToTier, withoutLockedNames } from "./chat.free-tier";

const state = fixtureState();
const dinner = state.mealPlans[1]?.find((item) => item.slot === "Dinner");
const breakfast = state.mealPlans[1]?.find((item) => item.slot === "Breakfast");
const first = firstWorkoutDay(state.workoutPlan);
const lockedExercise = state.workoutPlan.find((item) => item.kind === "exercise" && item.day !== first);

describe("what Alex may tell a free user (decision 055)", () => {
  it("tells the model only of Plan 1's breakfast and the first training day", () => {
    const shown = shownToTier(state, false);
    expect(Object.keys(shown.mealPlans)).toEqual(["1"]);
    expect(new Set(shown.mealPlans[1]?.map((item) => item.slot))).toEqual(new Set(["Breakfast"]));
    expect(
      new Set(shown.workoutPlan.filter((item) => item.kind === "exercise").map((item) => item.day)),
    ).toEqual(new Set([first]));
    expect(shownToTier(state, true)).toBe(state);
  });

  it("replaces the names of locked items in a free user's reply, and keeps the shown ones", () => {
    expect(dinner && breakfast && lockedExercise).toBeTruthy();
    const reply = `Day 1 had ${dinner?.name.toLowerCase()} and ${breakfast?.name}; ${lockedExercise?.name} moved.`;
    const redacted = withoutLockedNames(reply, [state], false);
    expect(redacted).toBe(`Day 1 had a Pro item and ${breakfast?.name}; a Pro item moved.`);
    expect(withoutLockedNames(reply, [state], true)).toBe(reply);
  });
});
