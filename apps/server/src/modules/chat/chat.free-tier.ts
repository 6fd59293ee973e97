import {
  FREE_MEALS,
  FREE_REPLACEMENTS_LIMIT,
  mayReset,
  mayUseMeal,
  mayUsePlanDay,
  mayUseWorkoutDay,
  visibleMealItems,
  visibleWorkoutItems,
} from "@fitwise/contracts/free-tier";
import { REPLACEMENT_LIMIT_MESSAGE } from "@fitwise/contracts/plans";
import type { Intent } from "@fitwise/engine/trainer/intent-parser";
import { DAY_INDICES, type TrainerState } from "@fitwise/engine/trainer/trainer-state";
import { firstWorkoutDay } from "@fitwise/engine/workouts/rest-days";
import type { Access } from "./chat.context";

const PRO_UPGRADE = "Upgrade to Pro to unlock it; nothing in your plans has changed.";

/**
 * The free tier's limits (@fitwise/contracts/free-tier, docs/product.md §5), as the buttons have them, put in
 * the trainer's words. Returns the honest refusal, or undefined when the intent may go ahead.
 */
export function freeTierRefusal(intent: Intent, state: TrainerState, access: Access): string | undefined {
  switch (intent.kind) {
    case "regenerate-meals":
      if (mayReset(access.isPro)) return undefined;
      return `New meals for a whole day are a Pro feature (a reset). ${PRO_UPGRADE}`;
    case "change-cuisine":
      // A preference, not a rule: re-planning the day for it would be a free reset (docs/decisions/055).
      if (mayReset(access.isPro)) return undefined;
      return `A new cuisine means new meals for your day, and that is a Pro feature (a reset). ${PRO_UPGRADE}`;
    case "regenerate-workouts":
      if (mayReset(access.isPro)) return undefined;
      return `A fresh workout plan is a Pro feature (a reset). ${PRO_UPGRADE}`;
    case "replace-meal": {
      if (access.isPro || intent.itemIds.length === 0) return undefined;
      if (!mayUsePlanDay(access.isPro, intent.day)) return `Plans 2 and 3 are part of Pro. ${PRO_UPGRADE}`;
      const items = state.mealPlans[intent.day] ?? [];
      const locked = items.filter(
        (item) => intent.itemIds.includes(item.id) && !mayUseMeal(access.isPro, item.slot),
      );
      if (locked.length > 0)
        return `Swapping ${[...new Set(locked.map((item) => item.slot))].join(" and ")} items is part of Pro; on the free plan you can swap ${FREE_MEALS.join(" and ")} items. ${PRO_UPGRADE}`;
      if (intent.itemIds.length > access.freeReplacementsLeft)
        return access.freeReplacementsLeft === 0
          ? `${REPLACEMENT_LIMIT_MESSAGE} Upgrade to Pro for unlimited swaps.`
          : `That needs ${intent.itemIds.length} replacements and you have ${access.freeReplacementsLeft} of ${FREE_REPLACEMENTS_LIMIT} free ones left. Name a single item, or upgrade to Pro for unlimited swaps.`;
      return undefined;
    }
    case "replace-exercise": {
      if (access.isPro || intent.itemIds.length === 0) return undefined;
      const first = firstWorkoutDay(state.workoutPlan);
      const locked = state.workoutPlan.filter(
        (item) =>
          intent.itemIds.includes(item.id) && !mayUseWorkoutDay(access.isPro, item.day, state.workoutPlan),
      );
      if (locked.length > 0)
        return `On the free plan you can change your first workout day (${first ?? "none yet"}) only. ${PRO_UPGRADE}`;
      if (intent.itemIds.length > access.freeReplacementsLeft)
        return `${REPLACEMENT_LIMIT_MESSAGE} Upgrade to Pro for unlimited swaps.`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The plans as the caller's tier shows them: what the model is told about (decision 055). A free user's locked
 * days, meals and training days are left out, so the model cannot describe what the screen keeps locked.
 */
export function shownToTier(state: TrainerState, isPro: boolean): TrainerState {
  if (isPro) return state;
  const mealPlans: TrainerState["mealPlans"] = {};
  for (const day of DAY_INDICES) {
    const items = state.mealPlans[day];
    if (items !== undefined && mayUsePlanDay(isPro, day)) mealPlans[day] = visibleMealItems(isPro, items);
  }
  return { ...state, mealPlans, workoutPlan: visibleWorkoutItems(isPro, state.workoutPlan) };
}

/** Names of items in these states: those the tier shows, and those it keeps locked (unless also shown). */
function namesByTier(states: readonly TrainerState[], isPro: boolean): { shown: string[]; locked: string[] } {
  const namesOf = (state: TrainerState) => [
    ...Object.values(state.mealPlans).flatMap((items) => (items ?? []).map((item) => item.name)),
    ...state.workoutPlan.filter((item) => item.kind === "exercise").map((item) => item.name),
  ];
  const shown = new Set(states.flatMap((state) => namesOf(shownToTier(state, isPro))));
  return {
    shown: [...shown],
    locked: [...new Set(states.flatMap(namesOf))].filter((name) => !shown.has(name)),
  };
}

const longestFirst = (names: readonly string[]) => [...names].sort((a, b) => b.length - a.length);
const wholeWords = (name: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "giu");

/**
 * A free user's reply with the names of locked items replaced: an answer (an allergy re-plan that lists what it
 * removed, a model's free text) must not give away what the screen keeps locked. Shown names are set aside first,
 * so "Banana" locked at dinner does not eat into "Oatmeal with banana" shown at breakfast.
 */
export function withoutLockedNames(reply: string, states: readonly TrainerState[], isPro: boolean): string {
  if (isPro) return reply;
  const { shown, locked } = namesByTier(states, isPro);
  const setAside: string[] = [];
  let text = reply;
  for (const name of longestFirst(shown)) {
    text = text.replace(wholeWords(name), (found) => `\uE000${setAside.push(found) - 1}\uE000`);
  }
  for (const name of longestFirst(locked)) text = text.replace(wholeWords(name), "a Pro item");
  return text.replace(/\uE000(\d+)\uE000/g, (_, index: string) => setAside[Number(index)] ?? "");
}
