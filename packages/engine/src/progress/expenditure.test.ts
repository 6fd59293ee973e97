import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../workouts/seeded-random";
import {
  COUNTED_DAY_SHARE_OF_TARGET,
  countsForEstimate,
  estimateExpenditure,
  explainSuggestion,
  KCAL_PER_KG,
  suggestTarget,
  type ExpenditureInput,
  type IntakeDay,
} from "./expenditure";
import { isoDateOfDay, isoDayNumber, type WeighIn } from "./weight-trend";

const START = isoDayNumber("2026-03-01");

/**
 * A simulated person with a known, constant expenditure. Each day they eat around `meanIntakeKcal`
 * (±250 kcal) and log it; their true weight follows energy balance at 7,700 kcal/kg; the scale shows
 * the true weight plus a daily swing drawn uniformly from ±0.7 kg (water, food in the gut).
 */
function simulatePerson(options: {
  seed: number;
  days: number;
  trueTdeeKcal: number;
  meanIntakeKcal: number;
  startWeightKg?: number;
  weighEvery?: number;
}): { weighIns: WeighIn[]; intake: IntakeDay[]; today: string } {
  const random = createSeededRandom(options.seed);
  let trueWeightKg = options.startWeightKg ?? 90;
  const weighIns: WeighIn[] = [];
  const intake: IntakeDay[] = [];
  for (let day = 0; day < options.days; day += 1) {
    const date = isoDateOfDay(START + day);
    if (day % (options.weighEvery ?? 1) === 0)
      weighIns.push({ date, weightKg: trueWeightKg + (random.next() * 2 - 1) * 0.7 });
    const eatenKcal = options.meanIntakeKcal + (random.next() * 2 - 1) * 250;
    intake.push({ date, energyKcal: eatenKcal });
    trueWeightKg += (eatenKcal - options.trueTdeeKcal) / KCAL_PER_KG;
  }
  return { weighIns, intake, today: isoDateOfDay(START + options.days - 1) };
}

const TRUE_TDEE = 2600;
/** Mifflin-St Jeor is off by 300 kcal for this person (within its usual error). */
const MIFFLIN = 2900;

function estimateFor(seed: number, overrides: Partial<Parameters<typeof simulatePerson>[0]> = {}) {
  const person = simulatePerson({
    seed,
    days: 28,
    trueTdeeKcal: TRUE_TDEE,
    meanIntakeKcal: 2100,
    ...overrides,
  });
  const input: ExpenditureInput = { ...person, mifflinTdeeKcal: MIFFLIN };
  return estimateExpenditure(input);
}

