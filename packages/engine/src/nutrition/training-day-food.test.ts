import { describe, expect, it } from "vitest";
import { WEEKDAYS, type Weekday } from "../workouts/exercise.types";
import { dayTargetKcal, trainingDayTargets, weekdayOfMealDay } from "./training-day-food";

const BASE = { baseKcal: 2000, floorKcal: 1200, proteinRequiredG: 110 };

function weekKcal(workoutDays: readonly Weekday[], base = BASE): number {
  return WEEKDAYS.reduce(
    (sum, weekday) => sum + dayTargetKcal({ ...base, workoutDays, enabled: true, weekday }).targetKcal,
    0,
  );
}

describe("training-day food", () => {
  it("gives three training days 10 % more and four rest days 7.5 % less, the week unchanged", () => {
    const days: Weekday[] = ["Monday", "Wednesday", "Friday"];
    const targets = trainingDayTargets({ ...BASE, workoutDays: days });
    expect(targets).toMatchObject({ trainingKcal: 2200, restKcal: 1850 });
    expect(targets.trainingShare).toBeCloseTo(0.1, 10);
    expect(targets.restShare).toBeCloseTo(0.075, 10);
    expect(weekKcal(days)).toBeCloseTo(7 * 2000, 1);
  });

  it("caps the rest-day cut at 10 % when most days are training days, and keeps the week", () => {
    for (const count of [3, 4, 5, 6]) {
      const days = WEEKDAYS.slice(0, count);
      const targets = trainingDayTargets({ ...BASE, workoutDays: days });
      expect(Math.max(targets.trainingShare, targets.restShare)).toBeCloseTo(0.1, 10);
      expect(Math.abs(weekKcal(days) - 7 * 2000)).toBeLessThanOrEqual(0.05);
    }
  });

  it("never plans a rest day below the floor or where the goal's protein would pass 35 % of energy", () => {
    const nearFloor = trainingDayTargets({
      ...BASE,
      baseKcal: 1260,
      proteinRequiredG: 90,
      workoutDays: ["Monday", "Thursday", "Saturday"],
    });
    expect(nearFloor.restKcal).toBe(1260 - 60);
    expect(Math.abs(3 * nearFloor.trainingKcal + 4 * nearFloor.restKcal - 7 * 1260)).toBeLessThan(0.05);
    // 150 g of protein needs 1,714 kcal to stay within 35 % of energy.
    const proteinBound = trainingDayTargets({
      ...BASE,
      baseKcal: 1800,
      proteinRequiredG: 150,
      workoutDays: ["Monday", "Friday", "Sunday"],
    });
    expect(proteinBound.restKcal).toBeCloseTo((4 * 150) / 0.35, 1);
    expect(trainingDayTargets({ ...BASE, baseKcal: 1200, workoutDays: ["Monday"] })).toMatchObject({
      trainingKcal: 1200,
      restKcal: 1200,
    });
  });

  it("changes nothing when the setting is off, or with no rest day or no training day", () => {
    expect(dayTargetKcal({ ...BASE, workoutDays: ["Monday"], enabled: false, weekday: "Monday" })).toEqual({
      targetKcal: 2000,
      dayKind: null,
    });
    expect(trainingDayTargets({ ...BASE, workoutDays: [] }).trainingShare).toBe(0);
    expect(trainingDayTargets({ ...BASE, workoutDays: WEEKDAYS }).restShare).toBe(0);
  });

  it("counts meal days 1–7 as Monday to Sunday", () => {
    expect([1, 2, 7].map(weekdayOfMealDay)).toEqual(["Monday", "Tuesday", "Sunday"]);
    expect(
      dayTargetKcal({ ...BASE, workoutDays: ["Tuesday"], enabled: true, weekday: weekdayOfMealDay(2) })
        .dayKind,
    ).toBe("training");
  });
});
