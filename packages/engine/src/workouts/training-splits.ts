import type { ExperienceLevel, Mechanic, TrainingBodyPart } from "./exercise.types";

export type DayFocus = "Full Body" | "Upper" | "Lower" | "Push" | "Pull" | "Legs" | "Arms & Core";

export interface TrainingSplit {
  name: string;
  /** Focus of each training day, in weekday order. */
  days: readonly DayFocus[];
}

/** Major muscle groups whose hard sessions need 48 h apart; core, calves and conditioning may repeat. */
export const RECOVERY_GROUPS = ["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes"] as const;
export type RecoveryGroup = (typeof RECOVERY_GROUPS)[number];

/** The recovery groups a body part loads as the prime mover (undefined: free to repeat). */
export function recoveryGroupOf(bodyPart: string): RecoveryGroup | undefined {
  return RECOVERY_GROUPS.find((group) => group === bodyPart);
}

const GROUPS_OF_FOCUS: Record<DayFocus, readonly RecoveryGroup[]> = {
  "Full Body": RECOVERY_GROUPS,
  Upper: ["Chest", "Back", "Shoulders"],
  Lower: ["Quads", "Hamstrings", "Glutes"],
  Push: ["Chest", "Shoulders"],
  Pull: ["Back"],
  Legs: ["Quads", "Hamstrings", "Glutes"],
  "Arms & Core": [],
};

const FOCI: readonly DayFocus[] = ["Full Body", "Upper", "Lower", "Push", "Pull", "Legs", "Arms & Core"];

/*
 * The split a coach would pick for the day count (Schoenfeld, Ogborn & Krieger, Sports Med
 * 2016;46:1689-97: every major group at least twice a week; ACSM 2009, Med Sci Sports Exerc
 * 2009;41:687-708: total-body 2–3 days for novices, upper/lower for 4, body-part rotations beyond):
 * - 3 days: full body; 4 days: upper/lower; 5 days: upper/lower with a full-body day; 6 days:
 *   push/pull/legs. These are preferences, not the placement.
 * The placement comes from the calendar (Sunday → Monday counts as consecutive): a major group is
 * never trained hard on two consecutive days, so it gets ≥ 48 h between hard sessions (Garber et
 * al., ACSM position stand, Med Sci Sports Exerc 2011;43:1334-59: "at least 48 h separating the
 * exercise training sessions for the same muscle group"). Full-body days therefore only sit
 * between rest days, upper and lower alternate through runs of consecutive days, and six days
 * rotate push/pull/legs.
 * - Three chosen days in a row: every group twice a week and 48 h apart only fit on the first and last day, so
 *   those are full-body days and the middle one trains arms, calves and core (Full Body / Arms & Core / Full
 *   Body) instead of upper/lower/upper, which gave the lower body one session a week.
 */
const PREFERRED: Record<number, readonly DayFocus[]> = {
  3: ["Full Body"],
  4: ["Upper", "Lower"],
  5: ["Upper", "Lower", "Full Body"],
  6: ["Push", "Pull", "Legs"],
};

function splitName(foci: readonly DayFocus[]): string {
  const used = new Set(foci);
  const parts: string[] = [];
  if (used.has("Upper") || used.has("Lower")) parts.push("Upper/Lower");
  if (used.has("Push") || used.has("Pull") || used.has("Legs")) parts.push("Push/Pull/Legs");
  if (used.has("Full Body")) parts.push("Full Body");
  if (used.has("Arms & Core")) parts.push("Arms & Core");
  return parts.join(" + ");
}

interface Placement {
  cost: readonly number[];
  foci: DayFocus[];
}

