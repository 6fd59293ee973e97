import OpenAI from "openai";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from "openai/resources/chat/completions";
import { z } from "zod";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { exclusionConflict } from "@fitwise/engine/nutrition/exclusions";
import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import { CUISINES, DIET_TYPES, MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import { suitsDiet } from "@fitwise/engine/nutrition/meal-targets";
import { FITNESS_GOALS } from "@fitwise/engine/profile.types";
import type { Intent } from "@fitwise/engine/trainer/intent-parser";
import { bestMatch } from "@fitwise/engine/trainer/name-match";
import { detectRedFlag } from "@fitwise/engine/trainer/red-flags";
import {
  DAY_INDICES,
  isExerciseItem,
  type DayIndex,
  type TrainerState,
} from "@fitwise/engine/trainer/trainer-state";
import { EXERCISE_LIBRARY, findExerciseByName } from "@fitwise/engine/workouts/exercise-library";
import { isEligible } from "@fitwise/engine/workouts/exercise-eligibility";
import { EXPERIENCE_LEVELS, WEEKDAYS } from "@fitwise/engine/workouts/exercise.types";
import type { FastifyBaseLogger } from "fastify";
import type { AiConfig } from "../../env";
import type { IntentRunner, TurnResult } from "./chat-turn";

/** Tool rounds per message: enough for "swap X and move Monday", short enough to bound the wait. */
const MAX_ROUNDS = 4;

const DaySchema = z.number().int().min(1).max(7);
const WeekdaySchema = z.enum(WEEKDAYS);

/**
 * Every tool maps to one engine intent: the model chooses what to do, the engine computes every number
 * (docs/product.md §10). Descriptions are for the model; parameter schemas are checked again on our side.
 */
const TOOL_ARGS = {
  replace_meal_item: z.object({
    item_name: z.string().min(1).max(200),
    day: DaySchema.optional(),
    with_food: z.string().min(1).max(200).optional(),
  }),
  regenerate_day: z.object({ day: DaySchema }),
  add_avoidance: z.object({ foods: z.string().min(1).max(200), severity: z.enum(["allergy", "dislike"]) }),
  change_cuisine: z.object({ cuisine: z.enum(CUISINES) }),
  change_diet: z.object({ diet_type: z.enum(DIET_TYPES) }),
  replace_exercise: z.object({
    exercise_name: z.string().min(1).max(200),
    day: WeekdaySchema.optional(),
    with_exercise: z.string().min(1).max(200).optional(),
  }),
  move_workout: z.object({ from: WeekdaySchema, to: WeekdaySchema }),
  make_rest_day: z.object({ day: WeekdaySchema }),
  change_goal: z.object({ goal: z.enum(FITNESS_GOALS) }),
  change_level: z.object({ level: z.enum(EXPERIENCE_LEVELS) }),
  get_targets: z.object({ day: DaySchema.optional(), topic: z.enum(["calories", "protein", "macros"]) }),
  explain_exercise: z.object({ exercise_name: z.string().min(1).max(200) }),
} as const;
type ToolName = keyof typeof TOOL_ARGS;

const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  replace_meal_item:
    "Swap one meal item (or a whole meal when item_name is Breakfast, Lunch, Snacks or Dinner) on a meal day for one the engine picks with similar calories. with_food: a food the user asked for, checked against their allergies and diet.",
  regenerate_day: "Plan a meal day (1-7, Monday = 1) afresh.",
  add_avoidance: "Record a food the user is allergic to or dislikes, and re-plan the days that contain it.",
  change_cuisine: "Change the preferred cuisine and re-plan the stored meal days.",
  change_diet: "Change the diet type (standard, vegetarian, vegan) and re-plan the stored meal days.",
  replace_exercise:
    "Swap an exercise of the user's workout plan for another one for the same body part. with_exercise: one the user asked for, checked against their equipment.",
  move_workout: "Move one weekday's workout to a rest day.",
  make_rest_day: "Make a training day a rest day; the week is rebuilt for the days left.",
  change_goal: "Change the fitness goal; the calorie target, meals and workouts follow.",
  change_level: "Change the experience level; workouts are rebuilt.",
  get_targets: "The user's calories, protein or macros for a meal day, as planned.",
  explain_exercise: "How to do an exercise: the library's cues.",
};

