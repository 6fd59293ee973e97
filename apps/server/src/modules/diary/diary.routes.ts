import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { callerId } from "../../http/authenticate";
import { defineFunction } from "../../http/define-function";
import type { UserStateCache } from "../../http/user-state-cache";
import type { StoredProfile } from "../profile/profile.service";
import { applyOnce } from "../../http/client-writes";
import type { OpenFoodFacts } from "./open-food-facts";
import {
  copyDiaryMeal,
  deleteFoodLog,
  getDiary,
  getDiaryWeek,
  lookupBarcode,
  logFood,
  myFoodReader,
  prepareFoodLog,
  searchFoods,
  setDiaryDayComplete,
} from "./diary.service";
import {
  deleteMealGroup,
  deleteMyFood,
  listMealGroups,
  listMyFoods,
  logMealGroup,
  prepareMealGroupItems,
  saveMealGroup,
  saveMyFood,
} from "./my-foods.service";

/** Food search and the food diary under /functions/v1 (docs/decisions/051, 052). */
export async function diaryRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    profiles: UserStateCache<StoredProfile>;
    /** Absent: barcode lookups answer 503 lookup_unavailable. */
    openFoodFacts?: OpenFoodFacts;
    now?: () => Date;
  },
): Promise<void> {
  const { db, profiles, openFoodFacts } = options;
  const now = options.now ?? (() => new Date());

  defineFunction(app, "search_foods", {}, async (input, request) =>
    searchFoods(db, profiles, callerId(request), input),
  );

  defineFunction(app, "lookup_barcode", {}, async ({ code }, request) => {
    return lookupBarcode(db, profiles, openFoodFacts, callerId(request), code);
  });

  // Applied once per client_id, like the other logs a browser may queue offline (docs/decisions/047).
  defineFunction(app, "log_food", {}, async (input, request) => {
    const userId = callerId(request);
    const row = await prepareFoodLog(input, now(), openFoodFacts, myFoodReader(db, userId));
    return applyOnce(db, userId, "log_food", input.client_id, (trx) => logFood(trx, userId, row));
  });

  defineFunction(app, "delete_food_log", {}, async ({ date, entry_id }, request) => {
    return deleteFoodLog(db, callerId(request), date, entry_id);
  });

  defineFunction(app, "get_diary", {}, async ({ date }, request) => {
    return getDiary(db, callerId(request), date, now());
  });

  defineFunction(app, "copy_diary_meal", {}, async (input, request) => {
    const userId = callerId(request);
    return applyOnce(db, userId, "copy_diary_meal", input.client_id, (trx) =>
      copyDiaryMeal(trx, userId, input, now()),
    );
  });

  defineFunction(app, "get_diary_week", {}, async ({ end_date }, request) => {
    return getDiaryWeek(db, callerId(request), end_date, now());
  });

  // My foods and saved meals (docs/decisions/068).
  defineFunction(app, "list_my_foods", {}, async (_input, request) => {
    return listMyFoods(db, callerId(request));
  });

  defineFunction(app, "save_my_food", {}, async (input, request) => {
    return saveMyFood(db, callerId(request), input);
  });

  defineFunction(app, "delete_my_food", {}, async ({ id }, request) => {
    return deleteMyFood(db, callerId(request), id);
  });

  defineFunction(app, "list_meal_groups", {}, async (_input, request) => {
    return listMealGroups(db, callerId(request));
  });

  defineFunction(app, "save_meal_group", {}, async (input, request) => {
    const userId = callerId(request);
    const items = await prepareMealGroupItems(db, userId, input, now(), openFoodFacts);
    return saveMealGroup(db, userId, input, items);
  });

  defineFunction(app, "delete_meal_group", {}, async ({ id }, request) => {
    return deleteMealGroup(db, callerId(request), id);
  });

  // Applied once per client_id: a tap may be sent again after a lost answer (docs/decisions/047).
  defineFunction(app, "log_meal_group", {}, async (input, request) => {
    const userId = callerId(request);
    return applyOnce(db, userId, "log_meal_group", input.client_id, (trx) =>
      logMealGroup(trx, userId, input, now()),
    );
  });

  defineFunction(app, "set_diary_day_complete", {}, async ({ date, complete }, request) => {
    return setDiaryDayComplete(db, callerId(request), date, complete, now());
  });
}