describe("estimateExpenditure on a simulated person", () => {
  it("after 28 days of noisy (±0.7 kg) weigh-ins and logged intake, is within 150 kcal of the true expenditure", () => {
    const estimate = estimateFor(16);
    expect(estimate.status).toBe("ok");
    if (estimate.status !== "ok") return;
    expect(Math.abs(estimate.tdeeKcal - TRUE_TDEE)).toBeLessThan(150);
    expect(Math.abs(estimate.energyBalanceKcal - TRUE_TDEE)).toBeLessThan(150);
    // A month of daily data outweighs the formula.
    expect(estimate.dataWeight).toBeGreaterThan(0.8);
  });

  it("is within 150 kcal for at least 95 % of 300 simulated people, and unbiased on average", () => {
    const errors = Array.from({ length: 300 }, (_, seed) => {
      const estimate = estimateFor(1000 + seed);
      if (estimate.status !== "ok") throw new Error("expected an estimate");
      return estimate.tdeeKcal - TRUE_TDEE;
    });
    const within = errors.filter((error) => Math.abs(error) < 150).length / errors.length;
    const meanError = errors.reduce((sum, error) => sum + error, 0) / errors.length;
    expect(within).toBeGreaterThanOrEqual(0.95);
    expect(Math.abs(meanError)).toBeLessThan(40);
  });

  it("leans on Mifflin-St Jeor when weigh-ins are few", () => {
    const sparse = estimateFor(7, { weighEvery: 3 });
    const daily = estimateFor(7);
    if (sparse.status !== "ok" || daily.status !== "ok") throw new Error("expected estimates");
    expect(sparse.dataWeight).toBeLessThan(daily.dataWeight);
  });

  it("waits for 14 days, 8 weigh-ins and 10 logged days", () => {
    const short = simulatePerson({ seed: 3, days: 13, trueTdeeKcal: TRUE_TDEE, meanIntakeKcal: 2100 });
    expect(estimateExpenditure({ ...short, mifflinTdeeKcal: MIFFLIN })).toEqual({
      status: "not_enough_data",
      counts: { spanDays: 13, weighIns: 13, loggedDays: 13 },
    });
    const fewWeighIns = simulatePerson({
      seed: 3,
      days: 21,
      trueTdeeKcal: TRUE_TDEE,
      meanIntakeKcal: 2100,
      weighEvery: 3,
    });
    expect(estimateExpenditure({ ...fewWeighIns, mifflinTdeeKcal: MIFFLIN }).status).toBe("not_enough_data");
    const person = simulatePerson({ seed: 3, days: 20, trueTdeeKcal: TRUE_TDEE, meanIntakeKcal: 2100 });
    const fewLogs = { ...person, intake: person.intake.slice(0, 9), mifflinTdeeKcal: MIFFLIN };
    expect(estimateExpenditure(fewLogs).status).toBe("not_enough_data");
  });

  it("ignores data older than four weeks", () => {
    const person = simulatePerson({ seed: 5, days: 28, trueTdeeKcal: TRUE_TDEE, meanIntakeKcal: 2100 });
    const later = isoDateOfDay(isoDayNumber(person.today) + 30);
    expect(estimateExpenditure({ ...person, today: later, mifflinTdeeKcal: MIFFLIN }).status).toBe(
      "not_enough_data",
    );
  });
});

describe("suggestTarget", () => {
  it("is the estimated need minus 400 kcal for weight loss, rounded to 10 kcal", () => {
    const suggestion = suggestTarget({
      tdeeKcal: 2604,
      goal: "Lose Weight",
      gender: "male",
      currentTargetKcal: 2300,
    });
    expect(suggestion).toMatchObject({
      suggestedKcal: 2200,
      changeKcal: -100,
      capped: false,
      worthChanging: true,
    });
  });

  it("moves at most 250 kcal at a time", () => {
    const up = suggestTarget({
      tdeeKcal: 3200,
      goal: "Gain Muscle Mass",
      gender: "male",
      currentTargetKcal: 3000,
    });
    expect(up).toMatchObject({ suggestedKcal: 3250, capped: true });
    const down = suggestTarget({
      tdeeKcal: 1800,
      goal: "Lose Weight",
      gender: "male",
      currentTargetKcal: 2400,
    });
    expect(down).toMatchObject({ suggestedKcal: 2150, capped: true });
  });

  it("never goes below the calorie floor", () => {
    const suggestion = suggestTarget({
      tdeeKcal: 1500,
      goal: "Lose Weight",
      gender: "female",
      currentTargetKcal: 1300,
    });
    expect(suggestion).toMatchObject({ suggestedKcal: 1200, floorApplied: true });
  });

  it("keeps the target when the change would be under 50 kcal", () => {
    const suggestion = suggestTarget({
      tdeeKcal: 2420,
      goal: "Lose Weight",
      gender: "male",
      currentTargetKcal: 2000,
    });
    expect(suggestion.worthChanging).toBe(false);
  });
});

describe("explainSuggestion", () => {
  it("names the intake, the weekly change, the expenditure and the suggestion in one sentence", () => {
    const estimate = estimateFor(16);
    if (estimate.status !== "ok") throw new Error("expected an estimate");
    const suggestion = suggestTarget({
      tdeeKcal: estimate.tdeeKcal,
      goal: "Lose Weight",
      gender: "male",
      currentTargetKcal: 2500,
    });
    const sentence = explainSuggestion(estimate, suggestion);
    expect(sentence).toMatch(
      /^Over 28 days you ate [\d,]+ kcal a day on average \(from the 28 days your diary counts\) and lost 0\.\d\d kg a week, so you burn about [\d,]+ kcal a day, so we suggest [\d,]+ kcal/,
    );
    expect(sentence).toContain(`${suggestion.suggestedKcal.toLocaleString("en-US")} kcal`);
    expect(sentence.split(". ").length).toBe(1);
  });
});

