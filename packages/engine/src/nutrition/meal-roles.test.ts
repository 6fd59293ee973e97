import { describe, expect, it } from "vitest";
import { FOOD_CATALOGUE, findFood } from "./food-catalogue";
import {
  householdMeasure,
  lacksAnchor,
  MEAL_ROLES,
  mealConflict,
  proteinFamilies,
  mealRole,
  mealRoleEntries,
} from "./meal-roles";

const food = (id: string) => {
  const found = findFood(id);
  if (found === undefined) throw new Error(`no food ${id}`);
  return found;
};

describe("meal roles and household measures", () => {
  it("has exactly one valid entry for every catalogue food, and none for foods that do not exist", () => {
    const entries = mealRoleEntries();
    const ids = new Set(FOOD_CATALOGUE.map((item) => item.id));
    expect(Object.keys(entries).filter((id) => !ids.has(id))).toEqual([]);
    for (const item of FOOD_CATALOGUE) {
      const entry = entries[item.id];
      expect(entry, item.id).toBeDefined();
      expect(MEAL_ROLES, item.id).toContain(entry?.role);
      const measure = entry?.measure;
      expect(measure?.unit.length, item.id).toBeGreaterThan(0);
      expect(measure?.plural.length, item.id).toBeGreaterThan(0);
      expect(measure?.grams, item.id).toBeGreaterThan(0);
      expect(typeof measure?.whole, item.id).toBe("boolean");
    }
  });

  it("gives every slot enough mains to build a meal around", () => {
    for (const meal of ["Breakfast", "Lunch", "Dinner"] as const) {
      const mains = FOOD_CATALOGUE.filter((item) => item.slots.includes(meal) && mealRole(item) === "main");
      expect(mains.length, meal).toBeGreaterThan(50);
    }
  });

  it("writes portions as people measure them, with sensible rounding", () => {
    expect(householdMeasure("egg-scrambled", 120)).toBe("2 large eggs");
    expect(householdMeasure("egg-hard-boiled", 50)).toBe("1 large egg");
    expect(householdMeasure("whole-wheat-bread", 30)).toBe("1 slice");
    expect(householdMeasure("white-rice-cooked", 158)).toBe("1 cup");
    expect(householdMeasure("white-rice-cooked", 240)).toBe("1½ cups");
    expect(householdMeasure("white-rice-cooked", 120)).toBe("¾ cup");
    expect(householdMeasure("banana", 118)).toBe("1 medium banana");
    expect(householdMeasure("almonds", 10)).toBe("¼ handful");
    expect(householdMeasure("no-such-food", 100)).toBeUndefined();
  });

  it("forbids two mains, a protein family twice and meat with milk under kosher; a meal without a main is only worse", () => {
    const options = { kosher: false };
    expect(mealConflict([food("chicken-breast-grilled"), food("salmon-baked")], "Dinner", options)).toBe(
      "two mains",
    );
    expect(mealConflict([food("tilapia-baked"), food("smoked-salmon")], "Lunch", options)).toBe(
      "Seafood twice",
    );
    expect(
      mealConflict(
        [food("chicken-breast-grilled"), food("white-rice-cooked"), food("broccoli-boiled")],
        "Dinner",
        options,
      ),
    ).toBeUndefined();
    expect(mealConflict([food("banana"), food("milk-skim")], "Lunch", options)).toBeUndefined();
    expect(lacksAnchor([food("banana"), food("milk-skim")], "Lunch")).toBe(true);
    expect(lacksAnchor([food("banana"), food("greek-yogurt-nonfat")], "Breakfast")).toBe(false);
    const cheeseburgerMeal = [food("chicken-breast-grilled"), food("cheddar")];
    expect(mealConflict(cheeseburgerMeal, "Lunch", options)).toBeUndefined();
    expect(mealConflict(cheeseburgerMeal, "Lunch", { kosher: true })).toBe("meat with milk");
  });

  it("counts soy foods in the tofu family beside their chip: tofu with soy milk is soy twice, with soy sauce it is not", () => {
    const options = { kosher: false };
    expect(food("soy-milk").proteinSource).toBe("Beans");
    expect(mealConflict([food("us-tofu-scramble"), food("soy-milk")], "Breakfast", options)).toBe(
      "Tofu twice",
    );
    expect(mealConflict([food("th-pad-thai-tofu"), food("edamame")], "Lunch", options)).toBe("Tofu twice");
    expect(mealConflict([food("us-tofu-scramble"), food("milk-skim")], "Breakfast", options)).toBeUndefined();
    // Soy milk is of both families: with black beans it is still beans twice.
    expect(proteinFamilies(food("soy-milk"))).toEqual(["Beans", "Tofu"]);
    // Fried tofu gives khai palo a third of its protein, 5–11 g of it a portion: with simmered soybeans that is soy twice.
    expect(proteinFamilies(food("th-khai-palo"))).toEqual(["Eggs", "Tofu"]);
    expect(mealConflict([food("th-khai-palo"), food("jp-gomoku-mame")], "Dinner", options)).toBe(
      "Tofu twice",
    );
    // Soy sauce seasons a dish; it does not make it a soy food.
    const seasoned = FOOD_CATALOGUE.find(
      (candidate) =>
        candidate.ingredients.some(({ name }) => name.startsWith("soy sauce")) &&
        candidate.proteinSource === "Poultry",
    );
    expect(seasoned).toBeDefined();
    if (seasoned) expect(proteinFamilies(seasoned)).toEqual(["Poultry"]);
  });

  it("has a role for foods outside the catalogue too", () => {
    expect(mealRole({ id: "test-oats", image: "grain", cuisines: [] })).toBe("starch");
    expect(mealRole({ id: "test-curry", image: "grain", cuisines: ["Indian"] })).toBe("main");
  });
});
