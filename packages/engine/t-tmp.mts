import { createMealPlanner } from "./src/nutrition/meal-planner";
import { randomPlanRequest } from "./src/nutrition/meal-profiles";
import { findFood } from "./src/nutrition/food-catalogue";
const planner = await createMealPlanner();
const counts = new Map<string, number>();
let rich = 0, chosen = 0;
for (let seed = 1; seed <= 150; seed++) {
  const r = randomPlanRequest(seed);
  const o = planner.plan(r);
  if (!o.ok) continue;
  for (const i of o.plan.items) {
    const f = findFood(i.foodId)!;
    if (!f.proteinSource || 4 * f.proteinG / f.energyKcal < 0.2) continue;
    rich++;
    if (r.proteinSources.includes(f.proteinSource)) { chosen++; continue; }
    const key = `${f.cuisines.length ? "dish" : "base"}:${f.proteinSource}:${i.Meal}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}
console.log(rich, chosen, (100 * chosen / rich).toFixed(1));
console.log([...counts].sort((a, b) => b[1] - a[1]).slice(0, 20));
