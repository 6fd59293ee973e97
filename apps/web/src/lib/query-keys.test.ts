import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { FUNCTION_NAMES } from "@fitwise/contracts/functions";
import { queryKeys } from "./query-keys";

/** Every key the factory makes, with sample arguments. */
const ALL_KEYS = [
  queryKeys.userData(),
  queryKeys.profile(),
  queryKeys.subscription(),
  queryKeys.mealPlans(),
  queryKeys.mealPlan(1),
  queryKeys.mealPlan(2),
  queryKeys.dietReplacements(1, "p1-breakfast-oats"),
  queryKeys.workoutPlan(),
  queryKeys.workoutHistory(),
  queryKeys.progress(),
  queryKeys.chatHistory(),
  queryKeys.savedLists(),
  queryKeys.savedList("saved_diets"),
  queryKeys.savedList("saved_workouts"),
  queryKeys.publicDiet("d1"),
  queryKeys.publicWorkout("w1"),
  queryKeys.recipe("jp-miso-soup", 250),
  queryKeys.groceryLists(),
  queryKeys.groceryList("1:1,2:1"),
];

/** Fills a real QueryClient with one entry per key, invalidates `prefix` and answers which keys it reached. */
async function invalidatedBy(prefix: readonly unknown[]): Promise<string[]> {
  const client = new QueryClient();
  for (const key of ALL_KEYS) client.setQueryData(key, "data");
  await client.invalidateQueries({ queryKey: prefix }, { throwOnError: true });
  return client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.isInvalidated })
    .map((query) => query.queryHash)
    .sort();
}

const hashes = (...keys: (readonly unknown[])[]) => keys.map((key) => JSON.stringify(key)).sort();

describe("queryKeys", () => {
  it("starts every key with a function of the registry", () => {
    for (const key of ALL_KEYS) expect(FUNCTION_NAMES).toContain(key[0]);
  });

  it("gives every cache entry its own key", () => {
    expect(new Set(ALL_KEYS.map((key) => JSON.stringify(key))).size).toBe(ALL_KEYS.length);
  });

  it("invalidates every meal-plan day through mealPlans(), and nothing else", async () => {
    expect(await invalidatedBy(queryKeys.mealPlans())).toEqual(
      hashes(queryKeys.mealPlans(), queryKeys.mealPlan(1), queryKeys.mealPlan(2)),
    );
  });

  it("invalidates the profile and the subscription through userData(), since both carry Pro", async () => {
    expect(await invalidatedBy(queryKeys.userData())).toEqual(
      hashes(queryKeys.userData(), queryKeys.profile(), queryKeys.subscription()),
    );
  });

  it("keeps one saved list apart from the other", async () => {
    expect(await invalidatedBy(queryKeys.savedList("saved_diets"))).toEqual(
      hashes(queryKeys.savedList("saved_diets")),
    );
    expect(await invalidatedBy(queryKeys.savedLists())).toEqual(
      hashes(
        queryKeys.savedLists(),
        queryKeys.savedList("saved_diets"),
        queryKeys.savedList("saved_workouts"),
      ),
    );
  });
});