/**
 * A person who eats the plan (2,100 kcal, ticked) on four days of seven and off the plan on the other three:
 * breakfast from the plan (ticked, 500 kcal), then a lunch and dinner out, 2,400 kcal more, logged in the diary
 * and the day marked complete. True expenditure 2,600 kcal; the scale swings ±0.7 kg a day.
 */
function offPlanWeek(seed: number): {
  diary: IntakeDay[];
  ticksOnly: IntakeDay[];
  weighIns: WeighIn[];
  today: string;
} {
  const random = createSeededRandom(seed);
  let trueWeightKg = 85;
  const diary: IntakeDay[] = [];
  const ticksOnly: IntakeDay[] = [];
  const weighIns: WeighIn[] = [];
  for (let day = 0; day < 28; day += 1) {
    const date = isoDateOfDay(START + day);
    weighIns.push({ date, weightKg: trueWeightKg + (random.next() * 2 - 1) * 0.7 });
    const offPlan = day % 7 >= 4;
    const tickedKcal = offPlan ? 500 : 2100;
    const loggedKcal = offPlan ? 2400 : 0;
    diary.push({ date, energyKcal: tickedKcal + loggedKcal, complete: offPlan });
    ticksOnly.push({ date, energyKcal: tickedKcal });
    trueWeightKg += (tickedKcal + loggedKcal - TRUE_TDEE) / KCAL_PER_KG;
  }
  return { diary, ticksOnly, weighIns, today: isoDateOfDay(START + 27) };
}

describe("the estimate from the diary", () => {
  const TARGET = 2100;

  it("is within 150 kcal after 28 days when off-plan days are logged, while ticked plan items alone are off by more", () => {
    const person = offPlanWeek(7);
    const fromDiary = estimateExpenditure({
      weighIns: person.weighIns,
      intake: person.diary,
      today: person.today,
      mifflinTdeeKcal: MIFFLIN,
      targetKcal: TARGET,
    });
    // Before the diary: the same ticks, every ticked day counted (the estimate had no target to judge by).
    const fromTicks = estimateExpenditure({
      weighIns: person.weighIns,
      intake: person.ticksOnly,
      today: person.today,
      mifflinTdeeKcal: MIFFLIN,
    });
    if (fromDiary.status !== "ok" || fromTicks.status !== "ok") throw new Error("expected estimates");
    expect(Math.abs(fromDiary.tdeeKcal - TRUE_TDEE)).toBeLessThan(150);
    expect(fromDiary.counts.loggedDays).toBe(28);
    expect(Math.abs(fromTicks.tdeeKcal - TRUE_TDEE)).toBeGreaterThan(150);
    // With the target, the half-logged tick days are left out, yet the rest still miss the meals eaten out.
    const ticksWithTarget = estimateExpenditure({
      weighIns: person.weighIns,
      intake: person.ticksOnly,
      today: person.today,
      mifflinTdeeKcal: MIFFLIN,
      targetKcal: TARGET,
    });
    if (ticksWithTarget.status !== "ok") throw new Error("expected an estimate");
    expect(ticksWithTarget.counts.loggedDays).toBe(16);
    expect(Math.abs(ticksWithTarget.tdeeKcal - TRUE_TDEE)).toBeGreaterThan(150);
  });

  it("counts a day marked complete whatever its intake, and an unmarked one from the stated share of the target", () => {
    expect(countsForEstimate({ date: "2026-03-01", energyKcal: 900, complete: true }, 2000)).toBe(true);
    expect(
      countsForEstimate({ date: "2026-03-01", energyKcal: 2000 * COUNTED_DAY_SHARE_OF_TARGET }, 2000),
    ).toBe(true);
    expect(countsForEstimate({ date: "2026-03-01", energyKcal: 1300 }, 2000)).toBe(false);
    expect(countsForEstimate({ date: "2026-03-01", energyKcal: 1300 }, undefined)).toBe(true);
    expect(countsForEstimate({ date: "2026-03-01", energyKcal: 0 }, undefined)).toBe(false);
  });
});
