import { z } from "zod";
import { DayIndexSchema, PlanChangeSchema, WorkoutItemWireSchema } from "./plans";
import { WriteProfileRequestSchema } from "./profile";

/** docs/product.md §6: the last 9 messages go to the trainer as context. */
export const CHAT_CONTEXT_MESSAGES = 9;
/** Longest message a user may send; longer pastes are refused rather than cut silently. */
export const CHAT_MESSAGE_MAX_CHARS = 2000;
/** Most buttons under one clarifying question (the engine's MAX_CHOICES). */
export const CHAT_MAX_CHOICES = 4;

export const CHAT_SENDERS = ["user", "assistant"] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

/**
 * What a new user's chat shows (docs/product.md §7: "default three assistant greeting messages"). Kept here so the
 * server's empty history and the browser's first paint agree.
 */
export const DEFAULT_GREETINGS: readonly string[] = [
  "Hi, I'm **Alex**, your 24/7 personal trainer! I work from your meal and workout plans as soon as they are made, and I can change them for you.",
  'Ask me to **swap a meal item** ("swap the oatmeal"), give a day **new meals**, keep out a food you are **allergic to** or don\'t like, or switch your **cuisine** or **diet**.',
  "For training, I can **swap an exercise**, **move a workout** to another day, make a **rest day**, explain **how to do an exercise**, and answer questions on calories, protein, water and sleep. What shall we work on?",
];

const ConversationMessageSchema = z.object({
  role: z.enum(CHAT_SENDERS),
  content: z.string().max(20_000),
});

/** Dropped (undefined) when absent or invalid rather than failing the whole message. */
function lenient<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((value) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? ((parsed.data as z.output<T> | null | undefined) ?? undefined) : undefined;
    })
    .optional();
}

const profile = WriteProfileRequestSchema.shape;

/**
 * Profile fields may come along (docs/product.md §8); the server plans from the profile it stores and uses these
 * only to fill gaps, so a stale or odd cached value is dropped instead of failing the message.
 */
const profileHints = {
  user_age: lenient(profile.user_age),
  user_gender: lenient(profile.user_gender),
  user_weight_in_kgs: lenient(profile.user_weight_in_kgs),
  user_height_in_cm: lenient(profile.user_height_in_cm),
  user_activity: lenient(profile.user_activity),
  user_tdee: lenient(profile.user_tdee),
  user_goal_tdee: lenient(profile.user_goal_tdee),
  user_fitness_goal: lenient(profile.user_fitness_goal),
  user_preferred_workout_days: lenient(profile.user_preferred_workout_days),
  user_workout_type: lenient(profile.user_workout_type),
  user_experience_level: lenient(profile.user_experience_level),
  user_diet_preference: lenient(profile.user_diet_preference),
  user_food_preference: lenient(profile.user_food_preference),
  user_preferred_protein_sources: lenient(profile.user_preferred_protein_sources),
  user_fav_food: lenient(profile.user_fav_food),
  user_allergies: lenient(profile.user_allergies),
  user_avoid_food: lenient(profile.user_avoid_food),
};

/** `openai_chat_trainer` (bearer). */
export const ChatTrainerRequestSchema = z.looseObject({
  ...profileHints,
  user_message: z.string().trim().min(1, "Message is empty").max(CHAT_MESSAGE_MAX_CHARS),
  /** The last messages, oldest first; the server reads only the last CHAT_CONTEXT_MESSAGES. */
  conversation_history: z.array(ConversationMessageSchema).max(200).default([]),
  /** The meal day the user is looking at (localStorage active_day): "today" in a message means this day. */
  active_day: lenient(DayIndexSchema),
});
export type ChatTrainerRequest = z.infer<typeof ChatTrainerRequestSchema>;

/** docs/product.md §8 allows a bare string too; this server always answers with the object. */
export const ChatTrainerResponseSchema = z.object({
  message: z.string(),
  /** Items swapped or moved, for the screens to highlight one after another. */
  item_ids_updated: z.array(z.string()).optional(),
  /** Set when meals changed: the day (1–7) to fetch again with openai_get_meal_plan. */
  active_day: z.number().int().min(1).max(7).optional(),
  /** Set when the workout plan changed: the whole new week. */
  updated_plan: z.object({ workout_plan: z.array(WorkoutItemWireSchema) }).optional(),
  /** The plan change this turn made, before → after, with the id undo_plan_change takes (decision 046). */
  change: PlanChangeSchema.optional(),
  /** Buttons under a clarifying question (decision 045): pressing one sends its message. */
  choices: z
    .array(z.object({ label: z.string().min(1), message: z.string().min(1) }))
    .max(CHAT_MAX_CHOICES)
    .optional(),
});
export type ChatTrainerResponse = z.infer<typeof ChatTrainerResponseSchema>;

/** `undo_plan_change` (bearer): one of the caller's last 20 plan changes, by id. */
export const UndoPlanChangeRequestSchema = z.object({ change_id: z.uuid() });
export type UndoPlanChangeRequest = z.infer<typeof UndoPlanChangeRequestSchema>;

/** What the undo put back: the day to fetch again, or the whole restored week, as a chat reply has them. */
export const UndoPlanChangeResponseSchema = ChatTrainerResponseSchema.pick({
  message: true,
  active_day: true,
  updated_plan: true,
});
export type UndoPlanChangeResponse = z.infer<typeof UndoPlanChangeResponseSchema>;

/** What a client must accept from `openai_chat_trainer`: the object, or the bare non-blank string docs/product.md §8 allows. */
export const ChatTrainerReplySchema = z.union([
  z.string().refine((text) => text.trim() !== "", "The reply is blank."),
  ChatTrainerResponseSchema,
]);
export type ChatTrainerReply = z.infer<typeof ChatTrainerReplySchema>;

export const ChatMessageSchema = z.object({
  sender: z.enum(CHAT_SENDERS),
  content: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** `get_chat_history` (bearer): oldest first; the default greetings when nothing is stored. */
export const ChatHistoryResponseSchema = z.object({ messages: z.array(ChatMessageSchema) });
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponseSchema>;

/** `clear_chat_history` (bearer): how many stored messages were deleted. */
export const ClearChatHistoryResponseSchema = z.object({ deleted: z.number().int().min(0) });

export const CHAT_ERROR_CODES = {
  /** The configured model did not answer in time or failed (HTTP 502). */
  aiUnavailable: "ai_unavailable",
} as const;
