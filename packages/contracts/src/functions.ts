import { z } from "zod";
import {
  DeleteMyAccountRequestSchema,
  DeleteMyAccountResponseSchema,
  ExportMyDataRequestSchema,
  ExportMyDataResponseSchema,
} from "./account";
import { TrackEventsRequestSchema } from "./analytics";
import {
  CopyDiaryMealRequestSchema,
  CopyDiaryMealResponseSchema,
  DeleteFoodLogRequestSchema,
  DeleteFoodLogResponseSchema,
  DiaryResponseSchema,
  GetDiaryRequestSchema,
  LogFoodRequestSchema,
  LookupBarcodeRequestSchema,
  LookupBarcodeResponseSchema,
  LogFoodResponseSchema,
  SearchFoodsRequestSchema,
  SearchFoodsResponseSchema,
  SetDiaryDayCompleteRequestSchema,
  SetDiaryDayCompleteResponseSchema,
} from "./diary";
import {
  ChatHistoryResponseSchema,
  ChatTrainerReplySchema,
  ChatTrainerRequestSchema,
  ClearChatHistoryResponseSchema,
  UndoPlanChangeRequestSchema,
  UndoPlanChangeResponseSchema,
} from "./chat";
import {
  CancelSubscriptionRequestSchema,
  ClaimSharedPlanTrialRequestSchema,
  ClaimSharedPlanTrialResponseSchema,
  CreateCheckoutRequestSchema,
  CreateCheckoutResponseSchema,
  RestorePurchaseResponseSchema,
  ResumeSubscriptionRequestSchema,
  UpdatedSubscriptionResponseSchema,
} from "./payments";
import {
  GetMealPlanRequestSchema,
  GetWorkoutPlanRequestSchema,
  ListDietReplacementsRequestSchema,
  ListDietReplacementsResponseSchema,
  MealPlanResponseSchema,
  ReplaceDietItemRequestSchema,
  ReplaceDietItemResponseSchema,
  ReplaceWorkoutItemRequestSchema,
  ReplaceWorkoutItemResponseSchema,
  WorkoutAlternativesRequestSchema,
  WorkoutAlternativesResponseSchema,
  WorkoutPlanResponseSchema,
} from "./plans";
import {
  GetUserDataRequestSchema,
  ProfileResponseSchema,
  SubscriptionResponseSchema,
  WriteProfileRequestSchema,
} from "./profile";
import {
  AcceptTargetRequestSchema,
  AcceptTargetResponseSchema,
  DeleteWeightRequestSchema,
  DeleteWeightResponseSchema,
  GetProgressRequestSchema,
  GetWorkoutHistoryRequestSchema,
  LogMealEatenRequestSchema,
  LogMealEatenResponseSchema,
  LogWeightRequestSchema,
  LogWeightResponseSchema,
  LogWorkoutSetRequestSchema,
  LogWorkoutSetResponseSchema,
  ProgressResponseSchema,
  WorkoutHistoryResponseSchema,
} from "./progress";
import {
  GetGroceryListRequestSchema,
  GetGroceryListResponseSchema,
  SetGroceryTickRequestSchema,
  SetGroceryTickResponseSchema,
} from "./groceries";
import {
  DeletedResponseSchema,
  DeleteMealGroupRequestSchema,
  DeleteMyFoodRequestSchema,
  DiaryWeekResponseSchema,
  GetDiaryWeekRequestSchema,
  ListMealGroupsRequestSchema,
  ListMealGroupsResponseSchema,
  ListMyFoodsRequestSchema,
  ListMyFoodsResponseSchema,
  LogMealGroupRequestSchema,
  LogMealGroupResponseSchema,
  SaveMealGroupRequestSchema,
  SaveMealGroupResponseSchema,
  SaveMyFoodRequestSchema,
  SaveMyFoodResponseSchema,
} from "./my-foods";
import { GetRecipeRequestSchema, GetRecipeResponseSchema } from "./recipes";
import { ImportWorkoutHistoryRequestSchema, ImportWorkoutHistoryResponseSchema } from "./workout-import";
import {
  DeleteSavedPlanRequestSchema,
  DeleteSavedPlanResponseSchema,
  GetSavedDataRequestSchema,
  GetSavedListRequestSchema,
  PublicSavedDietSchema,
  SetSavedPlanVisibilityRequestSchema,
  SetSavedPlanVisibilityResponseSchema,
  PublicSavedWorkoutSchema,
  SaveDietRequestSchema,
  SaveDietResponseSchema,
  SavedDietRecordSchema,
  SavedWorkoutRecordSchema,
  SaveWorkoutRequestSchema,
  SaveWorkoutResponseSchema,
} from "./saved";