function lessThan(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/**
 * Cost of a complete placement, compared in order: groups trained fewer than twice a week (the
 * frequency the evidence favours), days outside the preferred split, the spread between the most
 * and least trained groups, then how unevenly each group's sessions are spaced.
 */
function placementCost(
  days: readonly number[],
  foci: readonly DayFocus[],
  preferred: readonly DayFocus[],
): number[] {
  const sessions = RECOVERY_GROUPS.map((group) =>
    days.filter((_, position) => GROUPS_OF_FOCUS[foci[position] ?? "Full Body"].includes(group)),
  );
  const frequency = sessions.map((list) => list.length);
  const missing = frequency.reduce((sum, count) => sum + Math.max(0, 2 - count), 0);
  const offPlan = foci.filter((focus) => !preferred.includes(focus)).length;
  const spread = Math.max(...frequency) - Math.min(...frequency);
  // Sum of squared gaps round the week between a group's sessions: smallest when they are evenly spaced.
  const unevenness = sessions.reduce(
    (sum, list) =>
      sum +
      list.reduce((inner, day, position) => {
        const gap = ((list[(position + 1) % list.length] ?? day) - day + 7) % 7 || 7;
        return inner + gap * gap;
      }, 0),
    0,
  );
  return [missing, offPlan, spread, unevenness];
}

const placementCache = new Map<string, TrainingSplit>();

/**
 * The split for these weekdays (indices 0 = Monday … 6 = Sunday, any order): a focus per day such
 * that consecutive calendar days share no major group, chosen by placementCost. A depth-first
 * search over at most 6^6 placements, pruned at every clash and memoised per day set.
 */
export function placeSplit(dayIndices: readonly number[]): TrainingSplit | undefined {
  const days = [...new Set(dayIndices)].sort((a, b) => a - b);
  const preferred = PREFERRED[days.length];
  if (preferred === undefined) return undefined;
  const key = days.join(",");
  const cached = placementCache.get(key);
  if (cached !== undefined) return cached;

  const chosen = new Set(days);
  const previousDay = (day: number): number => (day + 6) % 7;
  let best: Placement | undefined;
  const foci: DayFocus[] = [];
  const clashes = (first: DayFocus, second: DayFocus): boolean =>
    GROUPS_OF_FOCUS[first].some((group) => GROUPS_OF_FOCUS[second].includes(group));
  const search = (position: number): void => {
    if (position === days.length) {
      const cost = placementCost(days, foci, preferred);
      if (best === undefined || lessThan(cost, best.cost)) best = { cost, foci: [...foci] };
      return;
    }
    const day = days[position] ?? 0;
    // Preferred foci first, so among equal costs the canonical split wins.
    const order = [...preferred, ...FOCI.filter((focus) => !preferred.includes(focus))];
    for (const focus of order) {
      const before = previousDay(day);
      if (chosen.has(before) && before < day && clashes(focus, foci[days.indexOf(before)] ?? focus)) continue;
      // Sunday → Monday: the last day of the week meets the first.
      if (position === days.length - 1 && day === 6 && chosen.has(0) && clashes(focus, foci[0] ?? focus))
        continue;
      foci.push(focus);
      search(position + 1);
      foci.pop();
    }
  };
  search(0);
  if (best === undefined) return undefined;
  const split: TrainingSplit = { name: splitName(best.foci), days: best.foci };
  placementCache.set(key, split);
  return split;
}

export interface Slot {
  /** Body parts the slot cycles through on successive days of the same focus (e.g. hamstrings, then glutes). */
  parts: readonly TrainingBodyPart[];
  /** Preferred mechanic; template order lists compound slots first. */
  mechanic: Mechanic;
  minLevel?: ExperienceLevel;
  maxLevel?: ExperienceLevel;
}

const compound = (...parts: TrainingBodyPart[]): Slot => ({ parts, mechanic: "compound" });
const isolation = (...parts: TrainingBodyPart[]): Slot => ({ parts, mechanic: "isolation" });
const from = (minLevel: ExperienceLevel, slot: Slot): Slot => ({ ...slot, minLevel });
const upTo = (maxLevel: ExperienceLevel, slot: Slot): Slot => ({ ...slot, maxLevel });

/*
 * Slots per day focus. Extra accessory slots open at Intermediate so the weekly sets can reach the
 * level's band without pushing any single exercise past its set cap (see training-prescription.ts);
 * the volume test checks every split × level combination lands inside its band.
 */
export const DAY_TEMPLATES: Record<DayFocus, readonly Slot[]> = {
  "Full Body": [
    compound("Quads"),
    compound("Hamstrings"),
    compound("Glutes"),
    compound("Chest"),
    compound("Back"),
    compound("Shoulders"),
    upTo("Beginner", isolation("Biceps", "Triceps")),
    from("Intermediate", isolation("Biceps")),
    from("Intermediate", isolation("Triceps")),
    isolation("Core"),
  ],
  Upper: [
    compound("Chest"),
    compound("Back"),
    compound("Shoulders"),
    compound("Back"),
    from("Intermediate", isolation("Chest")),
    from("Intermediate", isolation("Shoulders")),
    isolation("Biceps"),
    isolation("Triceps"),
  ],
  Lower: [
    compound("Quads"),
    compound("Hamstrings"),
    compound("Glutes"),
    from("Intermediate", isolation("Quads")),
    from("Intermediate", isolation("Hamstrings")),
    isolation("Calves"),
    isolation("Core"),
    from("Intermediate", isolation("Core")),
  ],
  Push: [
    compound("Chest"),
    compound("Shoulders"),
    isolation("Chest"),
    isolation("Shoulders"),
    isolation("Triceps"),
  ],
  Pull: [
    compound("Back"),
    compound("Back"),
    from("Intermediate", isolation("Back")),
    isolation("Biceps"),
    isolation("Core"),
  ],
  Legs: [
    compound("Quads"),
    compound("Hamstrings"),
    compound("Glutes"),
    isolation("Quads"),
    from("Intermediate", isolation("Hamstrings")),
    isolation("Calves"),
    isolation("Core"),
  ],
  "Arms & Core": [
    isolation("Biceps"),
    isolation("Triceps"),
    isolation("Calves"),
    isolation("Core"),
    from("Intermediate", isolation("Biceps")),
    from("Intermediate", isolation("Triceps")),
    from("Intermediate", isolation("Core")),
  ],
};

/** Warm-up and cool-down entries matched to the day's focus. */
export function bookendNames(focus: DayFocus): { warmup: string; cooldown: string } {
  if (focus === "Full Body")
    return { warmup: "Full Body Dynamic Warm-Up", cooldown: "Full Body Stretching Cool-Down" };
  if (focus === "Lower" || focus === "Legs") {
    return { warmup: "Lower Body Dynamic Warm-Up", cooldown: "Lower Body Stretching Cool-Down" };
  }
  return { warmup: "Upper Body Dynamic Warm-Up", cooldown: "Upper Body Stretching Cool-Down" };
}
