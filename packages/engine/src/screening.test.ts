import { describe, expect, it } from "vitest";
import { computeEnergyTargets } from "./nutrition/energy";
import { bodyMassIndex, screeningNotice } from "./screening";

describe("screeningNotice", () => {
  it("speaks up for an underweight person who chose Lose Weight (BMI 17.8)", () => {
    const weightKg = 51.5;
    const heightCm = 170;
    expect(bodyMassIndex(weightKg, heightCm)).toBe(17.8);
    const energy = computeEnergyTargets({
      weightKg,
      heightCm,
      ageYears: 24,
      gender: "female",
      activityFactor: 1.55,
      goal: "Lose Weight",
    });
    const notice = screeningNotice({
      weightKg,
      heightCm,
      goal: "Lose Weight",
      tdeeKcal: energy.tdeeKcal,
      planningKcal: energy.planningKcal,
    });
    expect(notice?.reasons).toEqual(["underweight-losing"]);
    // The plan is the need, not a deficit, and the notice says so.
    expect(energy.planningKcal).toBe(energy.tdeeKcal);
    expect(notice?.message).toContain(`not a calorie deficit`);
    expect(notice?.message).toMatch(/BMI is 17\.8/);
    expect(notice?.message).toMatch(/doctor or registered dietitian/);
    expect(
      screeningNotice({
        weightKg,
        heightCm,
        goal: "Gain Muscle Mass",
        tdeeKcal: energy.tdeeKcal,
        planningKcal: 2400,
      }),
    ).toBeUndefined();
  });

  it("speaks up when the calorie floor leaves no deficit, and plans the need rather than above it", () => {
    const energy = computeEnergyTargets({
      weightKg: 45,
      heightCm: 150,
      ageYears: 80,
      gender: "female",
      activityFactor: 1.2,
      goal: "Lose Weight",
    });
    expect(energy.planningKcal).toBe(energy.tdeeKcal);
    const notice = screeningNotice({
      weightKg: 45,
      heightCm: 150,
      goal: "Lose Weight",
      tdeeKcal: energy.tdeeKcal,
      planningKcal: energy.planningKcal,
      floorKcal: energy.floorKcal,
    });
    expect(notice?.reasons).toEqual(["floor-above-maintenance"]);
    expect(notice?.message).toContain(
      "not above 1200 kcal, the least we plan for without medical supervision",
    );
    expect(notice?.message).toMatch(/a calorie deficit is not possible within it/);
  });

  it("stays quiet for an ordinary weight-loss profile and for missing numbers", () => {
    const energy = computeEnergyTargets({
      weightKg: 80,
      heightCm: 175,
      ageYears: 35,
      gender: "male",
      activityFactor: 1.375,
      goal: "Lose Weight",
    });
    expect(
      screeningNotice({
        weightKg: 80,
        heightCm: 175,
        goal: "Lose Weight",
        tdeeKcal: energy.tdeeKcal,
        planningKcal: energy.planningKcal,
      }),
    ).toBeUndefined();
    expect(
      screeningNotice({ weightKg: 0, heightCm: 175, goal: "Lose Weight", tdeeKcal: 0, planningKcal: 0 }),
    ).toBeUndefined();
  });
});
