// A dietitian's reading of planned days, counted from each item's recipe (its ingredients weighed raw) with tables of
// this file's own, never through the planner's rules (a bench that audits with the planner's own rules can only agree):
// eggs in a day, soy foods twice in a meal, one protein family at three or more meals, protein powder at breakfast,
// and whether a day reads as one cuisine.
import { findFood, INGREDIENTS } from "../src/nutrition/food-catalogue";
import type { MealPlan, MealPlanRequest } from "../src/nutrition/meal-planner";
import { recipeFor } from "../src/nutrition/recipes";

/** Whole-egg ingredients, as the recipes name them; a yolk in mayonnaise is left out. */
const WHOLE_EGG = new Set([
  "egg",
  "raw egg",
  "fried egg",
  "hard-boiled egg",
  "hard-boiled eggs",
  "omelette egg",
  "poached egg",
  "poached eggs",
  "scrambled egg",
  "scrambled eggs",
]);
/** One large egg without its shell: USDA SR Legacy 01123, "Egg, whole, raw, fresh", 1 large = 50 g. */
const EGG_G = 50;
/** More than three whole eggs in a day is the audit's line (cholesterol and monotony, not a hard limit). */
const EGGS_PER_DAY = 3;

/** Soy as a food: tofu, soy milk, soybeans and their kin; soy sauce, miso and pastes season and do not count. */
const SOY_FOODS = new Set([
  "cooked soybeans",
  "dry soybeans",
  "soybeans, boiled",
  "edamame",
  "extra-firm tofu",
  "firm tofu",
  "fried tofu",
  "pressed firm tofu",
  "silken tofu",
  "soft tofu",
  "tofu, extra firm",
  "tofu, firm",
  "soy milk",
  "fortified soy milk",
  "soy milk, fortified",
  "soy milk, light, unsweetened",
  "soy protein powder",
  "soya chunks",
  "tempeh",
  "tempeh, cooked",
  "natto",
]);
/** An item is a soy food when soy gives it at least this much protein: a third of a cup of soy milk, a slice of tofu. */
const SOY_ITEM_PROTEIN_G = 3;

const PROTEIN_POWDERS = new Set(["whey protein powder", "soy protein powder"]);

/** A day reads as one cuisine when this share of its items comes from the cuisine or suits every cuisine. */
const COHERENT_SHARE = 0.7;

interface ItemFacts {
  slot: string;
  eggs: number;
  soy: boolean;
  powder: boolean;
}

function itemFacts(item: MealPlan["items"][number]): ItemFacts {
  const ingredients = recipeFor(item.foodId, item.grams)?.ingredients ?? [];
  let eggG = 0;
  let soyProteinG = 0;
  let powder = false;
  for (const { name, grams } of ingredients) {
    if (WHOLE_EGG.has(name)) eggG += grams;
    if (SOY_FOODS.has(name)) soyProteinG += ((INGREDIENTS.get(name)?.proteinG ?? 0) * grams) / 100;
    if (PROTEIN_POWDERS.has(name)) powder = true;
  }
  return { slot: item.slot, eggs: eggG / EGG_G, soy: soyProteinG >= SOY_ITEM_PROTEIN_G, powder };
}

export interface DayAudit {
  eggs: number;
  /** Meals of the day holding two or more soy foods. */
  soyTwiceMeals: number;
  /** Protein-source families eaten at three or more of the day's meals. */
  familiesAtThreeMeals: number;
  powderAtBreakfast: boolean;
  /** 70 % of the items from the chosen cuisine or cuisine-free staples, and the main of lunch and of dinner too. */
  cuisineCoherent: boolean;
}

export function auditDay(plan: MealPlan, request: Pick<MealPlanRequest, "cuisine">): DayAudit {
  const facts = plan.items.map(itemFacts);
  const slots = [...new Set(plan.items.map((item) => item.slot))];
  const soyTwiceMeals = slots.filter(
    (slot) => facts.filter((fact) => fact.slot === slot && fact.soy).length >= 2,
  ).length;
  const mealsByFamily = new Map<string, Set<string>>();
  for (const item of plan.items) {
    const source = findFood(item.foodId)?.proteinSource;
    if (source === undefined) continue;
    mealsByFamily.set(source, (mealsByFamily.get(source) ?? new Set()).add(item.slot));
  }
  const fitsCuisine = (item: MealPlan["items"][number]) => {
    const cuisines = findFood(item.foodId)?.cuisines ?? [];
    return cuisines.length === 0 || cuisines.includes(request.cuisine);
  };
  // The main of lunch and of dinner is, for this reading, the meal's item with the most energy.
  const mainsElsewhere = (["Lunch", "Dinner"] as const).some((slot) => {
    const main = plan.items
      .filter((item) => item.slot === slot)
      .reduce<MealPlan["items"][number] | undefined>(
        (largest, item) => (largest === undefined || item.energyKcal > largest.energyKcal ? item : largest),
        undefined,
      );
    return main !== undefined && !fitsCuisine(main);
  });
  return {
    eggs: facts.reduce((sum, fact) => sum + fact.eggs, 0),
    soyTwiceMeals,
    familiesAtThreeMeals: [...mealsByFamily.values()].filter((meals) => meals.size >= 3).length,
    powderAtBreakfast: facts.some((fact) => fact.slot === "Breakfast" && fact.powder),
    cuisineCoherent:
      plan.items.filter((item) => fitsCuisine(item)).length >= COHERENT_SHARE * plan.items.length &&
      !mainsElsewhere,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The JSON fields of `npm run bench:meals` for these days. coherentWithinReach says, for a day that does not read as one
 * cuisine, whether a day that does was within reach (the bench's probe); where-feasible figures count only those.
 */
export function dayAuditFigures(
  days: readonly { plan: MealPlan; request: MealPlanRequest; coherentWithinReach?: boolean }[],
) {
  const audits = days.map(({ plan, request }) => auditDay(plan, request));
  const pct = (count: number) => round((100 * count) / Math.max(1, audits.length));
  const coherent = audits.filter((audit) => audit.cuisineCoherent).length;
  const coherentFeasible = audits.filter(
    (audit, index) => audit.cuisineCoherent || days[index]?.coherentWithinReach === true,
  ).length;
  return {
    auditedDays: audits.length,
    eggsOver3Days: audits.filter((audit) => audit.eggs > EGGS_PER_DAY + 0.05).length,
    soyTwiceMeals: audits.reduce((sum, audit) => sum + audit.soyTwiceMeals, 0),
    familyAtThreeMealsDays: audits.filter((audit) => audit.familiesAtThreeMeals > 0).length,
    proteinPowderBreakfastPct: pct(audits.filter((audit) => audit.powderAtBreakfast).length),
    cuisineCoherentDaysPct: pct(coherent),
    cuisineCoherentWhereFeasiblePct: round((100 * coherent) / Math.max(1, coherentFeasible)),
  };
}
