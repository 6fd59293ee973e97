import { parseAvoidances } from "./src/nutrition/avoidances";
import { FOOD_CATALOGUE } from "./src/nutrition/food-catalogue";
import { MEAL_SLOTS } from "./src/nutrition/food.types";
import { selectCandidates } from "./src/nutrition/meal-candidates";
import { searchDay } from "./src/nutrition/meal-search";
import { nutrientTargets } from "./src/nutrition/meal-targets";
import type { MealPlanRequest } from "./src/nutrition/meal-planner";
const req: MealPlanRequest = { targetKcal: 2000, weightKg: 60, gender: "female", goal: "Lose Weight", proteinSources: ["Beans","Poultry"], favouriteFoodsText: "", allergiesText: "gluten free, soy", cuisine: "Thai", dietType: "vegan", planNumber: 1, seed: 1007 };
const av = parseAvoidances(req.allergiesText, FOOD_CATALOGUE);
const targets = nutrientTargets(req);
for (const chosen of [true, false]) {
  const pool = selectCandidates(FOOD_CATALOGUE, req, av, chosen);
  console.log("chosen", chosen, MEAL_SLOTS.map(m => `${m}:${pool.byMeal[m].length}/${pool.allByMeal[m].length}`).join(" "));
  const limits = { timeLimitMs: 5000, maxFits: 100, now: () => performance.now(), requireCuisineMajority: false, kosher: false };
  for (const which of ["byMeal", "allByMeal"] as const) {
    const t = performance.now();
    const r = searchDay(pool[which], targets, limits);
    console.log(which, r.status, r.fits, "status" in r && r.status === "found" ? `short ${r.proteinShortG} share ${r.shareBreach} bound ${r.boundBreach}` : "", Math.round(performance.now() - t), "ms");
    const r7 = searchDay(pool[which], targets, { ...limits, maxFits: 700 });
    console.log(which, "x7", r7.status, r7.fits, Math.round(performance.now() - t), "ms");
  }
}
