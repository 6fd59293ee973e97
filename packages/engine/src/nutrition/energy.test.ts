import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ACTIVITY_LEVELS, computeEnergyTargets, feetInchesToCm, poundsToKg } from "./energy";

describe("energy targets (docs/product.md §6, Mifflin-St Jeor)", () => {
  it("labels the five activity factors exactly as the calculator shows them", () => {
    expect(ACTIVITY_LEVELS).toEqual([
      { factor: 1.2, label: "Sedentary (office job)" },
      { factor: 1.375, label: "Light Exercise (1-2 days/week)" },
      { factor: 1.55, label: "Moderate Exercise (3-5 days/week)" },
      { factor: 1.725, label: "Heavy Exercise (6-7 days/week)" },
      { factor: 1.9, label: "Athlete (2x per day)" },
    ]);
  });

  it("computes a man losing weight", () => {
    // 10 × 80 + 6.25 × 180 − 5 × 30 + 5 = 800 + 1125 − 150 + 5 = 1780 kcal resting
    // 1780 × 1.55 = 2759 kcal need; 2759 − 400 = 2359 kcal goal, above the 1500 kcal floor
    expect(
      computeEnergyTargets({
        weightKg: 80,
        heightCm: 180,
        ageYears: 30,
        gender: "male",
        activityFactor: 1.55,
        goal: "Lose Weight",
      }),
    ).toEqual({
      tdeeKcal: 2759,
      goalTdeeKcal: 2359,
      planningKcal: 2359,
      floorKcal: 1500,
      floorApplied: false,
    });
  });

  it("computes a woman gaining muscle, to two decimals", () => {
    // 10 × 60 + 6.25 × 165 − 5 × 25 − 161 = 600 + 1031.25 − 125 − 161 = 1345.25 kcal resting
    // 1345.25 × 1.2 = 1614.30 kcal need; 1614.30 + 400 = 2014.30 kcal goal
    const targets = computeEnergyTargets({
      weightKg: 60,
      heightCm: 165,
      ageYears: 25,
      gender: "female",
      activityFactor: 1.2,
      goal: "Gain Muscle Mass",
    });
    expect(targets.tdeeKcal).toBe(1614.3);
    expect(targets.goalTdeeKcal).toBe(2014.3);
    expect(targets.planningKcal).toBe(2014.3);
  });

  it("converts imperial input as the calculator does", () => {
    // 176 lb ÷ 2.20462 = 79.832352… kg; 5 ft 10 in = 2.54 × (12 × 5 + 10) = 177.8 cm
    // 10 × 79.832352 + 6.25 × 177.8 − 5 × 40 + 5 = 798.32352 + 1111.25 − 200 + 5 = 1714.57352 kcal resting
    // × 1.375 = 2357.5386 → 2357.54 kcal need; − 400 = 1957.54 kcal goal
    const weightKg = poundsToKg(176);
    const heightCm = feetInchesToCm(5, 10);
    expect(weightKg).toBeCloseTo(79.832352, 6);
    expect(heightCm).toBeCloseTo(177.8, 10);
    const targets = computeEnergyTargets({
      weightKg,
      heightCm,
      ageYears: 40,
      gender: "male",
      activityFactor: 1.375,
      goal: "Lose Weight",
    });
    expect(targets.tdeeKcal).toBe(2357.54);
    expect(targets.goalTdeeKcal).toBe(1957.54);
  });

  it("raises a woman's plan to the 1200 kcal floor and says so", () => {
    // 10 × 45 + 6.25 × 150 − 5 × 70 − 161 = 450 + 937.5 − 350 − 161 = 876.5 kcal resting
    // × 1.2 = 1051.80 kcal need; − 400 = 651.80 kcal goal, below 1200, so the plan uses 1200
    expect(
      computeEnergyTargets({
        weightKg: 45,
        heightCm: 150,
        ageYears: 70,
        gender: "female",
        activityFactor: 1.2,
        goal: "Lose Weight",
      }),
    ).toEqual({
      tdeeKcal: 1051.8,
      goalTdeeKcal: 651.8,
      planningKcal: 1200,
      floorKcal: 1200,
      floorApplied: true,
    });
  });

  it("raises a man's plan to the 1500 kcal floor", () => {
    // 10 × 50 + 6.25 × 160 − 5 × 80 + 5 = 1105 kcal resting; × 1.2 = 1326; − 400 = 926 < 1500
    const targets = computeEnergyTargets({
      weightKg: 50,
      heightCm: 160,
      ageYears: 80,
      gender: "male",
      activityFactor: 1.2,
      goal: "Lose Weight",
    });
    expect(targets).toMatchObject({
      tdeeKcal: 1326,
      goalTdeeKcal: 926,
      planningKcal: 1500,
      floorApplied: true,
    });
  });

  it("refuses impossible inputs instead of returning nonsense", () => {
    expect(() =>
      computeEnergyTargets({
        weightKg: 0,
        heightCm: 170,
        ageYears: 30,
        gender: "male",
        activityFactor: 1.2,
        goal: "Lose Weight",
      }),
    ).toThrow(RangeError);
    expect(() =>
      computeEnergyTargets({
        weightKg: 70,
        heightCm: Number.NaN,
        ageYears: 30,
        gender: "male",
        activityFactor: 1.2,
        goal: "Lose Weight",
      }),
    ).toThrow(RangeError);
  });

  it("keeps goal = need ∓ 400, two decimals, and the floor, for any adult", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 35, max: 250, noNaN: true }),
        fc.double({ min: 130, max: 220, noNaN: true }),
        fc.integer({ min: 13, max: 85 }),
        fc.constantFrom("male" as const, "female" as const),
        fc.constantFrom(...ACTIVITY_LEVELS.map((level) => level.factor)),
        fc.constantFrom("Lose Weight" as const, "Gain Muscle Mass" as const),
        (weightKg, heightCm, ageYears, gender, activityFactor, goal) => {
          const targets = computeEnergyTargets({
            weightKg,
            heightCm,
            ageYears,
            gender,
            activityFactor,
            goal,
          });
          const expectedGoal = targets.tdeeKcal + (goal === "Lose Weight" ? -400 : 400);
          expect(targets.goalTdeeKcal).toBeCloseTo(expectedGoal, 6);
          expect(Math.round(targets.tdeeKcal * 100) / 100).toBe(targets.tdeeKcal);
          expect(targets.planningKcal).toBe(Math.max(targets.goalTdeeKcal, gender === "male" ? 1500 : 1200));
          expect(targets.floorApplied).toBe(targets.goalTdeeKcal < targets.floorKcal);
        },
      ),
      { seed: 12, numRuns: 2000 },
    );
  });
});