const PARAMETERS: Record<ToolName, Record<string, unknown>> = Object.fromEntries(
  Object.entries(TOOL_ARGS).map(([name, schema]) => [name, z.toJSONSchema(schema)]),
) as unknown as Record<ToolName, Record<string, unknown>>;

export const TOOLS: ChatCompletionFunctionTool[] = (Object.keys(TOOL_ARGS) as ToolName[]).map((name) => ({
  type: "function",
  function: { name, description: TOOL_DESCRIPTIONS[name], parameters: PARAMETERS[name] },
}));

function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOL_ARGS, name);
}

type Parsed =
  { ok: true; intent: Intent; note?: string } | { ok: false; kind: "malformed" | "refused"; message: string };

function malformed(message: string): Parsed {
  return {
    ok: false,
    kind: "malformed",
    message: `Error: ${message} Call the tool again with corrected arguments.`,
  };
}

function refused(message: string): Parsed {
  return {
    ok: false,
    kind: "refused",
    message: `Refused: ${message} Nothing was changed. Tell the user why, kindly.`,
  };
}

function mealItemIntent(args: z.infer<(typeof TOOL_ARGS)["replace_meal_item"]>, state: TrainerState): Parsed {
  const day = (args.day as DayIndex | undefined) ?? state.activeDay;
  const items = state.mealPlans[day];
  if (items === undefined) return malformed(`There is no meal plan for day ${day}.`);
  let note: string | undefined;
  if (args.with_food !== undefined) {
    const food = bestMatch(args.with_food, FOOD_CATALOGUE, (candidate) => candidate.name);
    if (food === undefined)
      return malformed(
        `"${args.with_food}" is not a food in the catalogue; do not invent foods. Leave with_food out to let the engine choose.`,
      );
    const conflict = exclusionConflict(food, parseAvoidances(state.profile.allergiesText, FOOD_CATALOGUE));
    if (conflict !== undefined)
      return refused(
        `${food.name} ${conflict}, and the user listed "${state.profile.allergiesText}" as allergies or foods to avoid.`,
      );
    if (!suitsDiet(food, state.profile.dietType))
      return refused(`${food.name} is not ${state.profile.dietType}, the user's diet.`);
    note = `The engine picks the replacement by calories and macros within the user's limits; ${food.name} was a wish, not a guarantee.`;
  }
  const slot = MEAL_SLOTS.find(
    (candidate) =>
      candidate.toLowerCase() ===
      args.item_name
        .trim()
        .toLowerCase()
        .replace(/^snack$/, "snacks"),
  );
  if (slot !== undefined) {
    const itemIds = items.filter((item) => item.slot === slot).map((item) => item.id);
    return {
      ok: true,
      intent: { kind: "replace-meal", day, query: slot, slot, itemIds },
      ...(note ? { note } : {}),
    };
  }
  const item = bestMatch(args.item_name, items, (candidate) => candidate.name);
  if (item === undefined)
    return malformed(
      `"${args.item_name}" is not on day ${day}'s plan, which has: ${items.map((candidate) => candidate.name).join("; ")}. Use a name as listed.`,
    );
  return {
    ok: true,
    intent: { kind: "replace-meal", day, query: item.name, itemIds: [item.id] },
    ...(note ? { note } : {}),
  };
}

