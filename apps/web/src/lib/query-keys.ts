import type { FunctionName } from "@fitwise/contracts/functions";
import type { SavedTable } from "@fitwise/contracts/saved";

/** A key starts with the name of the function whose answer it caches, then narrows (table, day, id). */
type QueryKey = readonly [FunctionName, ...(string | number | null)[]];

/**
 * Every TanStack Query key of the web app (docs/decisions/032). Screens, the chat and the app layer name
 * the same cache entries through this one module instead of copying each other's arrays, since
 * features may not import one another. A shorter key is a prefix of the longer ones, so invalidating
 * `mealPlans()` refreshes every day and `userData()` both the profile and the subscription.
 */
export const queryKeys = {
  /** Both get_user_data answers: the profile and the subscription each carry Pro status. */
  userData: () => ["get_user_data"] as const,
  profile: () => ["get_user_data", "my_users"] as const,
  subscription: () => ["get_user_data", "user_subscriptions"] as const,

  mealPlans: () => ["openai_get_meal_plan"] as const,
  mealPlan: (day: number) => ["openai_get_meal_plan", day] as const,
  /** What the day's answer said in its meal-plan-day header (notes, training or rest day), set with each answer. */
  mealPlanDay: (day: number) => ["openai_get_meal_plan", day, "day"] as const,
  /** The choices Replace offers for one item (null: no item chosen yet). */
  dietReplacements: (day: number, itemId: string | null) => ["list_diet_replacements", day, itemId] as const,
  workoutPlan: () => ["openai_get_workout_plan"] as const,
  workoutHistory: () => ["get_workout_history"] as const,
  progress: () => ["get_progress"] as const,
  /** The food diary of one day (YYYY-MM-DD); `diaries()` is every day's. */
  diaries: () => ["get_diary"] as const,
  diary: (date: string) => ["get_diary", date] as const,
  /** The seven diary days ending on a date, for the week on /progress; `diaryWeeks()` is every week's. */
  diaryWeeks: () => ["get_diary_week"] as const,
  diaryWeek: (endDate: string) => ["get_diary_week", endDate] as const,
  /** The person's own foods and saved meals (docs/decisions/068). */
  myFoods: () => ["list_my_foods"] as const,
  mealGroups: () => ["list_meal_groups"] as const,
  /** Food search answers by query as typed (trimmed, lower case). */
  foodSearches: () => ["search_foods"] as const,
  foodSearch: (query: string) => ["search_foods", query] as const,
  chatHistory: () => ["get_chat_history"] as const,

  savedLists: () => ["get_saved_list"] as const,
  savedList: (table: SavedTable) => ["get_saved_list", table] as const,
  publicDiet: (dietId: string) => ["get_saved_data", "saved_diets", dietId] as const,
  publicWorkout: (workoutId: string) => ["get_saved_data", "saved_workouts", workoutId] as const,
  /** A recipe depends only on the food and the portion, so every screen shares one entry per pair. */
  recipe: (foodId: string, grams: number) => ["get_recipe", foodId, grams] as const,
  groceryLists: () => ["get_grocery_list"] as const,
  /** One shopping list per choice of days and plans ("1:1,2:3"). */
  groceryList: (days: string) => ["get_grocery_list", days] as const,
} satisfies Record<string, (...args: never[]) => QueryKey>;
