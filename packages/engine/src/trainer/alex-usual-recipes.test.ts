import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { AVOIDANCE_PHRASINGS, type ExpectedRules } from "../nutrition/avoidance-phrasings.fixture";
import { findFood } from "../nutrition/food-catalogue";
import { createMealPlanner, type MealItem, type MealPlanner } from "../nutrition/meal-planner";
import { randomPlanRequest } from "../nutrition/meal-profiles";
import { unstatedLeaks } from "../nutrition/usual-recipes.fixture";
import { parseIntents } from "./intent-parser";
import { respond } from "./trainer-actions";
import { fixtureWorkout, PROFILE } from "./trainer.fixture";
import { mealRequestFor, storedMealDays, type TrainerProfile, type TrainerState } from "./trainer-state";

/**
 * Alex (the chat's offline brain) swaps items and re-plans days through the same engine calls as the web app's
 * Replace, but on its own path (trainer-actions.ts: replaceMealItem for "swap my lunch", the planner for "I'm
 * allergic to X" and "new meals"). Each item Alex puts into a plan is held to the usual recipe (docs/decisions/062),
 * as the planner's property test does (nutrition/usual-recipes.test.ts): nothing the person excluded unless its shown
 * name states the variant. The server runs the same `parseIntents` + `applyIntent` per intent (chat.intents.ts).
 */

const SWAPS = (items: readonly MealItem[], pick: number) => {
  const named = items[pick % Math.max(1, items.length)]?.name ?? "oatmeal";
  return [
    "swap my lunch",
    "swap my dinner",
    "swap my breakfast and my snacks",
    `replace the ${named}`,
    "new meals for today",
  ];
};

/** Phrasings Alex reads as a new avoidance or diet ("allergic to shrimp", "I'm pescatarian", "I hate mushrooms"). */
function avoidanceMessages(state: TrainerState): (readonly [string, ExpectedRules])[] {
  return AVOIDANCE_PHRASINGS.filter(([text]) => {
    const intents = parseIntents(text, state);
    return (
      intents.length > 0 &&
      intents.every((intent) => intent.kind === "add-avoidance" || intent.kind === "change-diet")
    );
  });
}

function merge(left: ExpectedRules, right: ExpectedRules): ExpectedRules {
  return {
    allergens: [...(left.allergens ?? []), ...(right.allergens ?? [])],
    flags: [...(left.flags ?? []), ...(right.flags ?? [])],
    ingredients: [...(left.ingredients ?? []), ...(right.ingredients ?? [])],
  };
}

function profileFor(seed: number, allergiesText: string): TrainerProfile {
  const request = randomPlanRequest(seed);
  return {
    ...PROFILE,
    targetKcal: request.targetKcal,
    weightKg: request.weightKg,
    gender: request.gender,
    goal: request.goal,
    dietType: request.dietType,
    cuisine: request.cuisine,
    proteinSources: [...request.proteinSources],
    favouriteFoodsText: request.favouriteFoodsText,
    allergiesText,
  };
}

const allItems = (state: TrainerState) => storedMealDays(state).flatMap((day) => state.mealPlans[day] ?? []);

describe("no item Alex swaps in holds an exclusion its shown name does not state (real catalogue)", () => {
  let planner: MealPlanner;
  const workoutPlan = fixtureWorkout();
  beforeAll(async () => {
    planner = await createMealPlanner();
  });

  /** Day 1 planned by the real planner for the profile, as the diet screen would have stored it. */
  function plannedState(profile: TrainerProfile, seed: number): TrainerState | undefined {
    const outcome = planner.plan(mealRequestFor(profile, 1, seed));
    if (!outcome.ok) return undefined;
    return { profile, mealPlans: { 1: outcome.plan.items }, activeDay: 1, workoutPlan };
  }

  it("in swaps, replaced items and new meals, for random profiles × phrasings", () => {
    let swappedIn = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...AVOIDANCE_PHRASINGS),
        fc.nat(4),
        fc.nat(20),
        (seed, [text, expected], which, pick) => {
          const state = plannedState(profileFor(seed, text), seed);
          if (state === undefined) return;
          const message = SWAPS(state.mealPlans[1] ?? [], pick)[which] ?? "swap my lunch";
          const outcome = respond(message, state, { mealPlanner: planner, seed: seed + 1 });
          const before = new Set(allItems(state).map((item) => item.id));
          const added = allItems(outcome.state).filter((item) => !before.has(item.id));
          swappedIn += added.length;
          expect(
            added.flatMap((item) => unstatedLeaks(item, expected)),
            message,
          ).toEqual([]);
        },
      ),
      { seed: 62, numRuns: 60 },
    );
    expect(swappedIn).toBeGreaterThan(60);
  }, 60_000);

  it("after 'I'm allergic to X' or a new diet: every item of every day, for random profiles × phrasings", () => {
    const messages = avoidanceMessages({
      profile: PROFILE,
      mealPlans: {},
      activeDay: 1,
      workoutPlan,
    });
    // The phrasings Alex understands as a request: enough of them that the property says something.
    expect(messages.length).toBeGreaterThan(25);
    let replanned = 0;
    let stated = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...AVOIDANCE_PHRASINGS),
        fc.constantFrom(...messages),
        (seed, [text, expected], [message, added]) => {
          const state = plannedState(profileFor(seed, text), seed);
          if (state === undefined) return;
          const outcome = respond(`${message}, change my plan`, state, {
            mealPlanner: planner,
            seed: seed + 1,
          });
          // Refused (the plan could not be made without it): Alex says so and the plan stays as it was.
          if (outcome.changed.mealDays.length === 0 && outcome.reply.includes("couldn't")) return;
          replanned += outcome.changed.mealDays.length;
          const items = allItems(outcome.state);
          stated += items.filter((item) => findFood(item.foodId)?.variant !== undefined).length;
          expect(
            items.flatMap((item) => unstatedLeaks(item, merge(expected, added))),
            message,
          ).toEqual([]);
        },
      ),
      { seed: 63, numRuns: 60 },
    );
    expect(replanned).toBeGreaterThan(5);
    expect(stated).toBeGreaterThan(0);
  }, 60_000);
});
