import { z } from "zod";
import { findExerciseByName } from "../workouts/exercise-library";
import type { Intent } from "./intent-parser";
import { simplify } from "./name-match";
import { weekdayOfDay, type TrainerState } from "./trainer-state";

/**
 * What a message means, as a person labels it (docs/decisions/045-measured-understanding.md): the intent kind
 * and the slots it resolves to in the user's plans. Days are weekdays (meal day 1 is Monday, docs/product.md §6),
 * a move is "From->To", foods are the plan items' food ids (comma-joined, sorted) or, for avoidances and
 * unknown names, the words as written; value holds the one choice an intent carries (cuisine, diet, goal,
 * level, topic, severity).
 */
const LABEL = z
  .object({
    intent: z.string().min(1),
    meal: z.string().optional(),
    day: z.string().optional(),
    food: z.string().optional(),
    exercise: z.string().optional(),
    muscle: z.string().optional(),
    amount: z.string().optional(),
    value: z.string().optional(),
  })
  .strict();

const LABELLED_MESSAGE = z.object({ text: z.string().min(1), labels: z.array(LABEL).min(1) }).strict();

export type Label = z.infer<typeof LABEL>;
export type LabelledMessage = z.infer<typeof LABELLED_MESSAGE>;
type SlotName = Exclude<keyof Label, "intent">;
const SLOT_NAMES: readonly SlotName[] = ["meal", "day", "food", "exercise", "muscle", "amount", "value"];

/** One labelled message a line (JSON Lines); a bad line throws with its number. */
export function parseLabelledMessages(jsonLines: string): LabelledMessage[] {
  return jsonLines
    .split("\n")
    .map((line, index) => ({ line: line.trim(), lineNumber: index + 1 }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, lineNumber }) => {
      const parsed = LABELLED_MESSAGE.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`line ${lineNumber}: ${parsed.error.message}`);
      return parsed.data;
    });
}

function foodIdsOf(state: TrainerState, day: number, itemIds: readonly string[]): string {
  const items = state.mealPlans[day as keyof TrainerState["mealPlans"]] ?? [];
  return items
    .filter((item) => itemIds.includes(item.id))
    .map((item) => item.foodId)
    .sort()
    .join(",");
}

/** The label a parsed intent earns, read against the plans it was parsed with. */
export function labelOf(intent: Intent, state: TrainerState): Label {
  switch (intent.kind) {
    case "replace-meal":
      return intent.slot === undefined
        ? {
            intent: intent.kind,
            day: weekdayOfDay(intent.day),
            food: foodIdsOf(state, intent.day, intent.itemIds),
          }
        : { intent: intent.kind, day: weekdayOfDay(intent.day), meal: intent.slot };
    case "regenerate-meals":
      return { intent: intent.kind, day: weekdayOfDay(intent.day) };
    case "add-avoidance":
      return { intent: intent.kind, food: simplify(intent.foodsText), value: intent.severity };
    case "change-cuisine":
      return { intent: intent.kind, value: intent.cuisine };
    case "change-diet":
      return { intent: intent.kind, value: intent.dietType };
    case "replace-exercise":
      return {
        intent: intent.kind,
        ...(intent.bodyPart === undefined ? { exercise: intent.query } : { muscle: intent.bodyPart }),
        ...(intent.day === undefined ? {} : { day: intent.day }),
      };
    case "move-workout":
      return { intent: intent.kind, day: `${intent.from}->${intent.to}` };
    case "rest-day":
      return { intent: intent.kind, day: intent.day };
    case "set-training-days":
      return { intent: intent.kind, amount: String(intent.count) };
    case "change-goal":
      return { intent: intent.kind, value: intent.goal };
    case "change-level":
      return { intent: intent.kind, value: intent.level };
    case "ask-nutrition":
      return { intent: intent.kind, day: weekdayOfDay(intent.day), value: intent.topic };
    case "ask-workout":
      return { intent: intent.kind, ...(intent.day === undefined ? {} : { day: intent.day }) };
    case "explain-exercise":
      return {
        intent: intent.kind,
        exercise:
          intent.exerciseId === undefined
            ? intent.query
            : (findExerciseByName(intent.exerciseId)?.name ?? intent.exerciseId),
      };
    case "guide":
      return { intent: intent.kind, value: intent.topic };
    case "pain":
    case "joint-better":
      return { intent: intent.kind, ...(intent.joint === undefined ? {} : { muscle: intent.joint }) };
    case "protect-joint":
      return { intent: intent.kind, muscle: intent.joint };
    case "not-found":
      return { intent: intent.kind, food: intent.query };
    default:
      return { intent: intent.kind };
  }
}

export interface UnderstandingScore {
  messages: number;
  /** Share of messages whose intents (all of them, in order) are the labelled ones. */
  intentAccuracy: number;
  /** Share of slots right, over every slot either the label or the parse has. */
  slotAccuracy: number;
  /** Wrong intents, most frequent first: "expected → got". */
  confusion: { expected: string; got: string; count: number }[];
  misses: { text: string; expected: Label[]; got: Label[] }[];
}

function kinds(labels: readonly Label[]): string {
  return labels.map((label) => label.intent).join("+");
}

/** Scores a parser on labelled messages; every message is read against the same plans. */
export function scoreUnderstanding(
  messages: readonly LabelledMessage[],
  state: TrainerState,
  parse: (text: string, state: TrainerState) => Intent[],
): UnderstandingScore {
  let intentsRight = 0;
  let slotsRight = 0;
  let slotsSeen = 0;
  const confusion = new Map<string, { expected: string; got: string; count: number }>();
  const misses: UnderstandingScore["misses"] = [];
  for (const message of messages) {
    const got = parse(message.text, state).map((intent) => labelOf(intent, state));
    const intentRight = kinds(got) === kinds(message.labels);
    let messageSlotsRight = true;
    for (const [index, expected] of message.labels.entries()) {
      const parsed = got[index];
      for (const slot of SLOT_NAMES) {
        const want = expected[slot];
        const have = parsed?.[slot];
        if (want === undefined && have === undefined) continue;
        slotsSeen += 1;
        if (want !== undefined && have !== undefined && simplify(want) === simplify(have)) slotsRight += 1;
        else messageSlotsRight = false;
      }
    }
    if (intentRight) intentsRight += 1;
    else {
      const key = `${kinds(message.labels)}→${kinds(got)}`;
      const entry = confusion.get(key) ?? { expected: kinds(message.labels), got: kinds(got), count: 0 };
      entry.count += 1;
      confusion.set(key, entry);
    }
    if (!intentRight || !messageSlotsRight)
      misses.push({ text: message.text, expected: message.labels, got });
  }
  return {
    messages: messages.length,
    intentAccuracy: messages.length === 0 ? 0 : intentsRight / messages.length,
    slotAccuracy: slotsSeen === 0 ? 1 : slotsRight / slotsSeen,
    confusion: [...confusion.values()].sort(
      (left, right) => right.count - left.count || left.expected.localeCompare(right.expected),
    ),
    misses,
  };
}
