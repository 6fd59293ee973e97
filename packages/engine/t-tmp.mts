import { FOOD_CATALOGUE } from "./src/nutrition/food-catalogue";
import { parseAvoidances } from "./src/nutrition/avoidances";
import { selectCandidates } from "./src/nutrition/meal-candidates";
import { mealRole } from "./src/nutrition/meal-roles";
import { CUISINES } from "./src/nutrition/food.types";
import { createMealPlanner } from "./src/nutrition/meal-planner";
const planner = await createMealPlanner();
for (const cuisine of CUISINES) for (const planNumber of [1,2,3] as const) {
const r = { targetKcal: 2000, weightKg: 60, gender: "female", goal: "Lose Weight", dietType: "vegan", cuisine, proteinSources: ["Beans", "Poultry"], favouriteFoodsText: "", allergiesText: "gluten free, soy", planNumber, seed: 7 + 1000*planNumber } as const;
const o = planner.plan(r as never);
if (o.ok) continue;
console.log(cuisine, planNumber, o.error.code);
const pool = selectCandidates(FOOD_CATALOGUE, r as never, parseAvoidances(r.allergiesText));
for (const [m, c] of Object.entries(pool.byMeal)) console.log(" ", m, c.map(x => `${x.food.id}(${mealRole(x.food)})`).join(" "));
}
