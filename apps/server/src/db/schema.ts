import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from "kysely";
import type { Cuisine, DietType, ProteinSource } from "@fitwise/engine/nutrition/food.types";
import type { MealItem } from "@fitwise/engine/nutrition/meal-planner";
import type { FitnessGoal, Gender } from "@fitwise/engine/profile.types";
import type {
  ExperienceLevel,
  HomeEquipment,
  Weekday,
  WorkoutItem,
  WorkoutType,
} from "@fitwise/engine/workouts/exercise.types";
import type { Joint } from "@fitwise/engine/workouts/joint-load";

/** A column the database fills in (default now()) that code may still set on insert or update. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: Generated<Date>;
}

export interface AppMetadata {
  provider: string;
  providers: string[];
  /** Set at sign-up for a guest who came from a public plan (docs/decisions/054); the server alone writes it. */
  trial_days?: number;
  /** The public plan that guest came from, as "diet:<id>" or "workout:<id>". */
  shared_plan?: string;
}

export interface UsersTable {
  id: Generated<string>;
  aud: Generated<string>;
  role: Generated<string>;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  /** Migration 009: when the user proved the address (an e-mail link, or a provider that vouches for it). */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_sign_in_at: Date | null;
  raw_app_meta_data: ColumnType<AppMetadata, string | undefined, string>;
  raw_user_meta_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdentitiesTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  last_sign_in_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  aal: Generated<"aal1" | "aal2" | "aal3">;
  factor_id: string | null;
  not_after: Date | null;
  refreshed_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  /** Migration 005: RFC 8176 methods of this session, e.g. [{ method: "password", timestamp }]. */
  amr: ColumnType<AmrEntry[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AmrEntry {
  method: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: Generated<boolean>;
  used_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OneTimeTokensTable {
  id: Generated<string>;
  user_id: string;
  token_type:
    | "confirmation_token"
    | "reauthentication_token"
    | "recovery_token"
    | "email_change_token_new"
    | "email_change_token_current"
    | "phone_change_token";
  token_hash: string;
  relates_to: string;
  /** The link that was mailed (signup, recovery, magiclink); null for rows older than migration 013. */
  link_type: ColumnType<
    "signup" | "recovery" | "magiclink" | null,
    "signup" | "recovery" | "magiclink" | null | undefined,
    "signup" | "recovery" | "magiclink" | null
  >;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MfaFactorsTable {
  id: Generated<string>;
  user_id: string;
  friendly_name: string | null;
  factor_type: "totp" | "phone" | "webauthn";
  status: Generated<"unverified" | "verified">;
  secret: string | null;
  last_challenged_at: Date | null;
  /** Migration 005: the RFC 6238 time step of the last accepted code (a code works once). */
  last_totp_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MfaChallengesTable {
  id: Generated<string>;
  factor_id: string;
  ip_address: string | null;
  verified_at: Date | null;
  /** Migration 005. */
  failed_attempts: Generated<number>;
  created_at: Timestamp;
}

/** Migration 005: pending Google sign-ins (state, PKCE verifier, nonce). */
export interface OidcStatesTable {
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  redirect_to: string;
  created_at: Timestamp;
  expires_at: Date;
}

/** Migration 011: PKCE flows (grant_type=pkce) waiting for their provider, their e-mail link or their exchange. */
export interface FlowStatesTable {
  id: Generated<string>;
  user_id: string | null;
  auth_code_hash: string | null;
  code_challenge: string;
  code_challenge_method: "s256" | "plain";
  provider_type: string;
  authentication_method: string;
  oidc_state_hash: string | null;
  link_token_hash: string | null;
  created_at: Timestamp;
  expires_at: Date;
  auth_code_issued_at: Date | null;
}

export interface MyUsersTable {
  user_id: string;
  user_email: string | null;
  user_full_name: string | null;
  user_age: number | null;
  user_gender: Gender | null;
  user_weight_in_kgs: number | null;
  user_height_in_cm: number | null;
  user_activity: number | null;
  user_tdee: number | null;
  user_goal_tdee: number | null;
  user_fitness_goal: FitnessGoal | null;
  /** jsonb array of weekday names; write with JSON.stringify. */
  user_preferred_workout_days: JSONColumnType<Weekday[], string | undefined, string>;
  user_workout_type: WorkoutType | null;
  user_experience_level: ExperienceLevel | null;
  /** Declared home equipment (migration 006); null: not said, the default applies. */
  user_equipment: JSONColumnType<HomeEquipment[] | null, string | null | undefined, string | null>;
  /** Joints noted as painful until the person says they are better (migration 014); write with JSON.stringify. */
  user_injuries: JSONColumnType<Joint[], string | undefined, string>;
  user_diet_preference: DietType | null;
  user_food_preference: Cuisine | null;
  user_preferred_protein_sources: JSONColumnType<ProteinSource[], string | undefined, string>;
  user_fav_food: string | null;
  user_allergies: string | null;
  user_avoid_food: string | null;
  /** Migration 020: food on training days (docs/decisions/066); false until the person turns it on. */
  user_training_day_food: ColumnType<boolean, boolean | undefined, boolean>;
  source: string | null;
  user_device: string | null;
  /** Migration 008: when /diet first asked whether to continue to /workouts; null until then. */
  diet_screen_visited_at: Date | null;
  /** Migration 007: the adaptive target the user accepted, the fitness goal it is for, and when. */
  user_adaptive_goal_tdee: ColumnType<number | null, number | null | undefined, number | null>;
  user_adaptive_fitness_goal: ColumnType<
    FitnessGoal | null,
    FitnessGoal | null | undefined,
    FitnessGoal | null
  >;
  user_adaptive_accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** jsonb written as JSON text (both drivers then agree), read back parsed. */
type Json<T extends object> = JSONColumnType<T, string, string>;

/** Migration 002: the server's current plans, saved plans, the free-replacement counter, subscriptions. */
export interface MealPlansTable {
  user_id: string;
  day_index: number;
  items: Json<MealItem[]>;
  seed: number;
  generation: Generated<number>;
  revision: Generated<number>;
  inputs_hash: string;
  target_kcal: number;
  notes: JSONColumnType<string[], string | undefined, string>;
  /** Catalogue ids of foods replaced away since the day was planned (migration 010): Replace never offers them again. */
  replaced_food_ids: JSONColumnType<string[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkoutPlansTable {
  user_id: string;
  items: Json<WorkoutItem[]>;
  split: string;
  seed: number;
  generation: Generated<number>;
  revision: Generated<number>;
  inputs_hash: string;
  /** Ids of the exercises replaced away this week (migrations 006, 012): Replace never offers them again. */
  replaced_away_ids: JSONColumnType<string[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 014: what a chat change replaced, so it can be undone. */
export interface PlanChangesTable {
  id: string;
  user_id: string;
  /** Who made the change: Alex, Replace on a plan screen, or a reset (migration 022, decision 069). */
  source: PlanChangeSource;
  before: Json<PlansBefore>;
  after_revisions: Json<PlanRevisionsAfter>;
  profile_before: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  lines: JSONColumnType<string[], string | undefined, string>;
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export type PlanChangeSource = "chat" | "replace" | "reset";

/** A meal day's stored columns, as a change found them. */
export interface StoredMealDay {
  items: MealItem[];
  seed: number;
  generation: number;
  inputs_hash: string;
  target_kcal: number;
  notes: string[];
  replaced_food_ids: string[];
}

/** The workout week's stored columns, as a change found them. */
export interface StoredWorkoutWeek {
  items: WorkoutItem[];
  split: string;
  seed: number;
  generation: number;
  inputs_hash: string;
  replaced_away_ids: string[];
}

/** The rows a change touched, before it: null where there was none. */
export interface PlansBefore {
  meals: { day: number; row: StoredMealDay | null }[];
  workout?: { row: StoredWorkoutWeek | null };
}

/** The revisions the change left on the rows it wrote. */
export interface PlanRevisionsAfter {
  meals: { day: number; revision: number }[];
  workout?: number;
}

export interface SavedDietsTable {
  diet_id: string;
  user_id: string;
  public: Generated<boolean>;
  /** Whether the public page shows age, gender, weight, height and TDEE (migration 013, decision 044). */
  show_body_data: Generated<boolean>;
  user_activity: number | null;
  user_age: number | null;
  user_allergies: string | null;
  user_diet_preference: DietType | null;
  user_fav_food: string | null;
  user_fitness_goal: FitnessGoal | null;
  user_food_preference: Cuisine | null;
  user_gender: Gender | null;
  user_goal_tdee: number | null;
  user_height_in_cm: number | null;
  user_preferred_protein_sources: JSONColumnType<ProteinSource[], string | undefined, string>;
  user_tdee: number | null;
  user_weight_in_kgs: number | null;
  diet_one: Json<MealItem[]>;
  /** "Diet Plan #N": given at save time, never renumbered (migration 019). */
  plan_number: number;
  created_at: Timestamp;
}

export interface SavedWorkoutsTable {
  workout_id: string;
  user_id: string;
  public: Generated<boolean>;
  workout_plan: Json<WorkoutItem[]>;
  user_experience_level: ExperienceLevel | null;
  user_fitness_goal: FitnessGoal | null;
  user_preferred_workout_days: JSONColumnType<Weekday[], string | undefined, string>;
  user_workout_type: WorkoutType | null;
  /** "Workout Plan #N": given at save time, never renumbered (migration 019). */
  plan_number: number;
  created_at: Timestamp;
}

export interface UsageCountersTable {
  user_id: string;
  free_replacements: Generated<number>;
  updated_at: Timestamp;
}

export interface UserSubscriptionsTable {
  user_id: string;
  subscription_id: string | null;
  status_name: string | null;
  /** "true" or "false" (a string, as the original app has it). */
  manually_cancelled: ColumnType<string, string | undefined, string>;
  renew_date: Date | null;
  ends_at: Date | null;
  variant: string | null;
  updated_at: Timestamp;
  last_event_at: Date | null;
}

/** Migration 003: payments (webhook idempotency, test checkouts, cancellation reasons, provider details). */
export interface WebhookEventsTable {
  event_id: string;
  event_name: string;
  payload_sha256: string;
  subscription_id: string | null;
  user_id: string | null;
  outcome: "applied" | "stale" | "ignored";
  received_at: Timestamp;
}

export interface PaymentCheckoutsTable {
  checkout_id: string;
  user_id: string;
  email: string;
  full_name: string | null;
  plan: "monthly" | "yearly";
  created_at: Timestamp;
  expires_at: Date;
  completed_at: Date | null;
}

export interface SubscriptionCancellationsTable {
  id: Generated<number>;
  user_id: string;
  subscription_id: string;
  reason: string;
  created_at: Timestamp;
}

export interface PaymentSubscriptionsTable {
  user_id: string;
  subscription_id: string;
  provider: "test" | "lemonsqueezy";
  trial_ends_at: Date | null;
  updated_at: Timestamp;
}

/** Migration 004: the trainer chat and analytics events. */
export interface ChatMessagesTable {
  id: Generated<string>;
  user_id: string;
  sender: "user" | "assistant";
  content: string;
  created_at: Timestamp;
}

export interface AnalyticsEventsTable {
  id: Generated<string>;
  user_id: string | null;
  name: string;
  properties: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
}

/** Migration 007: logs of following the plan (docs/decisions/022). Dates are selected as text (YYYY-MM-DD). */
export interface WeightLogsTable {
  user_id: string;
  /** Compared as YYYY-MM-DD text; select it through to_char (the drivers return a raw date as a Date). */
  log_date: ColumnType<string, string, string>;
  weight_kg: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MealLogsTable {
  user_id: string;
  /** Compared as YYYY-MM-DD text; select it through to_char (the drivers return a raw date as a Date). */
  log_date: ColumnType<string, string, string>;
  item_id: string;
  item_name: string;
  grams: number;
  energy_kcal: number;
  created_at: Timestamp;
}

export interface WorkoutSetsTable {
  user_id: string;
  /** Compared as YYYY-MM-DD text; select it through to_char (the drivers return a raw date as a Date). */
  log_date: ColumnType<string, string, string>;
  exercise_id: string;
  set_number: number;
  reps: number;
  load_kg: number;
  rir: number;
  created_at: Timestamp;
}

/** Migration 016: a ticked line of the shopping list (docs/product.md §3.15). */
export interface GroceryTicksTable {
  user_id: string;
  line_name: string;
  created_at: Generated<Timestamp>;
}

/** Migration 017: a food eaten, a custom entry or a quick add (docs/decisions/052). */
export interface FoodLogTable {
  id: string;
  user_id: string;
  /** Compared as YYYY-MM-DD text; select it through to_char (the drivers return a raw date as a Date). */
  log_date: ColumnType<string, string, string>;
  meal: string;
  food_id: string | null;
  name: string;
  grams: number | null;
  servings: number | null;
  energy_kcal: number;
  protein_g: number | null;
  carbs_g: number | null;
  fat_g: number | null;
  instead_of_item_id: string | null;
  created_at: Generated<Timestamp>;
}

/** Migration 017: a diary day marked complete (or unmarked). */
export interface DiaryDaysTable {
  user_id: string;
  log_date: ColumnType<string, string, string>;
  complete: boolean;
  updated_at: Generated<Timestamp>;
}

/** Migration 021: a person's own food (docs/decisions/068). */
export interface MyFoodsTable {
  id: string;
  user_id: string;
  name: string;
  basis: "100g" | "serving";
  energy_kcal: number;
  protein_g: number | null;
  carbs_g: number | null;
  fat_g: number | null;
  measure_unit: string | null;
  measure_grams: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Timestamp;
}

/** Migration 021: a saved meal; `items` is checked with its contract when read (docs/decisions/068). */
export interface MealGroupsTable {
  id: string;
  user_id: string;
  name: string;
  items: ColumnType<unknown, string, string>;
  created_at: Generated<Timestamp>;
  updated_at: Timestamp;
}

/** Migration 015: offline writes applied once per browser-made id (docs/decisions/047). */
export interface ClientWritesTable {
  user_id: string;
  client_id: string;
  function_name: string;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A job of the embedded database's in-process runner (migration 023, docs/decisions/070). */
export interface BackgroundJobsTable {
  id: Generated<number>;
  kind: string;
  job_key: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  state: ColumnType<
    "queued" | "running" | "done" | "failed",
    "queued" | undefined,
    "queued" | "running" | "done" | "failed"
  >;
  attempts: Generated<number>;
  run_after: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
}

export interface DB {
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  mfa_factors: MfaFactorsTable;
  mfa_challenges: MfaChallengesTable;
  flow_states: FlowStatesTable;
  my_users: MyUsersTable;
  meal_plans: MealPlansTable;
  workout_plans: WorkoutPlansTable;
  plan_changes: PlanChangesTable;
  saved_diets: SavedDietsTable;
  saved_workouts: SavedWorkoutsTable;
  usage_counters: UsageCountersTable;
  user_subscriptions: UserSubscriptionsTable;
  webhook_events: WebhookEventsTable;
  payment_checkouts: PaymentCheckoutsTable;
  subscription_cancellations: SubscriptionCancellationsTable;
  payment_subscriptions: PaymentSubscriptionsTable;
  chat_messages: ChatMessagesTable;
  analytics_events: AnalyticsEventsTable;
  oidc_states: OidcStatesTable;
  weight_logs: WeightLogsTable;
  meal_logs: MealLogsTable;
  workout_sets: WorkoutSetsTable;
  grocery_ticks: GroceryTicksTable;
  food_log: FoodLogTable;
  diary_days: DiaryDaysTable;
  my_foods: MyFoodsTable;
  meal_groups: MealGroupsTable;
  client_writes: ClientWritesTable;
  background_jobs: BackgroundJobsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type RefreshToken = Selectable<RefreshTokensTable>;
export type MyUser = Selectable<MyUsersTable>;
export type SubscriptionRow = Selectable<UserSubscriptionsTable>;
