import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeHeaderJson, MEAL_PLAN_DAY_HEADER, type MealPlanDay } from "@fitwise/contracts/plans";
import {
  endClientTest,
  importSignedIn,
  startClientTest,
  type RecordedRequest,
} from "../../../lib/test-support";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const DAY: MealPlanDay = {
  notes: ["Fibre gave way: 72 g, outside 25–60 g, since no day of these foods found keeps it inside."],
  dayKind: "training",
  weekday: "Monday",
  targetKcal: 2200,
};
const OATS = {
  id: "p1-breakfast-oats",
  Meal: "Breakfast",
  Item: "Oats",
  Weight: 80,
  Calories: 300,
  Protein: 10,
  Carbs: 54,
  Fat: 5,
  foodId: "oats",
  image: "grain",
};

let header: string | null;
let requests: RecordedRequest[];

beforeEach(() => {
  header = encodeHeaderJson(DAY);
  requests = startClientTest(
    NOW,
    () =>
      new Response(JSON.stringify([OATS]), {
        status: 200,
        headers: {
          "Content-Type": "application/json",
          ...(header === null ? {} : { [MEAL_PLAN_DAY_HEADER]: header }),
        },
      }),
  );
});

afterEach(endClientTest);

const load = () => importSignedIn(NOW, () => import("./get-meal-plan"));

describe("fetchMealPlan", () => {
  it("reads the day's notes, kind and target from the meal-plan-day header, beyond-ASCII characters included", async () => {
    const { fetchMealPlan } = await load();
    const fetched = await fetchMealPlan(1);
    expect(header).not.toContain("–");
    expect(fetched.day).toEqual(DAY);
    expect(fetched.items.map((item) => item.name)).toEqual(["Oats"]);
    expect(requests[0]?.url).toBe("/functions/v1/openai_get_meal_plan");
  });

  it("answers no day from a server without the header or with one it cannot read, and keeps the items", async () => {
    const { fetchMealPlan } = await load();
    header = null;
    expect((await fetchMealPlan(1)).day).toBeNull();
    header = "{not json";
    expect((await fetchMealPlan(1)).day).toBeNull();
    header = JSON.stringify({ notes: "one" });
    const fetched = await fetchMealPlan(1);
    expect(fetched.day).toBeNull();
    expect(fetched.items).toHaveLength(1);
  });
});
