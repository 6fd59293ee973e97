import type { ExperienceLevel, Mechanic, TrainingBodyPart } from "./exercise.types";

export type DayFocus = "Full Body" | "Upper" | "Lower" | "Push" | "Pull" | "Legs";

export interface TrainingSplit {
  name: string;
  /** Focus of each training day, in weekday order. */
  days: readonly DayFocus[];
}

/*
 * Split by day count, so that every major group is trained at least twice a week (Schoenfeld,
 * Ogborn & Krieger, Sports Med 2016;46:1689-97) and the days stay a sensible length:
 * - 3 days: full body ×3, the ACSM 2009 recommendation for novices and time-poor trainees
 *   (Med Sci Sports Exerc 2009;41:687-708, "total-body workouts 2–3 days per week").
 * - 4 days: upper/lower ×2, ACSM 2009's intermediate split (4 days, each muscle twice).
 * - 5 days: upper/lower + one full-body day: the fifth day adds a third exposure for every group
 *   instead of leaving push/pull/legs lopsided (a 5-day PPL trains half the groups only once).
 * - 6 days: push/pull/legs ×2, the standard 6-day body-part rotation (each muscle twice a week).
 */
export function chooseSplit(dayCount: number): TrainingSplit | undefined {
  switch (dayCount) {
    case 3:
      return { name: "Full Body", days: ["Full Body", "Full Body", "Full Body"] };
    case 4:
      return { name: "Upper/Lower", days: ["Upper", "Lower", "Upper", "Lower"] };
    case 5:
      return { name: "Upper/Lower + Full Body", days: ["Upper", "Lower", "Full Body", "Upper", "Lower"] };
    case 6:
      return { name: "Push/Pull/Legs", days: ["Push", "Pull", "Legs", "Push", "Pull", "Legs"] };
    default:
      return undefined;
  }
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
    compound("Hamstrings", "Glutes"),
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
