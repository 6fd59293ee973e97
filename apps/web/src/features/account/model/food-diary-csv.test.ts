import { describe, expect, it } from "vitest";
import { foodDiaryToCsv } from "./food-diary-csv";

describe("foodDiaryToCsv", () => {
  it("writes ticks, foods, swaps and quick adds by day, leaving unknown figures empty", () => {
    const csv = foodDiaryToCsv({
      meal_logs: [{ date: "2026-02-02", item_name: "Oatmeal", grams: 250, energy_kcal: 180 }],
      food_log: [
        {
          date: "2026-02-01",
          meal: "Snacks",
          food_id: null,
          name: "Birthday cake, a slice",
          grams: null,
          servings: 1,
          energy_kcal: 350,
          protein_g: null,
          carbs_g: null,
          fat_g: null,
          instead_of_item_id: null,
        },
        {
          date: "2026-02-02",
          meal: "Lunch",
          food_id: "usda-171287",
          name: "Egg, whole, boiled",
          grams: 100,
          servings: null,
          energy_kcal: 155,
          protein_g: 12.6,
          carbs_g: 1.1,
          fat_g: 10.6,
          instead_of_item_id: "lunch-0",
        },
      ],
    });
    expect(csv).toBe(
      "date,source,meal,name,grams,servings,energy_kcal,protein_g,carbs_g,fat_g\r\n" +
        '2026-02-01,quick add,Snacks,"Birthday cake, a slice",,1,350,,,\r\n' +
        "2026-02-02,plan,,Oatmeal,250,,180,,,\r\n" +
        '2026-02-02,instead of plan,Lunch,"Egg, whole, boiled",100,,155,12.6,1.1,10.6\r\n',
    );
  });
});
