import { sql } from "kysely";
import { mayUsePlanDay, visibleMealItems, visibleWorkoutItems } from "@fitwise/contracts/free-tier";
import { MealItemListSchema, WorkoutItemListSchema } from "@fitwise/contracts/plans";
import { getProStatus } from "../subscriptions/subscription-status";
import { FOOD_LOG_COLUMNS } from "../diary/diary.repository";
import { MY_FOOD_COLUMNS } from "../diary/my-foods.repository";
import type { Database } from "../../db/database";
import type { DB } from "../../db/schema";

/**
 * Everything stored about one user (GDPR Art. 15 and 20), as JSON. Secrets are left out: the
 * password hash, TOTP secrets, refresh-token and e-mail-link hashes (they identify nothing and
 * would only help an attacker who got hold of the file).
 */
export async function collectUserData(db: Database, userId: string): Promise<Record<string, unknown>> {
  const byUser = async (table: TableWithUserId): Promise<Array<Record<string, unknown>>> =>
    (
      await sql<Record<string, unknown>>`select * from ${sql.table(table)} where user_id = ${userId}`.execute(
        db,
      )
    ).rows;
  const { isPro } = await getProStatus(db, userId, new Date());
  const [account, identities, sessions, factors, profile, mealPlans, workoutPlans] = await Promise.all([
    db
      .selectFrom("users")
      .select([
        "id",
        "email",
        "email_confirmed_at",
        "email_verified_at",
        "last_sign_in_at",
        "raw_app_meta_data",
        "raw_user_meta_data",
        "created_at",
        "updated_at",
      ])
      .where("id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("identities")
      .select(["provider", "provider_id", "identity_data", "last_sign_in_at", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("sessions")
      .select(["id", "aal", "user_agent", "ip", "created_at", "refreshed_at", "not_after"])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("mfa_factors")
      .select([
        "id",
        "friendly_name",
        "factor_type",
        "status",
        "created_at",
        "updated_at",
        "last_challenged_at",
      ])
      .where("user_id", "=", userId)
      .execute(),
    db.selectFrom("my_users").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    byUser("meal_plans"),
    byUser("workout_plans"),
  ]);
  const [
    savedDiets,
    savedWorkouts,
    usage,
    subscription,
    paymentSubscription,
    checkouts,
    cancellations,
    chat,
    analytics,
  ] = await Promise.all([
    byUser("saved_diets"),
    byUser("saved_workouts"),
    byUser("usage_counters"),
    byUser("user_subscriptions"),
    byUser("payment_subscriptions"),
    byUser("payment_checkouts"),
    byUser("subscription_cancellations"),
    db
      .selectFrom("chat_messages")
      .select(["sender", "content", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("analytics_events")
      .select(["name", "properties", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
  ]);
  const logs = await collectProgressLogs(db, userId);
  return {
    format: "fitwise-export/1",
    exported_at: new Date().toISOString(),
    account: account ? { ...account, identities, sessions, mfa_factors: factors } : null,
    profile: profile ?? null,
    meal_plans: isPro ? mealPlans : mealPlans.map(mealPlanAsShown),
    workout_plans: isPro ? workoutPlans : workoutPlans.map(workoutPlanAsShown),
    saved_diets: savedDiets,
    saved_workouts: savedWorkouts,
    usage_counters: usage[0] ?? null,
    subscription: subscription[0] ?? null,
    payment_subscription: paymentSubscription[0] ?? null,
    payment_checkouts: checkouts,
    subscription_cancellations: cancellations,
    chat_messages: chat,
    analytics_events: analytics,
    ...logs,
    grocery_ticks: await db
      .selectFrom("grocery_ticks")
      .select(["line_name", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("line_name")
      .execute(),
    ...(await collectDiary(db, userId)),
  };
}

/** The food diary: logged foods, quick adds, days marked complete (017), own foods and saved meals (021). */
async function collectDiary(db: Database, userId: string): Promise<Record<string, unknown[]>> {
  const date = sql<string>`to_char(log_date, 'YYYY-MM-DD')`.as("date");
  const [foodLog, diaryDays] = await Promise.all([
    db
      .selectFrom("food_log")
      .select([date, ...FOOD_LOG_COLUMNS, "created_at"])
      .where("user_id", "=", userId)
      .orderBy("log_date")
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("diary_days")
      .select([date, "complete", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("log_date")
      .execute(),
  ]);
  // Migration 021's own foods and saved meals (docs/decisions/068).
  const [myFoods, mealGroups] = await Promise.all([
    db
      .selectFrom("my_foods")
      .select([...MY_FOOD_COLUMNS, "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("name")
      .execute(),
    db
      .selectFrom("meal_groups")
      .select(["id", "name", "items", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("name")
      .execute(),
  ]);
  return { food_log: foodLog, diary_days: diaryDays, my_foods: myFoods, meal_groups: mealGroups };
}

/** Migration 007's logs (weigh-ins, meals eaten, workout sets), dates as YYYY-MM-DD. */
async function collectProgressLogs(db: Database, userId: string): Promise<Record<string, unknown[]>> {
  const date = sql<string>`to_char(log_date, 'YYYY-MM-DD')`.as("date");
  const [weightLogs, mealLogs, workoutSets] = await Promise.all([
    db
      .selectFrom("weight_logs")
      .select([date, "weight_kg", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("log_date")
      .execute(),
    db
      .selectFrom("meal_logs")
      .select([date, "item_id", "item_name", "grams", "energy_kcal", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("log_date")
      .execute(),
    db
      .selectFrom("workout_sets")
      .select([date, "exercise_id", "set_number", "reps", "load_kg", "rir", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("log_date")
      .orderBy("exercise_id")
      .orderBy("set_number")
      .execute(),
  ]);
  return { weight_logs: weightLogs, meal_logs: mealLogs, workout_sets: workoutSets };
}

/*
 * A free user's current plans as the free tier shows them (decision 055): the locked meals, days and training
 * days are offers of Pro, not data the person gave us, and exporting them would unlock them. How many items were
 * withheld is said, so the file does not look complete when it is not.
 */
function mealPlanAsShown(row: Record<string, unknown>): Record<string, unknown> {
  const items = MealItemListSchema.parse(row.items);
  const shown = mayUsePlanDay(false, Number(row.day_index)) ? visibleMealItems(false, items) : [];
  return { ...row, items: shown, items_withheld_for_pro: items.length - shown.length };
}

function workoutPlanAsShown(row: Record<string, unknown>): Record<string, unknown> {
  const items = WorkoutItemListSchema.parse(row.items);
  const shown = visibleWorkoutItems(false, items);
  return { ...row, items: shown, items_withheld_for_pro: items.length - shown.length };
}

type TableWithUserId = keyof Pick<
  DB,
  | "meal_plans"
  | "workout_plans"
  | "saved_diets"
  | "saved_workouts"
  | "usage_counters"
  | "user_subscriptions"
  | "payment_subscriptions"
  | "payment_checkouts"
  | "subscription_cancellations"
>;
