import { beforeAll, describe, expect, it } from "vitest";
import { BEGINNER_GUIDE } from "../guide/beginner-guide";
import { computeEnergyTargets } from "../nutrition/energy";
import { findFood } from "../nutrition/food-catalogue";
import { createMealPlanner, type MealItem, type MealPlanner } from "../nutrition/meal-planner";
import { suitsDiet } from "../nutrition/meal-targets";
import { EXERCISE_LIBRARY } from "../workouts/exercise-library";
import { WEEKDAYS } from "../workouts/exercise.types";
import { loadsJoint } from "../workouts/joint-load";
import { planWorkoutWeek } from "../workouts/workout-planner";
import { parseIntent, parseIntents } from "./intent-parser";
import { RED_FLAG_REPLIES } from "./red-flags";
import { applyIntent, CAPABILITIES, respond, type TrainerOutcome } from "./trainer-actions";
import {
  failingPlanner,
  fixturePlanner,
  fixtureState,
  fixtureWorkout,
  DAY_1,
  DAY_2,
  PROFILE,
} from "./trainer.fixture";
import { isExerciseItem, sumItems, trainingDays, type TrainerState } from "./trainer-state";

const SEED = 42;

function say(
  message: string,
  state: TrainerState = fixtureState(),
  planner: MealPlanner = fixturePlanner(),
): TrainerOutcome {
  return respond(message, state, { mealPlanner: planner, seed: SEED });
}

function kcal(value: number): string {
  return `${Math.round(value).toLocaleString("en-US")} kcal`;
}

function expectUnchanged(outcome: TrainerOutcome, before: TrainerState): void {
  expect(outcome.state).toBe(before);
  expect(outcome.changed).toEqual({ mealDays: [], workout: false, profile: false });
  expect(outcome.itemIdsUpdated).toEqual([]);
  expect(outcome.activeDay).toBeUndefined();
}

