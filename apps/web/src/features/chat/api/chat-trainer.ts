import { ChatTrainerReplySchema, type ChatTrainerResponse } from "@fitwise/contracts/chat";
import { ApiError } from "../../../lib/api-client";
import { callFunction } from "../../../lib/call-function";
import { readCache } from "../../../lib/local-cache";

/** The reply had neither shape docs/product.md §8 allows (a string, or an object with a message). */
export class UnexpectedReplyError extends Error {
  constructor() {
    super("Unexpected data format");
    this.name = "UnexpectedReplyError";
  }
}

/** docs/product.md §8 allows a bare string or the object form; both become the object. */
export const TrainerReplySchema = ChatTrainerReplySchema.transform((reply): ChatTrainerResponse =>
  typeof reply === "string" ? { message: reply } : reply,
);

export interface ContextMessage {
  role: "user" | "assistant";
  content: string;
}

/** Cached profile fields go along as docs/product.md §8 has it; the server only uses them where its own profile is blank. */
function profileFields() {
  return {
    user_age: readCache("user_age"),
    user_gender: readCache("user_gender"),
    user_weight_in_kgs: readCache("user_weight_in_kgs"),
    user_height_in_cm: readCache("user_height_in_cm"),
    user_activity: readCache("user_activity"),
    user_tdee: readCache("user_tdee"),
    user_goal_tdee: readCache("user_goal_tdee"),
    user_fitness_goal: readCache("user_fitness_goal"),
    user_preferred_workout_days: readCache("user_preferred_workout_days"),
    user_workout_type: readCache("user_workout_type"),
    user_experience_level: readCache("user_experience_level"),
    user_diet_preference: readCache("user_diet_preference"),
    user_food_preference: readCache("user_food_preference"),
    user_preferred_protein_sources: readCache("user_preferred_protein_sources"),
    user_fav_food: readCache("user_fav_food"),
    user_allergies: readCache("user_allergies"),
  };
}

/** `openai_chat_trainer`: one message with the recent conversation as context. */
export async function sendChatMessage(
  message: string,
  history: readonly ContextMessage[],
): Promise<ChatTrainerResponse> {
  try {
    return await callFunction(
      "openai_chat_trainer",
      {
        ...profileFields(),
        user_message: message,
        conversation_history: [...history],
        active_day: readCache("active_day") ?? undefined,
      },
      { schema: TrainerReplySchema },
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === "unexpected_response") throw new UnexpectedReplyError();
    throw error;
  }
}