/**
 * Every function of docs/product.md §8 (`POST /functions/v1/<name>`) with the shapes of its request and its
 * answer, so the web client and the server's routes name one contract per call (docs/decisions/032).
 *
 * `auth`: "bearer" needs a signed-in caller; "none" is public (get_saved_data: the link is the credential);
 * "optional" takes a token when one is sent (track_events: the landing page counts before sign-in).
 */
export type FunctionAuth = "bearer" | "none" | "optional";

export interface FunctionContract {
  /** One line for the API documentation. */
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
  auth: FunctionAuth;
}

/** For functions that read nothing from the body: any JSON object (or none) is accepted. */
export const NoInputSchema = z.object({}).optional();

/**
 * write_user_data writes the profile unless write_table names a saved-plan table; each table has its own
 * shape and answer (docs/product.md §7).
 */
export const WriteUserDataRequestSchema = z.union([
  SaveDietRequestSchema,
  SaveWorkoutRequestSchema,
  WriteProfileRequestSchema,
]);
export const WriteUserDataResponseSchema = z.union([
  ProfileResponseSchema,
  SaveDietResponseSchema,
  SaveWorkoutResponseSchema,
]);

/** get_user_data: the profile (my_users) or the subscription (user_subscriptions). */
export const GetUserDataResponseSchema = z.union([ProfileResponseSchema, SubscriptionResponseSchema]);

/** track_events answers 204 with no body. */
const NoContentSchema = z.null();

