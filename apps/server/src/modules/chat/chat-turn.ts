import type { ClarifyChoice, Intent } from "@fitwise/engine/trainer/intent-parser";
import type { DayIndex, TrainerState } from "@fitwise/engine/trainer/trainer-state";

// The turn's types, shared by the chat's files and openai-brain.ts without either importing the other.

/** The changes of one turn, accumulated over every intent carried out (the model may call several tools). */
export interface TurnResult {
  reply: string;
  state: TrainerState;
  mealDays: Set<DayIndex>;
  /** Days planned afresh (their inputs fingerprint is the new profile's), not just items swapped. */
  replannedDays: Set<DayIndex>;
  /** Days a week-wide change left for the background job to re-plan, as they were (docs/decisions/070). */
  pendingMealDays: Set<DayIndex>;
  workout: boolean;
  /** The week rebuilt or moved (new inputs fingerprint), not just exercises swapped. */
  workoutRebuilt: boolean;
  profile: boolean;
  itemIdsUpdated: string[];
  activeDay: DayIndex | undefined;
  freeReplacements: number;
  intents: Intent["kind"][];
  /** Buttons under a clarifying question; not stored with the message. */
  choices: ClarifyChoice[];
  /** Set by the commit when plans changed: the recorded change and its before → after lines. */
  change?: { id: string; lines: string[] };
  brain: "offline" | "model" | "model-fallback";
}

export interface IntentRunner {
  /** Carries out one intent on the turn's current state, after the free-tier and profile checks. */
  apply(intent: Intent): Promise<{ reply: string; changed: boolean; refused: boolean }>;
  turn(): TurnResult;
}

export function emptyTurn(state: TrainerState, brain: TurnResult["brain"]): TurnResult {
  return {
    reply: "",
    state,
    mealDays: new Set(),
    replannedDays: new Set(),
    pendingMealDays: new Set(),
    workout: false,
    workoutRebuilt: false,
    profile: false,
    itemIdsUpdated: [],
    activeDay: undefined,
    freeReplacements: 0,
    intents: [],
    choices: [],
    brain,
  };
}