function exerciseIntent(args: z.infer<(typeof TOOL_ARGS)["replace_exercise"]>, state: TrainerState): Parsed {
  const candidates = state.workoutPlan.filter(
    (item) => isExerciseItem(item) && (args.day === undefined || item.day === args.day),
  );
  const named = bestMatch(args.exercise_name, candidates, (item) => item.name);
  if (named === undefined)
    return malformed(
      `"${args.exercise_name}" is not in the user's workout plan${args.day ? ` on ${args.day}` : ""}.`,
    );
  let note: string | undefined;
  if (args.with_exercise !== undefined) {
    const wanted =
      findExerciseByName(args.with_exercise) ??
      bestMatch(args.with_exercise, EXERCISE_LIBRARY, (exercise) => exercise.name);
    if (wanted === undefined)
      return malformed(`"${args.with_exercise}" is not in the exercise library; do not invent exercises.`);
    if (!isEligible(wanted, state.profile.level, state.profile.workoutType))
      return refused(
        `${wanted.name} needs ${wanted.equipment.join(", ")} or a higher level than ${state.profile.level}, which a ${state.profile.workoutType} plan does not allow.`,
      );
    note = `The engine picks the replacement for the same body part and equipment; ${wanted.name} was a wish, not a guarantee.`;
  }
  const itemIds = candidates.filter((item) => item.name === named.name).map((item) => item.id);
  return {
    ok: true,
    intent: {
      kind: "replace-exercise",
      query: named.name,
      ...(args.day ? { day: args.day } : {}),
      itemIds,
    },
    ...(note ? { note } : {}),
  };
}

/** Turns one tool call into an engine intent, refusing hard-constraint breaks and flagging invented names. */
export function parseToolCall(call: ChatCompletionMessageToolCall, state: TrainerState): Parsed {
  if (call.type !== "function") return malformed("Only function tools exist.");
  const name = call.function.name;
  if (!isToolName(name))
    return malformed(`There is no tool "${name}". Tools: ${Object.keys(TOOL_ARGS).join(", ")}.`);
  let raw: unknown;
  try {
    raw = JSON.parse(call.function.arguments || "{}");
  } catch {
    return malformed(`The arguments of ${name} are not valid JSON.`);
  }
  const parsed = TOOL_ARGS[name].safeParse(raw);
  if (!parsed.success)
    return malformed(
      `Invalid arguments for ${name}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}.`,
    );
  const args = parsed.data as Record<string, unknown>;
  switch (name) {
    case "replace_meal_item":
      return mealItemIntent(args as z.infer<(typeof TOOL_ARGS)["replace_meal_item"]>, state);
    case "replace_exercise":
      return exerciseIntent(args as z.infer<(typeof TOOL_ARGS)["replace_exercise"]>, state);
    case "regenerate_day":
      return { ok: true, intent: { kind: "regenerate-meals", day: args.day as DayIndex } };
    case "add_avoidance":
      return {
        ok: true,
        intent: {
          kind: "add-avoidance",
          foodsText: String(args.foods),
          severity: args.severity as "allergy" | "dislike",
        },
      };
    case "change_cuisine":
      return {
        ok: true,
        intent: { kind: "change-cuisine", cuisine: args.cuisine as (typeof CUISINES)[number] },
      };
    case "change_diet":
      return {
        ok: true,
        intent: { kind: "change-diet", dietType: args.diet_type as (typeof DIET_TYPES)[number] },
      };
    case "move_workout":
      return {
        ok: true,
        intent: {
          kind: "move-workout",
          from: args.from as (typeof WEEKDAYS)[number],
          to: args.to as (typeof WEEKDAYS)[number],
        },
      };
    case "make_rest_day":
      return { ok: true, intent: { kind: "rest-day", day: args.day as (typeof WEEKDAYS)[number] } };
    case "change_goal":
      return { ok: true, intent: { kind: "change-goal", goal: args.goal as (typeof FITNESS_GOALS)[number] } };
    case "change_level":
      return {
        ok: true,
        intent: { kind: "change-level", level: args.level as (typeof EXPERIENCE_LEVELS)[number] },
      };
    case "get_targets":
      return {
        ok: true,
        intent: {
          kind: "ask-nutrition",
          day: (args.day as DayIndex | undefined) ?? state.activeDay,
          topic: args.topic as "calories" | "protein" | "macros",
          advice: false,
        },
      };
    case "explain_exercise": {
      const query = String(args.exercise_name);
      const exercise =
        findExerciseByName(query) ?? bestMatch(query, EXERCISE_LIBRARY, (candidate) => candidate.name);
      return {
        ok: true,
        intent: { kind: "explain-exercise", query, ...(exercise ? { exerciseId: exercise.id } : {}) },
      };
    }
  }
}

