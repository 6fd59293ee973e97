import * as z from "zod/mini";

/*
 * Typed access to the browser storage keys of docs/product.md §7. These are a cache for fast first paint and
 * offline reading only: the server stays the authority for the profile, plans, chat and Pro status.
 * Plan, chat and subscription entries are kept loose here; the feature that owns each one validates
 * its exact shape when it reads it. zod/mini keeps this module small, as the shell loads it on every page.
 */
const numericText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
const numberLike = z.union([z.number(), z.pipe(numericText, z.transform(Number))]);
const stringList = z.array(z.string());
const records = z.array(z.record(z.string(), z.unknown()));

const cacheSchemas = {
  user_id: z.string(),
  user_email: z.string(),
  user_full_name: z.string(),
  user_age: numberLike,
  user_gender: z.enum(["male", "female"]),
  user_weight_in_kgs: numberLike,
  user_height_in_cm: numberLike,
  user_activity: numberLike,
  user_tdee: numberLike,
  user_goal_tdee: numberLike,
  user_fitness_goal: z.enum(["Lose Weight", "Gain Muscle Mass"]),
  user_preferred_workout_days: stringList,
  user_workout_type: z.enum(["Home Workout", "GYM Workout"]),
  user_experience_level: z.enum(["Beginner", "Intermediate", "Advanced"]),
  /** Ours, beyond the original app: home equipment owned besides body weight. */
  user_equipment: stringList,
  user_diet_preference: z.enum(["standard", "vegetarian", "vegan"]),
  user_food_preference: z.string(),
  user_preferred_protein_sources: stringList,
  user_fav_food: z.string(),
  user_allergies: z.string(),
  user_avoid_food: z.string(),
  source: z.string(),
  user_pro: z.union([z.literal(0), z.literal(1)]),
  user_replaced: z.int().check(z.nonnegative()),
  active_day: z.int().check(z.gte(1), z.lte(7)),
  last_selected_day: z.string(),
  hasVisitedDietScreen: z.boolean(),
  hasVisitedWorkoutScreen: z.boolean(),
  Day1: records,
  Day2: records,
  Day3: records,
  diet_one: records,
  diet_two: records,
  diet_three: records,
  diet_four: records,
  diet_five: records,
  diet_six: records,
  diet_seven: records,
  userWorkoutData: records,
  chat_history: records,
  /** Ours, beyond the original app: whether the user left the chat panel open or closed. */
  chat_open: z.boolean(),
  subscription_data: z.record(z.string(), z.unknown()),
  lastExecutionTimestamp: z.number(),
  /** Not in the original app: the last get_progress answer, for offline reading (docs/decisions/047). */
  progress: z.record(z.string(), z.unknown()),
  /** Not in the original app: the last get_workout_history answer, for offline logging (docs/decisions/047). */
  workout_history: z.record(z.string(), z.unknown()),
  /** Not in the original app: the last shopping list asked for, with its days, for offline reading (docs/decisions/047). */
  grocery_list: z.record(z.string(), z.unknown()),
  /** Not in the original app: recipes opened lately, by food and grams, for offline reading (docs/decisions/047). */
  recipes: z.record(z.string(), z.unknown()),
  /** Not in the original app: when an answer last came from the server, shown by the offline bar (docs/decisions/047). */
  last_synced_at: z.number(),
  /** Not in the original app: the install prompt was offered on this browser (docs/decisions/047, offered once). */
  install_prompt_offered: z.boolean(),
} satisfies Record<string, z.ZodMiniType>;

export type LocalCacheKey = keyof typeof cacheSchemas;
export type LocalCacheValue<K extends LocalCacheKey> = z.output<(typeof cacheSchemas)[K]>;

/** The value under `key`, or null when absent or not of the expected shape. */
export function readCache<K extends LocalCacheKey>(key: K): LocalCacheValue<K> | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  // TypeScript cannot correlate the key with its schema through the indexed access, hence the cast.
  const schema = cacheSchemas[key] as unknown as z.ZodMiniType<LocalCacheValue<K>>;
  // Strings are stored as they are (as the original app did); everything else as JSON.
  let candidates: unknown[] = [raw];
  try {
    candidates = [JSON.parse(raw), raw];
  } catch {
    // Not JSON: only the raw string can match.
  }
  for (const candidate of candidates) {
    const parsed = z.safeParse(schema, candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

export function writeCache<K extends LocalCacheKey>(key: K, value: LocalCacheValue<K>): void {
  localStorage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
}

export function removeCache(key: LocalCacheKey): void {
  localStorage.removeItem(key);
}

/**
 * Stores the `source` query parameter on every visit (docs/product.md §3 Shell); without one, an earlier
 * source is kept and a first visit records "unknown". Returns the stored source.
 */
export function recordVisitSource(search: string): string {
  const fromQuery = new URLSearchParams(search).get("source")?.trim();
  const source = fromQuery || readCache("source") || "unknown";
  writeCache("source", source);
  return source;
}
