import type { FastifyInstance } from "fastify";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import type { Database } from "../../db/database";
import { callerId } from "../../http/authenticate";
import type { UserStateCache } from "../../http/user-state-cache";
import type { StoredProfile } from "../profile/profile.service";
import { applyOnce } from "../progress/client-writes";
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
  const authenticated = { preHandler: app.authenticate };

  app.post("/search_foods", authenticated, async (request) =>
    searchFoods(db, profiles, callerId(request), FUNCTIONS.search_foods.request.parse(request.body ?? {})),
  );

  app.post("/lookup_barcode", authenticated, async (request) => {
    const { code } = FUNCTIONS.lookup_barcode.request.parse(request.body ?? {});
    return lookupBarcode(db, profiles, openFoodFacts, callerId(request), code);
  });

  // Applied once per client_id, like the other logs a browser may queue offline (docs/decisions/047).
  app.post("/log_food", authenticated, async (request) => {
    const input = FUNCTIONS.log_food.request.parse(request.body ?? {});
    const userId = callerId(request);
    const row = await prepareFoodLog(input, now(), openFoodFacts, myFoodReader(db, userId));
    return applyOnce(db, userId, "log_food", input.client_id, (trx) => logFood(trx, userId, row));
  });

  app.post("/delete_food_log", authenticated, async (request) => {
    const { date, entry_id } = FUNCTIONS.delete_food_log.request.parse(request.body ?? {});
    return deleteFoodLog(db, callerId(request), date, entry_id);
  });

  app.post("/get_diary", authenticated, async (request) => {
    const { date } = FUNCTIONS.get_diary.request.parse(request.body ?? {});
    return getDiary(db, callerId(request), date, now());
  });

  app.post("/copy_diary_meal", authenticated, async (request) => {
    const input = FUNCTIONS.copy_diary_meal.request.parse(request.body ?? {});
    const userId = callerId(request);
    return applyOnce(db, userId, "copy_diary_meal", input.client_id, (trx) =>
      copyDiaryMeal(trx, userId, input, now()),
    );
  });

  app.post("/get_diary_week", authenticated, async (request) => {
    const { end_date } = FUNCTIONS.get_diary_week.request.parse(request.body ?? {});
    return getDiaryWeek(db, callerId(request), end_date, now());
  });

  // My foods and saved meals (docs/decisions/068).
  app.post("/list_my_foods", authenticated, async (request) => {
    FUNCTIONS.list_my_foods.request.parse(request.body ?? {});
    return listMyFoods(db, callerId(request));
  });

  app.post("/save_my_food", authenticated, async (request) => {
    const input = FUNCTIONS.save_my_food.request.parse(request.body ?? {});
    return saveMyFood(db, callerId(request), input);
  });

  app.post("/delete_my_food", authenticated, async (request) => {
    const { id } = FUNCTIONS.delete_my_food.request.parse(request.body ?? {});
    return deleteMyFood(db, callerId(request), id);
  });

  app.post("/list_meal_groups", authenticated, async (request) => {
    FUNCTIONS.list_meal_groups.request.parse(request.body ?? {});
    return listMealGroups(db, callerId(request));
  });

  app.post("/save_meal_group", authenticated, async (request) => {
    const input = FUNCTIONS.save_meal_group.request.parse(request.body ?? {});
    const userId = callerId(request);
    const items = await prepareMealGroupItems(db, userId, input, now(), openFoodFacts);
    return saveMealGroup(db, userId, input, items);
  });

  app.post("/delete_meal_group", authenticated, async (request) => {
    const { id } = FUNCTIONS.delete_meal_group.request.parse(request.body ?? {});
    return deleteMealGroup(db, callerId(request), id);
  });

  // Applied once per client_id: a tap may be sent again after a lost answer (docs/decisions/047).
  app.post("/log_meal_group", authenticated, async (request) => {
    const input = FUNCTIONS.log_meal_group.request.parse(request.body ?? {});
    const userId = callerId(request);
    return applyOnce(db, userId, "log_meal_group", input.client_id, (trx) =>
      logMealGroup(trx, userId, input, now()),
    );
  });

  app.post("/set_diary_day_complete", authenticated, async (request) => {
    const { date, complete } = FUNCTIONS.set_diary_day_complete.request.parse(request.body ?? {});
    return setDiaryDayComplete(db, callerId(request), date, complete, now());
  });
}