/** What the model knows of the user: names as listed (so it can call tools with them), no numbers to copy. */
function contextSummary(state: TrainerState): string {
  const profile = state.profile;
  const days = DAY_INDICES.filter((day) => state.mealPlans[day] !== undefined)
    .map((day) => {
      const items = state.mealPlans[day] ?? [];
      const meals = MEAL_SLOTS.map(
        (slot) =>
          `${slot}: ${
            items
              .filter((item) => item.slot === slot)
              .map((item) => item.name)
              .join(", ") || "-"
          }`,
      );
      return `Day ${day}${day === state.activeDay ? " (today)" : ""} — ${meals.join(" | ")}`;
    })
    .join("\n");
  const week = WEEKDAYS.map((day) => {
    const names = state.workoutPlan
      .filter((item) => item.day === day && isExerciseItem(item))
      .map((item) => item.name);
    return `${day}: ${names.length > 0 ? names.join(", ") : "rest"}`;
  }).join("\n");
  return [
    `Goal: ${profile.goal}. Level: ${profile.level}. ${profile.workoutType}. Diet: ${profile.dietType}. Cuisine: ${profile.cuisine}.`,
    `Allergies and foods to avoid: ${profile.allergiesText.trim() || "none"}.`,
    ...unrecognisedNote(profile.allergiesText),
    `Meal days:\n${days || "none yet"}`,
    `Workout week:\n${week}`,
  ].join("\n\n");
}

/** Words of the allergy field the planner could not place: the model is told, so it can ask the user to rephrase. */
function unrecognisedNote(allergiesText: string): string[] {
  const words = parseAvoidances(allergiesText, FOOD_CATALOGUE).unrecognised;
  return words.length === 0
    ? []
    : [
        `Words of the allergies the planner could not place, so plans cannot leave them out: ${words.join(", ")}. Mention them and ask the user to say them another way.`,
      ];
}

const SYSTEM_PROMPT = `You are Alex, the 24/7 personal trainer in the Fitwise app. You are friendly, brief and practical, and you answer in Markdown without HTML or images.
Rules:
- Change plans only through the tools, and only when the user asks. Never state calories, grams, sets or other plan numbers yourself: use get_targets or the tool results, which the engine computes.
- Use meal item and exercise names exactly as listed in the context. Never invent foods or exercises.
- Respect the user's allergies, foods to avoid and diet type; if a tool refuses, explain why kindly.
- For chest pain, fainting, eating-disorder signs, pregnancy or thoughts of self-harm, do not change plans: suggest a doctor or emergency services.
- If you are unsure, say so and list what you can do.`;

export interface ModelTurnInput {
  ai: AiConfig;
  log: FastifyBaseLogger;
  requestId: string;
  message: string;
  history: readonly { role: "user" | "assistant"; content: string }[];
  state: TrainerState;
  /** The plans as the user's tier shows them: all the model is told (a free user's locked items are left out). */
  shownState: TrainerState;
  /** A fresh runner on the stored state (changes of a turn given up on are dropped with it). */
  runner(): IntentRunner;
  /** The offline brain's answer to the same message. */
  fallback(): Promise<TurnResult>;
}

/**
 * One message through an OpenAI-compatible model with tool calls. Malformed output (bad JSON, an unknown tool,
 * an invented name, an empty answer) is sent back once for correction; a second time, the offline brain answers.
 * A provider error, a time-out (AI_TIMEOUT_MS, one attempt) or an answer that is not a chat completion is logged with
 * the request id and the offline brain answers too (decision 069): a local model that is slow or gone must not leave
 * the person without Alex, and nothing the model proposed in the turn is kept.
 */
