import type { GetGroceryListRequest, GroceryListResponse } from "@fitwise/contracts/groceries";
import { mayListGroceries, mayUsePlanDay } from "@fitwise/contracts/free-tier";
import { groceryList } from "@fitwise/engine/nutrition/groceries";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import type { Database } from "../../db/database";
import type { MyUser } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { proRequired } from "../plans/plans.service";
import { findMealPlan } from "../plans/plans.repository";
import { dayBreaksNewRules } from "../plans/week-replan.service";
import { findProfile } from "../profile/profile.repository";
import { getProStatus } from "../subscriptions/subscription-status";
import { listTicks, setTick } from "./groceries.repository";

/**
 * get_grocery_list (docs/product.md §3.15): the stored plan chosen for each day, as the user sees it on /diet,
 * summed by the engine. The free tier lists what it may see (docs/decisions/050): Plan 1, Breakfast.
 */
export async function getGroceryList(
  db: Database,
  userId: string,
  request: GetGroceryListRequest,
  now: Date,
): Promise<GroceryListResponse> {
  const { isPro } = await getProStatus(db, userId, now);
  const lockedIndex = request.days.findIndex(({ plan }) => !mayUsePlanDay(isPro, plan));
  if (lockedIndex >= 0)
    throw proRequired(`Plans 2 and 3 are part of Pro (days.${lockedIndex}.plan). Upgrade to list them.`);
  const plans = new Map<number, readonly MealItem[]>();
  let profile: Promise<MyUser | undefined> | undefined;
  for (const plan of new Set(request.days.map((entry) => entry.plan))) {
    const stored = await findMealPlan(db, userId, plan);
    if (stored === undefined)
      throw new HttpError(
        409,
        "plan_not_planned",
        `Plan ${plan} has no meals yet: open it on My Diet first.`,
      );
    // A day a change left stale is never listed with a food the person now avoids (docs/decisions/070).
    if (dayBreaksNewRules(await (profile ??= findProfile(db, userId)), stored))
      throw new HttpError(
        409,
        "plan_not_planned",
        `Plan ${plan} is being re-planned for your new preferences: open it on My Diet, or try again in a moment.`,
      );
    plans.set(
      plan,
      stored.items.filter((item) => mayListGroceries(isPro, plan, item.slot)),
    );
  }
  const items = request.days.flatMap(({ plan }) => plans.get(plan) ?? []);
  return { aisles: groceryList(items), ticked: await listTicks(db, userId) };
}

/** set_grocery_tick: ticks or unticks one line; answers every ticked line. */
export async function setGroceryTick(
  db: Database,
  userId: string,
  name: string,
  ticked: boolean,
): Promise<{ ticked: string[] }> {
  await setTick(db, userId, name, ticked);
  return { ticked: await listTicks(db, userId) };
}
