import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ACTIVITY_LEVELS,
  computeEnergyTargets,
  feetInchesToCm,
  plannedEnergyNote,
  poundsToKg,
} from "./energy";

const PERSON_50KG_MAN = {
  weightKg: 50,
  heightCm: 160,
  ageYears: 80,
  gender: "male",
  activityFactor: 1.2,
} as const;

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

  it("computes a woman gaining muscle, to two decimals, the surplus at most 15 % of her need", () => {
    // 10 × 60 + 6.25 × 165 − 5 × 25 − 161 = 600 + 1031.25 − 125 − 161 = 1345.25 kcal resting
    // 1345.25 × 1.2 = 1614.30 kcal need; 400 kcal would be 25 % of it, so + 15 % = 242.145: 1856.45 kcal goal
    const targets = computeEnergyTargets({
      weightKg: 60,
      heightCm: 165,
      ageYears: 25,
      gender: "female",
      activityFactor: 1.2,
      goal: "Gain Muscle Mass",
    });
    expect(targets.tdeeKcal).toBe(1614.3);
    expect(targets.goalTdeeKcal).toBe(1856.45);
    expect(targets.planningKcal).toBe(1856.45);
    // From a need of 2,666.67 kcal, 15 % is 400 kcal or more, and the product's 400 kcal stands.
    const larger = computeEnergyTargets({
      weightKg: 90,
      heightCm: 185,
      ageYears: 30,
      gender: "male",
      activityFactor: 1.55,
      goal: "Gain Muscle Mass",
    });
    expect(larger.goalTdeeKcal).toBeCloseTo(larger.tdeeKcal + 400, 6);
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

  it("raises a woman's plan to the 1200 kcal floor where that is still below her need", () => {
    // 10 × 60 + 6.25 × 160 − 5 × 50 − 161 = 1189 kcal resting; × 1.2 = 1426.80 kcal need; − 400 = 1026.80 < 1200
    expect(
      computeEnergyTargets({
        weightKg: 60,
        heightCm: 160,
        ageYears: 50,
        gender: "female",
        activityFactor: 1.2,
        goal: "Lose Weight",
      }),
    ).toEqual({
      tdeeKcal: 1426.8,
      goalTdeeKcal: 1026.8,
      planningKcal: 1200,
      floorKcal: 1200,
      floorApplied: true,
    });
  });

  it("plans a woman whose need is below the 1200 kcal floor at her need: no deficit under the floor, no surplus", () => {
    // 10 × 45 + 6.25 × 150 − 5 × 70 − 161 = 450 + 937.5 − 350 − 161 = 876.5 kcal resting
    // × 1.2 = 1051.80 kcal need; − 400 = 651.80 kcal goal; the floor (1200) is above the need, so the plan is the need
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
      planningKcal: 1051.8,
      floorKcal: 1200,
      floorApplied: false,
      keptAtNeed: "floor",
    });
  });

  it("plans a man whose need is below the 1500 kcal floor at his need", () => {
    // 10 × 50 + 6.25 × 160 − 5 × 80 + 5 = 1105 kcal resting; × 1.2 = 1326; − 400 = 926 < 1500, and 1500 > 1326
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
      planningKcal: 1326,
      floorApplied: false,
      keptAtNeed: "floor",
    });
    // Gaining, the floor still raises the plan: 1326 + 15 % = 1524.9 kcal, above 1500.
    expect(computeEnergyTargets({ ...PERSON_50KG_MAN, goal: "Gain Muscle Mass" }).planningKcal).toBe(1524.9);
  });

  it("gives an underweight person asking to lose their need, not a deficit (BMI under 18.5)", () => {
    // BMI 50 / 1.75² = 16.3. 10 × 50 + 6.25 × 175 − 5 × 25 − 161 = 1307.75 resting; × 1.55 = 2027.01 kcal need
    const targets = computeEnergyTargets({
      weightKg: 50,
      heightCm: 175,
      ageYears: 25,
      gender: "female",
      activityFactor: 1.55,
      goal: "Lose Weight",
    });
    expect(targets).toMatchObject({
      tdeeKcal: 2027.01,
      goalTdeeKcal: 2027.01,
      planningKcal: 2027.01,
      keptAtNeed: "underweight",
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

  it("keeps goal = need − 400 or + min(400, 15 %), two decimals, the floor, and a loss plan never above the need", () => {
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
          const needKcal = targets.tdeeKcal;
          const floorKcal = gender === "male" ? 1500 : 1200;
          const underweight = Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10 < 18.5;
          const expectedGoal =
            goal === "Lose Weight"
              ? needKcal - (underweight ? 0 : 400)
              : needKcal + Math.min(400, 0.15 * needKcal);
          expect(targets.goalTdeeKcal).toBeCloseTo(expectedGoal, 1);
          expect(Math.round(needKcal * 100) / 100).toBe(needKcal);
          const raised = Math.max(targets.goalTdeeKcal, floorKcal);
          if (goal === "Gain Muscle Mass") {
            expect(targets.planningKcal).toBe(raised);
            expect(targets.planningKcal - needKcal).toBeLessThanOrEqual(
              Math.max(0.15 * needKcal, floorKcal - needKcal) + 0.01,
            );
          } else {
            expect(targets.planningKcal).toBe(Math.min(raised, needKcal));
            // Below the need wherever the floor leaves room for a deficit and the person is not underweight.
            if (!underweight && floorKcal < needKcal) expect(targets.planningKcal).toBeLessThan(needKcal);
          }
        },
      ),
      { seed: 12, numRuns: 2000 },
    );
  });
});

describe("plannedEnergyNote", () => {
  it("says when the floor raises the plans, when the need caps them, and nothing otherwise", () => {
    expect(
      plannedEnergyNote({ goal: "Lose Weight", goalTdeeKcal: 1026.8, tdeeKcal: 1426.8, floorKcal: 1200 }),
    ).toBe(
      "That is below 1,200 kcal a day, the lowest intake we plan for without medical supervision, so your meal plans provide 1,200 kcal a day.",
    );
    expect(
      plannedEnergyNote({ goal: "Lose Weight", goalTdeeKcal: 651.8, tdeeKcal: 1051.8, floorKcal: 1200 }),
    ).toBe(
      "Your daily need (1,052 kcal) is not above 1,200 kcal, the lowest intake we plan for without medical supervision, so no calorie deficit fits: your meal plans provide your need.",
    );
    expect(
      plannedEnergyNote({ goal: "Lose Weight", goalTdeeKcal: 2359, tdeeKcal: 2759, floorKcal: 1500 }),
    ).toBeUndefined();
    // Without the need (a cached profile) only the floor is known.
    expect(
      plannedEnergyNote({ goal: "Lose Weight", goalTdeeKcal: 1100, tdeeKcal: null, floorKcal: 1200 }),
    ).toMatch(/provide 1,200 kcal a day/);
  });
});