export async function modelTurn(input: ModelTurnInput): Promise<TurnResult> {
  // Red flags never reach the model: the referral is fixed, kind and changes nothing.
  if (detectRedFlag(input.message) !== undefined) return input.fallback();
  const client = new OpenAI({
    baseURL: input.ai.baseUrl,
    apiKey: input.ai.apiKey,
    timeout: input.ai.timeoutMs,
    // One attempt per round: the user is waiting, and the error path tells them to retry.
    maxRetries: 0,
  });
  const runner = input.runner();
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: `${SYSTEM_PROMPT}\n\nThe user's plans:\n${contextSummary(input.shownState)}` },
    ...input.history.map((entry) => ({ role: entry.role, content: entry.content })),
    { role: "user", content: input.message },
  ];
  const engineReplies: string[] = [];
  let correctionsLeft = 1;

  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    let choice: OpenAI.Chat.Completions.ChatCompletionMessage | undefined;
    try {
      const completion = await client.chat.completions.create({
        model: input.ai.model,
        messages,
        tools: TOOLS,
        tool_choice: "auto",
      });
      choice = completion.choices[0]?.message;
    } catch (error) {
      input.log.error(
        { err: error, reqId: input.requestId, model: input.ai.model },
        "trainer model request failed",
      );
      return fallback(input, "model request failed");
    }
    const toolCalls = choice?.tool_calls ?? [];
    const content = choice?.content?.trim() ?? "";
    if (choice === undefined || (toolCalls.length === 0 && content === "")) {
      if (correctionsLeft === 0) return fallback(input, "empty answer");
      correctionsLeft -= 1;
      messages.push({
        role: "user",
        content: "Your last answer was empty. Answer the user, or call a tool.",
      });
      continue;
    }
    if (toolCalls.length === 0) return finish(runner, content, engineReplies);

    const results: { id: string; content: string }[] = [];
    let hadMalformed = false;
    for (const call of toolCalls) {
      const parsed = parseToolCall(call, runner.turn().state);
      if (!parsed.ok) {
        hadMalformed ||= parsed.kind === "malformed";
        results.push({ id: call.id, content: parsed.message });
        continue;
      }
      const outcome = await runner.apply(parsed.intent);
      if (!outcome.refused) engineReplies.push(outcome.reply);
      results.push({ id: call.id, content: [outcome.reply, parsed.note].filter(Boolean).join("\n\n") });
    }
    if (hadMalformed) {
      if (correctionsLeft === 0) return fallback(input, "malformed tool call");
      correctionsLeft -= 1;
    }
    messages.push({ role: "assistant", content: choice.content ?? null, tool_calls: toolCalls });
    for (const result of results)
      messages.push({ role: "tool", tool_call_id: result.id, content: result.content });
  }
  return finish(runner, "", engineReplies);
}

async function fallback(input: ModelTurnInput, reason: string): Promise<TurnResult> {
  input.log.warn({ reqId: input.requestId, reason }, "trainer model unusable; offline brain answers");
  const turn = await input.fallback();
  turn.brain = "model-fallback";
  return turn;
}

/**
 * The engine's own words carry every number (docs/product.md: the model never writes numbers into a plan or a
 * reply about one); the model's text is added when it has none of its own.
 */
function finish(runner: IntentRunner, modelText: string, engineReplies: readonly string[]): TurnResult {
  const turn = runner.turn();
  const parts =
    engineReplies.length === 0
      ? [modelText]
      : [...engineReplies, ...(modelText !== "" && !/\d/.test(modelText) ? [modelText] : [])];
  turn.reply =
    parts.filter((part) => part.trim() !== "").join("\n\n") ||
    "I'm not sure how to help with that. Ask me to swap a meal or an exercise, move a workout, or about your calories.";
  return turn;
}