describe("meal changes", () => {
  it.each(["swap the oatmeal", "Swap the OATMEAL!", "can you replace the oatmeal?"])(
    "swaps one named item and nothing else: %s",
    (message) => {
      const before = fixtureState();
      const outcome = say(message, before);
      const oatmeal = DAY_1[0] as MealItem;
      const newItem = outcome.state.mealPlans[1]?.[0] as MealItem;

      expect(newItem.id).not.toBe(oatmeal.id);
      expect(newItem.slot).toBe("Breakfast");
      expect(outcome.state.mealPlans[1]?.slice(1)).toEqual(DAY_1.slice(1));
      expect(outcome.state.mealPlans[2]).toBe(DAY_2);
      expect(outcome.state.workoutPlan).toBe(before.workoutPlan);
      expect(outcome.state.profile).toBe(before.profile);
      expect(outcome.changed).toEqual({ mealDays: [1], workout: false, profile: false });
      expect(outcome.itemIdsUpdated).toEqual([newItem.id]);
      expect(outcome.activeDay).toBe(1);
      const breakfastAfter = sumItems(outcome.state.mealPlans[1] ?? [], "Breakfast").energyKcal;
      expect(outcome.reply).toContain(
        `Swapped **${oatmeal.name} (${oatmeal.grams} g, ${kcal(oatmeal.energyKcal)})** for **${newItem.name}`,
      );
      expect(outcome.reply).toContain(
        `Breakfast is now ${kcal(breakfastAfter)} (was ${kcal(sumItems(DAY_1, "Breakfast").energyKcal)})`,
      );
    },
  );

  it.each(["replace my lunch", "Give me a different lunch please"])(
    "replaces every item of a meal and leaves the other meals: %s",
    (message) => {
      const before = fixtureState();
      const outcome = say(message, before);
      const after = outcome.state.mealPlans[1] ?? [];
      const lunchBefore = DAY_1.filter((item) => item.slot === "Lunch");
      const lunchAfter = after.filter((item) => item.slot === "Lunch");

      expect(lunchAfter).toHaveLength(lunchBefore.length);
      for (const item of lunchAfter) expect(lunchBefore.map((old) => old.id)).not.toContain(item.id);
      expect(after.filter((item) => item.slot !== "Lunch")).toEqual(
        DAY_1.filter((item) => item.slot !== "Lunch"),
      );
      expect(outcome.state.mealPlans[2]).toBe(DAY_2);
      expect(outcome.state.workoutPlan).toBe(before.workoutPlan);
      expect(outcome.itemIdsUpdated).toEqual(lunchAfter.map((item) => item.id));
      expect(outcome.reply).toContain("Lunch is now");
    },
  );

  it("explains, without changing anything, when a day has no plan", () => {
    const before = fixtureState();
    const outcome = say("swap lunch on day 5", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain("don't have a meal plan for Day 5");
  });

  it.each([
    ["Regenerate day 2", 2],
    ["new meals for today", 1],
    ["new meals for day 4", 4],
  ])("regenerates exactly the day asked for: %s", (message, day) => {
    const planner = fixturePlanner();
    const before = fixtureState();
    const outcome = say(message, before, planner);

    expect(planner.requests[0]).toMatchObject({
      targetKcal: PROFILE.targetKcal,
      cuisine: PROFILE.cuisine,
      planNumber: ((day - 1) % 3) + 1,
    });
    const expected = fixturePlanner().plan(planner.requests[0] ?? ({} as never));
    expect(expected.ok && outcome.state.mealPlans[day as 1]).toEqual(
      expected.ok ? expected.plan.items : undefined,
    );
    for (const other of [1, 2] as const)
      if (other !== day) expect(outcome.state.mealPlans[other]).toBe(before.mealPlans[other]);
    expect(outcome.state.workoutPlan).toBe(before.workoutPlan);
    expect(outcome.changed).toEqual({ mealDays: [day], workout: false, profile: false });
    expect(outcome.activeDay).toBe(day);
    expect(outcome.reply).toContain(`new meals for **Day ${day}**`);
  });

  it("passes engine errors on honestly and changes nothing", () => {
    const before = fixtureState();
    const outcome = say(
      "regenerate day 2",
      before,
      failingPlanner("With a vegan diet, the Lunch foods left cannot reach 600 kcal."),
    );
    expectUnchanged(outcome, before);
    expect(outcome.reply).toBe(
      "I couldn't plan new meals for Day 2, because with a vegan diet, the Lunch foods left cannot reach 600 kcal. Nothing in your plans has changed.",
    );
  });

  it.each(["I'm allergic to peanuts", "i am allergic to PEANUTS."])(
    "records an allergy and re-plans only the days that hold it: %s",
    (message) => {
      const planner = fixturePlanner();
      const before = fixtureState();
      const outcome = say(message, before, planner);
      const dayOne = outcome.state.mealPlans[1] ?? [];

      expect(outcome.state.profile.allergiesText).toBe("allergic to peanuts");
      expect({ ...outcome.state.profile, allergiesText: "" }).toEqual(before.profile);
      expect(dayOne.some((item) => findFood(item.foodId)?.allergens.includes("peanut"))).toBe(false);
      expect(dayOne).not.toEqual(DAY_1);
      expect(outcome.state.mealPlans[2]).toBe(DAY_2);
      expect(outcome.state.workoutPlan).toBe(before.workoutPlan);
      expect(outcome.changed).toEqual({ mealDays: [1], workout: false, profile: true });
      expect(planner.requests.map((request) => request.allergiesText)).toEqual(["allergic to peanuts"]);
      expect(outcome.reply).toContain("Oatmeal with peanut butter and banana");
      expect(outcome.reply).toContain(
        `${kcal(sumItems(DAY_1).energyKcal)} → ${kcal(sumItems(dayOne).energyKcal)}`,
      );
    },
  );

  it("records a dislike next to what was there and re-plans the day that has it", () => {
    const before = fixtureState({ profile: { ...PROFILE, allergiesText: "shrimp" } });
    const outcome = say("I don't like lentils", before);
    expect(outcome.state.profile.allergiesText).toBe("shrimp, don't like lentils");
    expect(outcome.state.mealPlans[1]).toBe(DAY_1);
    expect(outcome.state.mealPlans[2]?.some((item) => /lentil/i.test(item.name))).toBe(false);
    expect(outcome.changed).toEqual({ mealDays: [2], workout: false, profile: true });
  });

  it("keeps plans that do not hold the new avoidance", () => {
    const before = fixtureState();
    const outcome = say("I hate olives", before);
    expect(outcome.state.mealPlans).toEqual(before.mealPlans);
    expect(outcome.changed).toEqual({ mealDays: [], workout: false, profile: true });
    expect(outcome.reply).toContain("None of your current meals contain it");
  });

  it("does not pretend to understand an unknown food", () => {
    const before = fixtureState();
    const outcome = say("I'm allergic to zorblax", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain(`couldn't match "zorblax"`);
  });

  it("adds what it understood and names the words it could not place", () => {
    const outcome = say("I'm allergic to peanuts and zorblax");
    expect(outcome.state.profile.allergiesText).toBe("allergic to peanuts and zorblax");
    expect(outcome.reply).toContain(`I didn't recognise "zorblax"`);
  });

  it("reads religious rules and typos: halal, shelfish", () => {
    const halal = say("I only eat halal");
    expect(halal.reply).toContain("pork, alcohol, gelatin, animal-rennet and blood");
    const typo = say("I'm allergic to shelfish");
    expect(typo.reply).toContain("shellfish");
    expect(typo.state.mealPlans[1]?.some((item) => /shrimp|prawn/i.test(item.name))).toBe(false);
  });

  it("mentions unrecognised allergy words when it plans new meals", () => {
    const before = fixtureState({ profile: { ...PROFILE, allergiesText: "peanuts, flibbertigibbet" } });
    const outcome = say("new meals for today", before);
    expect(outcome.reply).toContain(`I didn't recognise "flibbertigibbet"`);
  });

  it.each(["make it Italian", "Switch to Italian food please"])(
    "changes cuisine and re-plans every stored day: %s",
    (message) => {
      const planner = fixturePlanner();
      const before = fixtureState();
      const outcome = say(message, before, planner);
      expect(outcome.state.profile).toEqual({ ...PROFILE, cuisine: "Italian" });
      expect(planner.requests.map((request) => [request.cuisine, request.planNumber])).toEqual([
        ["Italian", 1],
        ["Italian", 2],
      ]);
      expect(outcome.state.mealPlans[1]).not.toEqual(DAY_1);
      expect(outcome.state.mealPlans[2]).not.toEqual(DAY_2);
      expect(outcome.state.workoutPlan).toBe(before.workoutPlan);
      expect(outcome.changed).toEqual({ mealDays: [1, 2], workout: false, profile: true });
      expect(outcome.reply).toContain(`Day 1: ${kcal(sumItems(DAY_1).energyKcal)} →`);
    },
  );

  it.each(["I went vegan", "make my diet vegan"])(
    "changes diet type and every planned item suits it: %s",
    (message) => {
      const outcome = say(message);
      expect(outcome.state.profile.dietType).toBe("vegan");
      for (const day of [1, 2] as const) {
        for (const item of outcome.state.mealPlans[day] ?? [])
          expect(suitsDiet(findFood(item.foodId) ?? ({} as never), "vegan")).toBe(true);
      }
    },
  );

  it("changes nothing at all when one day cannot be re-planned", () => {
    const before = fixtureState();
    const outcome = say(
      "I went vegan",
      before,
      failingPlanner("With a vegan diet, a day of 2017 kcal reaches only 62 g of protein."),
    );
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain(
      "I couldn't switch your meals to vegan (Day 1), because with a vegan diet",
    );
  });

  it("re-plans only the day in view when asked to defer, and hands back the other days as pending", () => {
    const before = { ...fixtureState(), activeDay: 2 as const };
    const [intent] = parseIntents("I went vegan", before);
    const outcome = applyIntent(intent ?? { kind: "thanks" }, before, {
      mealPlanner: fixturePlanner(),
      seed: SEED,
      deferOtherMealDays: true,
    });
    expect(outcome.changed.mealDays).toEqual([2]);
    expect(outcome.pendingMealDays).toEqual([1]);
    expect(outcome.state.profile.dietType).toBe("vegan");
    expect(outcome.state.mealPlans[1]).toBe(DAY_1);
    for (const item of outcome.state.mealPlans[2] ?? [])
      expect(suitsDiet(findFood(item.foodId) ?? ({} as never), "vegan")).toBe(true);
    expect(outcome.reply).toContain("Day 2 is updated");
    expect(outcome.reply).toContain("The rest of your week (Day 1) follows in a moment");
  });

  it("says so when the cuisine is already the one asked for", () => {
    const before = fixtureState();
    const outcome = say("make it American", before);
    expectUnchanged(outcome, before);
  });
});

describe("workout changes", () => {
  const base = fixtureState();
  const target = base.workoutPlan.find((item) => item.bodyPart === "Chest");

  it.each([`swap the ${target?.name ?? ""}`, `I don't like ${(target?.name ?? "").toUpperCase()}!`])(
    "replaces a named exercise and nothing else: %s",
    (message) => {
      const outcome = say(message, base);
      const index = base.workoutPlan.findIndex((item) => item.id === target?.id);
      const replaced = outcome.state.workoutPlan[index];

      expect(replaced?.id).not.toBe(target?.id);
      expect(replaced?.name).not.toBe(target?.name);
      expect(replaced).toMatchObject({
        day: target?.day,
        bodyPart: "Chest",
        sets: target?.sets,
        reps: target?.reps,
      });
      const others = (plan: TrainerState["workoutPlan"]) => plan.filter((_, position) => position !== index);
      expect(others(outcome.state.workoutPlan)).toEqual(others(base.workoutPlan));
      expect(outcome.state.mealPlans).toBe(base.mealPlans);
      expect(outcome.state.profile).toBe(base.profile);
      expect(outcome.changed).toEqual({ mealDays: [], workout: true, profile: false });
      expect(outcome.itemIdsUpdated).toEqual([replaced?.id]);
      expect(outcome.reply).toContain(
        `Swapped **${target?.name} (${target?.sets} × ${target?.reps})** for **${replaced?.name}`,
      );
    },
  );

  it("says when the exercise is not in the plan", () => {
    const outcome = say("swap the barbell hip thrust", base);
    expectUnchanged(outcome, base);
    expect(outcome.reply).toContain("**Barbell Hip Thrust** isn't in your workout plan");
  });

  it.each([
    "move Monday's workout to Tuesday",
    "Move my workout from monday to tuesday",
    "I'd rather train on Tuesday instead of Monday",
  ])("moves a day's workout to a rest day: %s", (message) => {
    const outcome = say(message, base);
    const plan = outcome.state.workoutPlan;
    const mondayBefore = base.workoutPlan.filter((item) => item.day === "Monday");

    expect(plan.filter((item) => item.day === "Tuesday")).toEqual(
      mondayBefore.map((item) => ({ ...item, day: "Tuesday" })),
    );
    expect(plan.filter((item) => item.day === "Monday")).toEqual([
      expect.objectContaining({
        day: "Monday",
        name: "Rest Day",
        sets: 0,
        reps: "0",
      }),
    ]);
    for (const day of WEEKDAYS.filter((weekday) => weekday !== "Monday" && weekday !== "Tuesday")) {
      expect(plan.filter((item) => item.day === day)).toEqual(
        base.workoutPlan.filter((item) => item.day === day),
      );
    }
    expect(new Set(plan.map((item) => item.id)).size).toBe(plan.length);
    expect(trainingDays(plan)).toEqual(["Tuesday", "Wednesday", "Friday", "Saturday"]);
    expect(outcome.state.profile).toEqual({
      ...PROFILE,
      workoutDays: ["Tuesday", "Wednesday", "Friday", "Saturday"],
    });
    expect(outcome.state.mealPlans).toBe(base.mealPlans);
    expect(outcome.itemIdsUpdated).toEqual(mondayBefore.filter(isExerciseItem).map((item) => item.id));
    expect(outcome.reply).toContain("to **Tuesday**; Monday is now a rest day");
  });

  it("refuses to move a workout onto a day that already trains, and says why", () => {
    const outcome = say("move Monday's workout to Wednesday", base);
    expectUnchanged(outcome, base);
    expect(outcome.reply).toContain("You already train on Wednesday");
    expect(outcome.reply).toContain("Tuesday, Thursday and Sunday");
  });

  it("refuses to move a rest day", () => {
    const outcome = say("move Tuesday's workout to Thursday", base);
    expectUnchanged(outcome, base);
    expect(outcome.reply).toContain("Tuesday is already a rest day");
  });

  it.each(["make Friday a rest day", "I can't train on Friday", "skip friday"])(
    "makes a rest day and rebuilds the week for the days left: %s",
    (message) => {
      const outcome = say(message, base);
      const expected = planWorkoutWeek({
        goal: PROFILE.goal,
        level: PROFILE.level,
        days: ["Monday", "Wednesday", "Saturday"],
        workoutType: PROFILE.workoutType,
        seed: SEED,
      });
      expect(expected.ok && outcome.state.workoutPlan).toEqual(expected.ok ? expected.plan.items : undefined);
      expect(trainingDays(outcome.state.workoutPlan)).toEqual(["Monday", "Wednesday", "Saturday"]);
      expect(outcome.state.profile).toEqual({ ...PROFILE, workoutDays: ["Monday", "Wednesday", "Saturday"] });
      expect(outcome.state.mealPlans).toBe(base.mealPlans);
      expect(outcome.changed).toEqual({ mealDays: [], workout: true, profile: true });
      expect(outcome.reply).toContain("**Friday** is now a rest day");
    },
  );

  it("refuses a rest day that would leave fewer than three training days", () => {
    const threeDays = fixtureState({
      profile: { ...PROFILE, workoutDays: ["Monday", "Wednesday", "Friday"] },
      workoutPlan: fixtureWorkout(["Monday", "Wednesday", "Friday"]),
    });
    const outcome = say("make Friday a rest day", threeDays);
    expectUnchanged(outcome, threeDays);
    expect(outcome.reply).toContain("would leave 2, and your plan needs at least 3 training days");
  });

  it.each(["I'm advanced", "change my level to advanced"])(
    "changes experience and rebuilds workouts only: %s",
    (message) => {
      const outcome = say(message, base);
      const expected = planWorkoutWeek({
        goal: PROFILE.goal,
        level: "Advanced",
        days: PROFILE.workoutDays,
        workoutType: PROFILE.workoutType,
        seed: SEED,
      });
      expect(expected.ok && outcome.state.workoutPlan).toEqual(expected.ok ? expected.plan.items : undefined);
      expect(outcome.state.profile).toEqual({ ...PROFILE, level: "Advanced" });
      expect(outcome.state.mealPlans).toBe(base.mealPlans);
      expect(outcome.changed).toEqual({ mealDays: [], workout: true, profile: true });
      expect(outcome.reply).toContain("Your level is now **Advanced** (was Beginner)");
    },
  );

  it.each(["I want to build muscle now", "I want to bulk"])(
    "changes goal: new target from the energy module, new workouts, meals re-planned: %s",
    (message) => {
      const planner = fixturePlanner();
      const outcome = say(message, base, planner);
      const energy = computeEnergyTargets({ ...PROFILE, goal: "Gain Muscle Mass" });
      expect(outcome.state.profile).toEqual({
        ...PROFILE,
        goal: "Gain Muscle Mass",
        targetKcal: energy.planningKcal,
        tdeeKcal: energy.tdeeKcal,
      });
      const expected = planWorkoutWeek({
        goal: "Gain Muscle Mass",
        level: PROFILE.level,
        days: PROFILE.workoutDays,
        workoutType: PROFILE.workoutType,
        seed: SEED,
      });
      expect(expected.ok && outcome.state.workoutPlan).toEqual(expected.ok ? expected.plan.items : undefined);
      expect(planner.requests.map((request) => [request.goal, request.targetKcal])).toEqual([
        ["Gain Muscle Mass", energy.planningKcal],
        ["Gain Muscle Mass", energy.planningKcal],
      ]);
      expect(outcome.changed).toEqual({ mealDays: [1, 2], workout: true, profile: true });
      expect(outcome.reply).toContain(`**${kcal(PROFILE.targetKcal)} → ${kcal(energy.planningKcal)}**`);
    },
  );
});

describe("questions change nothing", () => {
  const base = fixtureState();

  it.each([
    ["how many calories today?", `Day 1's plan has **${kcal(sumItems(DAY_1).energyKcal)}**`],
    ["How much protein do I have today", `**${Math.round(sumItems(DAY_1).proteinG * 10) / 10} g protein**`],
    ["what are my macros on day 2?", `${Math.round(sumItems(DAY_2).carbsG * 10) / 10} g carbs`],
  ])("%s", (message, expected) => {
    const outcome = say(message, base);
    expectUnchanged(outcome, base);
    expect(outcome.reply).toContain(expected);
  });

  it("answers how much protein to eat from the guide, then the plan", () => {
    const outcome = say("how much protein should I eat?", base);
    expect(outcome.reply).toContain("1.4–2 g of protein per kilogram");
    expect(outcome.reply).toContain("Day 1's plan has");
  });

  it("explains an exercise with the library's cues", () => {
    const deadlift = EXERCISE_LIBRARY.find((exercise) => exercise.id === "barbell-deadlift");
    const outcome = say("How do I do a deadlift?", base);
    expectUnchanged(outcome, base);
    expect(deadlift?.cues.length).toBeGreaterThan(0);
    for (const cue of deadlift?.cues ?? []) expect(outcome.reply).toContain(cue);
  });

  it("will not invent technique for an exercise it does not know", () => {
    const outcome = say("how do I do a triple backflip?", base);
    expect(outcome.reply).toContain(`"triple backflip" isn't in my exercise library`);
  });

  it("quotes the guide on water", () => {
    const sentence = BEGINNER_GUIDE.flatMap((section) => section.paragraphs)
      .join(" ")
      .split(/(?<=\.)\s+/)
      .find((text) => text.includes("litres of water"));
    const outcome = say("how much water should I drink?", base);
    expect(sentence).toBeDefined();
    expect(outcome.reply).toContain(sentence);
    expect(outcome.reply).not.toContain("raw rice");
  });

  it("answers sleep from the guide for adults and from the AASM's teen range for teenagers", () => {
    expect(say("how much sleep do I need?", base).reply).toContain("7–9 hours");
    const teen = fixtureState({ profile: { ...PROFILE, ageYears: 15 } });
    expect(say("How much sleep do I need?", teen).reply).toContain("8–10 hours");
  });

  it("condenses the guide for a beginner", () => {
    const outcome = say("I'm new to the gym, where do I start?", base);
    for (const section of BEGINNER_GUIDE) expect(outcome.reply).toContain(section.title);
  });

  it("describes the week's workouts", () => {
    const outcome = say("which days do I train?", base);
    expect(outcome.reply).toContain("You train on Monday, Wednesday, Friday and Saturday");
  });

  it.each([
    ["hi", "I'm Alex"],
    ["thanks!", "You're welcome"],
  ])("%s", (message, expected) => {
    expect(say(message, base).reply).toContain(expected);
  });
});

describe("safety and honesty", () => {
  it.each([
    ["I have chest pain, swap push-ups", "heart"],
    ["I fainted yesterday, make Friday a rest day", "fainting"],
    ["I've been purging, lower my calories", "eating-disorder"],
    ["I'm pregnant, I want to lose weight", "pregnancy"],
  ] as const)("refers a red flag to a professional and changes nothing: %s", (message, flag) => {
    const before = fixtureState();
    const outcome = say(message, before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toBe(RED_FLAG_REPLIES[flag]);
    expect(outcome.reply).toMatch(/doctor|emergency|professional|midwife/);
  });

  describe("screening notice", () => {
    // BMI 17.8 with "Lose Weight": the example.
    const underweight = (): TrainerState => {
      const base = fixtureState();
      const energy = computeEnergyTargets({
        weightKg: 51.5,
        heightCm: 170,
        ageYears: 24,
        gender: "female",
        activityFactor: 1.55,
        goal: "Lose Weight",
      });
      return {
        ...base,
        profile: {
          ...base.profile,
          weightKg: 51.5,
          heightCm: 170,
          gender: "female",
          tdeeKcal: energy.tdeeKcal,
          targetKcal: energy.planningKcal,
        },
      };
    };

    it.each(["am I underweight?", "what's my BMI", "is it safe for me to lose weight?", "is my plan safe?"])(
      "says it kindly when asked, changing nothing: %s",
      (message) => {
        const before = underweight();
        expect(parseIntent(message, before).kind).toBe("ask-safety");
        const outcome = say(message, before);
        expectUnchanged(outcome, before);
        expect(outcome.reply).toMatch(/BMI is 17\.8/);
        expect(outcome.reply).toMatch(/doctor or registered dietitian/);
      },
    );

    it("adds it to the answer about calories", () => {
      const before = underweight();
      const outcome = say("how many calories are in my plan today?", before);
      expect(outcome.reply).toMatch(/below the healthy range/);
      expect(say("how many calories are in my plan today?").reply).not.toMatch(/healthy range/);
    });

    it("adds it when an underweight user switches to Lose Weight", () => {
      const gaining = underweight();
      const before: TrainerState = { ...gaining, profile: { ...gaining.profile, goal: "Gain Muscle Mass" } };
      const outcome = say("I want to lose weight", before);
      expect(outcome.state.profile.goal).toBe("Lose Weight");
      expect(outcome.reply).toMatch(/BMI is 17\.8, below the healthy range/);
    });

    it("tells an ordinary profile its BMI and that nothing calls for caution", () => {
      const outcome = say("is my plan safe?");
      expect(outcome.reply).toMatch(/BMI is 25\.2/);
      expect(outcome.reply).toMatch(/moderate deficit/);
    });
  });

  it.each(["what's the weather like", "tell me a joke", "who won the football last night"])(
    "answers an off-topic message in two lines, not with the list of what it can do: %s",
    (message) => {
      const before = fixtureState();
      const outcome = say(message, before);
      expectUnchanged(outcome, before);
      expect(outcome.reply).toContain("outside what I know");
      expect(outcome.reply).not.toContain(CAPABILITIES[0] ?? "missing");
      expect(outcome.reply.length).toBeLessThan(160);
    },
  );

  it.each(["asdfgh", "qwerty", "jkjkjkj", "lkasjdf laksjdf", "???"])(
    "asks for gibberish to be written another way: %s",
    (message) => {
      const outcome = say(message);
      expect(outcome.reply).toMatch(/^I couldn't read that\./);
      expect(outcome.reply).not.toContain(CAPABILITIES[0] ?? "missing");
    },
  );

  it("answers 'can I eat pizza?' about pizza and the day's target, briefly", () => {
    const before = fixtureState();
    const outcome = say("can I eat pizza?", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toMatch(/^Yes, now and then\. Pizza isn't in your plan/);
    expect(outcome.reply).toContain(kcal(PROFILE.targetKcal));
    // A dish that only shares letters with it is not pizza.
    const breakfast = before.mealPlans[1]?.[0];
    const pizzaiola = fixtureState({
      mealPlans: { 1: breakfast ? [{ ...breakfast, name: "Seitan alla pizzaiola" }] : [] },
    });
    expect(say("can I eat pizza?", pizzaiola).reply).toMatch(/^Yes, now and then\. Pizza isn't in your plan/);
    expect(outcome.reply).not.toContain(CAPABILITIES[0] ?? "missing");
  });

  it("says a food asked about is already planned, or kept out as asked", () => {
    expect(say("can i have salmon tonight?").reply).toBe(
      "Yes: Salmon, baked is in your plan (Day 1, dinner).",
    );
    const allergic = fixtureState({ profile: { ...PROFILE, allergiesText: "allergic to peanuts" } });
    expect(say("is peanut butter ok?", allergic).reply).toMatch(/^You asked me to keep peanut butter out/);
  });

  it("leaves the plans alone when asked to, and lists everything only on 'help'", () => {
    expect(say("don't change anything").reply).toBe("Fine, I'll leave your plans as they are.");
    for (const capability of CAPABILITIES) expect(say("what can you do?").reply).toContain(capability);
    const unsure = say("should i go vegan?").reply;
    expect(unsure).toContain("I'd rather not guess");
    expect(unsure).toContain('Say "help"');
    expect(unsure).not.toContain(CAPABILITIES[0] ?? "missing");
  });

  it("says when a named item is in neither plan", () => {
    const before = fixtureState();
    const outcome = say("swap the pizza", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain(`couldn't find "pizza"`);
  });

  it("never echoes markup from the message into the reply", () => {
    for (const message of [
      "swap the <img src=x onerror=alert(1)>",
      "I'm allergic to <script>alert(1)</script>",
      "how do I do a <b>lift</b>?",
    ]) {
      expect(say(message).reply).not.toMatch(/<|>/);
    }
  });

  it("is deterministic for a seed", () => {
    const first = say("replace my dinner");
    const second = say("replace my dinner");
    expect(second).toEqual(first);
  });

  it("applyIntent takes a parsed intent directly", () => {
    const state = fixtureState();
    const outcome = applyIntent(parseIntent("regenerate day 2", state), state, {
      mealPlanner: fixturePlanner(),
      seed: SEED,
    });
    expect(outcome.changed.mealDays).toEqual([2]);
  });
});

describe("with the real meal planner", () => {
  let planner: MealPlanner;
  beforeAll(async () => {
    planner = await createMealPlanner();
  }, 60_000);

  it("regenerates one day and leaves everything else as it was", () => {
    const before = fixtureState();
    const outcome = respond("regenerate day 2", before, { mealPlanner: planner, seed: SEED });
    const dayTwo = outcome.state.mealPlans[2] ?? [];
    expect(outcome.changed).toEqual({ mealDays: [2], workout: false, profile: false });
    expect(dayTwo).not.toEqual(DAY_2);
    for (const item of dayTwo) expect(findFood(item.foodId)?.name).toBe(item.name);
    expect(outcome.state.mealPlans[1]).toBe(DAY_1);
    expect(outcome.state.workoutPlan).toBe(before.workoutPlan);
    expect(outcome.reply).toContain(`**Day 2**: ${kcal(sumItems(dayTwo).energyKcal)}`);
  }, 30_000);

  it("defers the other days that hold a new allergen, and says they follow", () => {
    const base = fixtureState();
    // Days 1 and 2 both hold peanut butter; the person looks at day 2.
    const before: TrainerState = { ...base, mealPlans: { 1: DAY_1, 2: DAY_1 }, activeDay: 2 };
    const [intent] = parseIntents("I'm allergic to peanuts", before);
    const outcome = applyIntent(intent ?? { kind: "thanks" }, before, {
      mealPlanner: planner,
      seed: SEED,
      deferOtherMealDays: true,
    });
    expect(outcome.changed.mealDays).toEqual([2]);
    expect(outcome.pendingMealDays).toEqual([1]);
    expect(outcome.state.mealPlans[1]).toBe(DAY_1);
    for (const item of outcome.state.mealPlans[2] ?? [])
      expect(findFood(item.foodId)?.allergens).not.toContain("peanut");
    expect(outcome.reply).toContain("Day 1 has it too and follows in a moment");
  }, 30_000);

  it("re-plans around a new allergy so no stored day keeps it", () => {
    const outcome = respond("I'm allergic to peanuts", fixtureState(), { mealPlanner: planner, seed: SEED });
    expect(outcome.changed.mealDays).toEqual([1]);
    for (const day of [1, 2] as const) {
      for (const item of outcome.state.mealPlans[day] ?? [])
        expect(findFood(item.foodId)?.allergens).not.toContain("peanut");
    }
  }, 30_000);
});

describe("what people type, carried out", () => {
  it("asks back with buttons when two items are named alike, and changes nothing", () => {
    const before = fixtureState();
    const outcome = say("swap the rice", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain("Which one do you mean?");
    expect(outcome.choices?.map((choice) => choice.message)).toEqual([
      "swap the Brown rice, cooked on day 1",
      "swap the White rice, cooked on day 1",
    ]);
  });

  it("carries out two requests in one message, the second on the state the first left", () => {
    const before = fixtureState();
    const outcome = say("swap the apple and make friday a rest day", before);
    expect(outcome.changed).toEqual({ mealDays: [1], workout: true, profile: true });
    expect(outcome.state.mealPlans[1]?.some((item) => item.foodId === "apple")).toBe(false);
    expect(trainingDays(outcome.state.workoutPlan)).not.toContain("Friday");
    expect(outcome.reply).toMatch(/Apple[\s\S]*Friday\*\* is now a rest day/);
  });

  it("sets how many days a week to train, keeping the current days that fit", () => {
    const before = fixtureState();
    const outcome = say("I can only train three days a week", before);
    const days = trainingDays(outcome.state.workoutPlan);
    expect(days).toHaveLength(3);
    expect(days.every((day) => before.profile.workoutDays.includes(day))).toBe(true);
    expect(outcome.state.profile.workoutDays).toEqual(days);
    expect(outcome.changed).toEqual({ mealDays: [], workout: true, profile: true });
  });

  it("refuses a training week outside what the planner builds, and says why", () => {
    const before = fixtureState();
    const outcome = say("only two days a week for the gym please", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain("3–6 training days");
  });

  it("answers pain with the guide's safety advice", () => {
    const outcome = say("my knee hurts");
    expect(outcome.reply).toContain("Beginner guide");
    expect(outcome.reply.toLowerCase()).toContain("pain");
  });

  it("answers abuse calmly, with what it can do", () => {
    const before = fixtureState();
    const outcome = say("you're useless", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain("friendly");
    expect(outcome.reply).toContain(CAPABILITIES[0] ?? "missing");
  });
});

describe("pain in a joint", () => {
  const loadsKnee = (state: TrainerState) =>
    state.workoutPlan.filter((item) => {
      const exercise = EXERCISE_LIBRARY.find((entry) => entry.name === item.name);
      return exercise !== undefined && loadsJoint(exercise, "knee");
    });

  it("gives the safety advice, then offers to rest the joint, and changes nothing yet", () => {
    const before = fixtureState();
    expect(loadsKnee(before).length).toBeGreaterThan(0);
    const outcome = say("my knee hurts", before);
    expectUnchanged(outcome, before);
    expect(outcome.reply).toContain("Beginner guide");
    expect(outcome.reply).toContain(`${loadsKnee(before)[0]?.name ?? "missing"}`);
    expect(outcome.reply).toContain('Say "protect my knee"');
    expect(outcome.choices?.[0]).toEqual({ label: "Yes, protect my knee", message: "protect my knee" });
  });

  it("on yes, swaps every exercise that loads the joint and keeps the note", () => {
    const before = fixtureState();
    const offer = say("my knee hurts", before);
    const outcome = say(offer.choices?.[0]?.message ?? "", before);
    expect(outcome.changed).toEqual({ mealDays: [], workout: true, profile: true });
    expect(outcome.state.profile.injuries).toEqual(["knee"]);
    expect(loadsKnee(outcome.state)).toEqual([]);
    expect(trainingDays(outcome.state.workoutPlan)).toEqual(trainingDays(before.workoutPlan));
  });

  it("honours the note in later changes until the person says it is better", () => {
    const protectedState = say("protect my knee", fixtureState()).state;
    const rebuilt = say("new workout plan", protectedState).state;
    expect(loadsKnee(rebuilt)).toEqual([]);
    const regoaled = say("I'd like to build muscle instead", protectedState).state;
    expect(regoaled.profile.goal).toBe("Gain Muscle Mass");
    expect(loadsKnee(regoaled)).toEqual([]);
    const better = say("my knee is better now", rebuilt);
    expect(better.state.profile.injuries).toEqual([]);
    expect(better.changed).toMatchObject({ workout: true, profile: true });
    expect(loadsKnee(better.state).length).toBeGreaterThan(0);
  });

  it("takes the only note off when the person says the pain is gone without naming it", () => {
    const protectedState = say("protect my shoulder", fixtureState()).state;
    expect(say("the pain is gone", protectedState).state.profile.injuries).toEqual([]);
  });
});

describe("plan notes and training-day food", () => {
  const FIBRE_NOTE =
    "Fibre gave way: 72 g, outside 25–60 g, since no day of these foods found keeps it inside.";
  const CARBS_NOTE = "Carbohydrate gave way: 118 g, under the 130 g a day adults need (IOM RDA).";

  it.each(["why is fibre high?", "Why is my fiber so high today", "how come there's so much fibre?"])(
    "explains the day's fibre note in plain words, with what to change: %s",
    (message) => {
      const before = fixtureState({ mealNotes: { 1: [CARBS_NOTE, FIBRE_NOTE] } });
      const outcome = say(message, before);
      expectUnchanged(outcome, before);
      expect(outcome.reply).toContain("Day 1's plan notes one limit that gave way");
      expect(outcome.reply).toContain("Fibre is high on this day: 72 g, we aim for 25–60 g.");
      expect(outcome.reply).toContain("swapping a bean or lentil dish");
      expect(outcome.reply).not.toContain("Carbohydrate is low");
    },
  );

  it("explains every note of the day when asked what the notes mean", () => {
    const before = fixtureState({ mealNotes: { 2: [CARBS_NOTE, FIBRE_NOTE] } });
    const outcome = say("what does the note on day 2 mean?", before);
    expect(parseIntent("what does this note mean?", before)).toEqual({ kind: "explain-notes", day: 1 });
    expect(outcome.reply).toContain("Day 2's plan notes 2 limits that gave way");
    expect(outcome.reply).toContain("Carbohydrate is low on this day: 118 g, under the 130 g a day.");
    expect(outcome.reply).toContain("Fibre is high on this day");
  });

  it("says so when nothing gave way, with the day's figure", () => {
    const outcome = say("why is my protein so low?");
    expect(outcome.reply).toContain("Day 1's plan keeps protein within its limits: nothing gave way there.");
    expect(outcome.reply).toContain(`It has ${Math.round(sumItems(DAY_1).proteinG * 10) / 10} g of protein.`);
    expect(say("what do my notes mean?").reply).toContain("Day 1's plan has no notes: every limit held");
  });

  it("re-plans a training day above the target and a rest day below it, and keeps the new plan's notes", () => {
    const planner = fixturePlanner();
    const state = fixtureState({
      profile: { ...PROFILE, trainingDayFood: true },
      mealNotes: { 1: [FIBRE_NOTE] },
    });
    const monday = respond("new meals for day 1", state, { mealPlanner: planner, seed: SEED });
    const tuesday = respond("new meals for day 2", state, { mealPlanner: planner, seed: SEED });
    // Four training days (Mon, Wed, Fri, Sat): rest days 10 % less, training days 7.5 % more.
    expect(planner.requests[0]?.targetKcal).toBeCloseTo(PROFILE.targetKcal * 1.075, 1);
    expect(planner.requests.at(-1)?.targetKcal).toBeCloseTo(PROFILE.targetKcal * 0.9, 1);
    expect(monday.state.mealNotes?.[1]).toEqual([]);
    expect(tuesday.state.mealNotes?.[1]).toEqual([FIBRE_NOTE]);
  });
});