export const FUNCTIONS = {
  write_user_data: {
    summary: "Writes the profile, or saves the current day or week plan (write_table)",
    request: WriteUserDataRequestSchema,
    response: WriteUserDataResponseSchema,
    auth: "bearer",
  },
  get_user_data: {
    summary: "Reads the profile (my_users) or the subscription (user_subscriptions)",
    request: GetUserDataRequestSchema,
    response: GetUserDataResponseSchema,
    auth: "bearer",
  },

  openai_get_meal_plan: {
    summary: "The meal plan of one day, planned on first use and kept",
    request: GetMealPlanRequestSchema,
    response: MealPlanResponseSchema,
    auth: "bearer",
  },
  replace_diet_item: {
    summary: "Replaces one item of a stored day plan",
    request: ReplaceDietItemRequestSchema,
    response: ReplaceDietItemResponseSchema,
    auth: "bearer",
  },
  list_diet_replacements: {
    summary: "Up to three alternatives for one meal item (looking is free)",
    request: ListDietReplacementsRequestSchema,
    response: ListDietReplacementsResponseSchema,
    auth: "bearer",
  },
  openai_get_workout_plan: {
    summary: "The workout plan of the week, planned on first use and kept",
    request: GetWorkoutPlanRequestSchema,
    response: WorkoutPlanResponseSchema,
    auth: "bearer",
  },
  replace_workout_item: {
    summary: "Replaces one exercise of the stored week",
    request: ReplaceWorkoutItemRequestSchema,
    response: ReplaceWorkoutItemResponseSchema,
    auth: "bearer",
  },
  workout_alternatives: {
    summary: "Up to three alternatives for one exercise (looking is free)",
    request: WorkoutAlternativesRequestSchema,
    response: WorkoutAlternativesResponseSchema,
    auth: "bearer",
  },

  get_recipe: {
    summary: "The recipe of one catalogue food, scaled to a portion (public: the catalogue is public data)",
    request: GetRecipeRequestSchema,
    response: GetRecipeResponseSchema,
    auth: "none",
  },

  get_grocery_list: {
    summary: "The shopping list of chosen stored day plans, by aisle, with the caller's ticks",
    request: GetGroceryListRequestSchema,
    response: GetGroceryListResponseSchema,
    auth: "bearer",
  },
  set_grocery_tick: {
    summary: "Ticks or unticks one line of the shopping list",
    request: SetGroceryTickRequestSchema,
    response: SetGroceryTickResponseSchema,
    auth: "bearer",
  },

  get_saved_list: {
    summary: "The caller's saved diets or workouts, newest first",
    request: GetSavedListRequestSchema,
    response: z.union([z.array(SavedDietRecordSchema), z.array(SavedWorkoutRecordSchema)]),
    auth: "bearer",
  },
  get_saved_data: {
    summary: "A saved plan behind its public link (also as GET with the reference in the query)",
    request: GetSavedDataRequestSchema,
    response: z.union([PublicSavedDietSchema, PublicSavedWorkoutSchema]),
    auth: "none",
  },
  delete_saved_plan: {
    summary: "Deletes one of the caller's saved plans",
    request: DeleteSavedPlanRequestSchema,
    response: DeleteSavedPlanResponseSchema,
    auth: "bearer",
  },
  set_saved_plan_visibility: {
    summary: "Makes one of the caller's saved plans public or private, and a diet's body data shown or not",
    request: SetSavedPlanVisibilityRequestSchema,
    response: SetSavedPlanVisibilityResponseSchema,
    auth: "bearer",
  },

  openai_chat_trainer: {
    summary: "One turn of the trainer chat; may change the stored plans",
    request: ChatTrainerRequestSchema,
    response: ChatTrainerReplySchema,
    auth: "bearer",
  },
  undo_plan_change: {
    summary:
      "Puts the plans back as they were before one of the caller's last 20 plan changes (chat, Replace, reset)",
    request: UndoPlanChangeRequestSchema,
    response: UndoPlanChangeResponseSchema,
    auth: "bearer",
  },
  get_chat_history: {
    summary: "The stored chat, oldest first",
    request: NoInputSchema,
    response: ChatHistoryResponseSchema,
    auth: "bearer",
  },
  clear_chat_history: {
    summary: "Deletes the stored chat",
    request: NoInputSchema,
    response: ClearChatHistoryResponseSchema,
    auth: "bearer",
  },

  export_my_data: {
    summary: "Everything stored about the caller, as a JSON file",
    request: ExportMyDataRequestSchema,
    response: ExportMyDataResponseSchema,
    auth: "bearer",
  },
  delete_my_account: {
    summary: "Deletes the account and everything stored with it",
    request: DeleteMyAccountRequestSchema,
    response: DeleteMyAccountResponseSchema,
    auth: "bearer",
  },

  claim_shared_plan_trial: {
    summary: "Gives a new account the 14-day trial a public plan promised, after a Google sign-up",
    request: ClaimSharedPlanTrialRequestSchema,
    response: ClaimSharedPlanTrialResponseSchema,
    auth: "bearer",
  },
  create_checkout: {
    summary: "Starts a Pro checkout; answers the page to open",
    request: CreateCheckoutRequestSchema,
    response: CreateCheckoutResponseSchema,
    auth: "bearer",
  },
  cancel_subscription: {
    summary: "Cancels Pro at the end of the paid period",
    request: CancelSubscriptionRequestSchema,
    response: UpdatedSubscriptionResponseSchema,
    auth: "bearer",
  },
  resume_subscription: {
    summary: "Undoes a cancellation before the period ends",
    request: ResumeSubscriptionRequestSchema,
    response: UpdatedSubscriptionResponseSchema,
    auth: "bearer",
  },
  restore_purchase: {
    summary: "Looks the caller's subscription up again at the payment provider",
    request: NoInputSchema,
    response: RestorePurchaseResponseSchema,
    auth: "bearer",
  },

  track_events: {
    summary: "Stores a batch of allow-listed analytics events (answers 204)",
    request: TrackEventsRequestSchema,
    response: NoContentSchema,
    auth: "optional",
  },

  log_weight: {
    summary: "Logs the weight of one day",
    request: LogWeightRequestSchema,
    response: LogWeightResponseSchema,
    auth: "bearer",
  },
  delete_weight: {
    summary: "Deletes the weigh-in of one day",
    request: DeleteWeightRequestSchema,
    response: DeleteWeightResponseSchema,
    auth: "bearer",
  },
  get_progress: {
    summary: "Weight trend, eaten items and the adaptive target",
    request: GetProgressRequestSchema,
    response: ProgressResponseSchema,
    auth: "bearer",
  },
  accept_suggested_target: {
    summary: "Accepts the suggested energy target (Pro)",
    request: AcceptTargetRequestSchema,
    response: AcceptTargetResponseSchema,
    auth: "bearer",
  },
  log_meal_eaten: {
    summary: "Ticks or unticks an item of a current meal plan",
    request: LogMealEatenRequestSchema,
    response: LogMealEatenResponseSchema,
    auth: "bearer",
  },
  log_workout_set: {
    summary: "Logs one set of an exercise",
    request: LogWorkoutSetRequestSchema,
    response: LogWorkoutSetResponseSchema,
    auth: "bearer",
  },
  get_workout_history: {
    summary: "Logged sets and the next step for each exercise",
    request: GetWorkoutHistoryRequestSchema,
    response: WorkoutHistoryResponseSchema,
    auth: "bearer",
  },
  import_workout_history: {
    summary: "Previews or imports workout sets from a Strong or Hevy CSV export",
    request: ImportWorkoutHistoryRequestSchema,
    response: ImportWorkoutHistoryResponseSchema,
    auth: "bearer",
  },

  search_foods: {
    summary:
      "Foods for a query as typed, with per-100 g figures and measures; the caller's exclusions marked",
    request: SearchFoodsRequestSchema,
    response: SearchFoodsResponseSchema,
    auth: "bearer",
  },
  lookup_barcode: {
    summary: "A packaged food by its barcode, from Open Food Facts, checked; or why it was refused",
    request: LookupBarcodeRequestSchema,
    response: LookupBarcodeResponseSchema,
    auth: "bearer",
  },
  log_food: {
    summary: "Logs a food, a custom entry or a quick add to a meal of one day",
    request: LogFoodRequestSchema,
    response: LogFoodResponseSchema,
    auth: "bearer",
  },
  delete_food_log: {
    summary: "Deletes one logged food of one day",
    request: DeleteFoodLogRequestSchema,
    response: DeleteFoodLogResponseSchema,
    auth: "bearer",
  },
  get_diary: {
    summary: "One day's diary: ticked plan items and logged foods per meal, totals against the target",
    request: GetDiaryRequestSchema,
    response: DiaryResponseSchema,
    auth: "bearer",
  },
  copy_diary_meal: {
    summary: "Copies one meal of a day's diary into another day's same meal",
    request: CopyDiaryMealRequestSchema,
    response: CopyDiaryMealResponseSchema,
    auth: "bearer",
  },
  set_diary_day_complete: {
    summary: "Marks a diary day complete (or not) for the adaptive target",
    request: SetDiaryDayCompleteRequestSchema,
    response: SetDiaryDayCompleteResponseSchema,
    auth: "bearer",
  },
  get_diary_week: {
    summary: "Seven days of the diary ending on a date: each day's energy and protein against its target",
    request: GetDiaryWeekRequestSchema,
    response: DiaryWeekResponseSchema,
    auth: "bearer",
  },
  save_my_food: {
    summary: "Creates or changes one of the caller's own foods (per 100 g or per serving)",
    request: SaveMyFoodRequestSchema,
    response: SaveMyFoodResponseSchema,
    auth: "bearer",
  },
  delete_my_food: {
    summary: "Deletes one of the caller's own foods (logged entries keep their figures)",
    request: DeleteMyFoodRequestSchema,
    response: DeletedResponseSchema,
    auth: "bearer",
  },
  list_my_foods: {
    summary: "The caller's own foods, by name",
    request: ListMyFoodsRequestSchema,
    response: ListMyFoodsResponseSchema,
    auth: "bearer",
  },
  save_meal_group: {
    summary: "Saves a named meal from foods or from a meal of the diary, to log in one tap",
    request: SaveMealGroupRequestSchema,
    response: SaveMealGroupResponseSchema,
    auth: "bearer",
  },
  delete_meal_group: {
    summary: "Deletes one of the caller's saved meals",
    request: DeleteMealGroupRequestSchema,
    response: DeletedResponseSchema,
    auth: "bearer",
  },
  list_meal_groups: {
    summary: "The caller's saved meals with their totals, by name",
    request: ListMealGroupsRequestSchema,
    response: ListMealGroupsResponseSchema,
    auth: "bearer",
  },
  log_meal_group: {
    summary: "Logs every entry of a saved meal into a meal of one day",
    request: LogMealGroupRequestSchema,
    response: LogMealGroupResponseSchema,
    auth: "bearer",
  },
} as const satisfies Record<string, FunctionContract>;

export type FunctionName = keyof typeof FUNCTIONS;
export const FUNCTION_NAMES = Object.keys(FUNCTIONS) as FunctionName[];

/** What a caller may send (before the schema's defaults and coercions). */
export type FunctionRequest<N extends FunctionName> = z.input<(typeof FUNCTIONS)[N]["request"]>;
/** The answer, as parsed by a client. */
export type FunctionResponse<N extends FunctionName> = z.output<(typeof FUNCTIONS)[N]["response"]>;
