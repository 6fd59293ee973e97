import type { FitnessGoal } from "../profile.types";
import { isOlderAdult } from "./exercise-eligibility";
import type { Exercise, ExperienceLevel, Muscle } from "./exercise.types";

/*
 * Sources for the numbers in this module:
 * - ACSM position stand "Resistance training prescription for muscle function, hypertrophy, and physical
 *   performance in healthy adults: an overview of reviews" (Phillips et al.), Med Sci Sports Exerc 2026;58(4):
 *   about 10 or more weekly sets per muscle for hypertrophy; ≥ 80 % 1RM, 2–3 sets per exercise for strength;
 *   30–70 % 1RM moved fast for power; every major muscle group at least twice a week.
 * - ACSM position stand "Progression models in resistance training for healthy adults",
 *   Med Sci Sports Exerc 2009;41(3):687-708: novices 1–3 sets of 8–12 reps; power 3–6 reps with 2–3 min rest;
 *   large-muscle, multi-joint exercises first; 10–15+ reps with short rests for local muscular endurance.
 * - Schoenfeld, Ogborn & Krieger, "Dose-response relationship between weekly resistance training
 *   volume and increases in muscle mass", J Sports Sci 2017;35(11):1073-82: ≥10 weekly sets per
 *   muscle beat fewer; gains keep rising towards ~20 sets in trained lifters.
 * - Pelland et al., "The resistance training dose-response: meta-regressions exploring the effects of weekly
 *   volume and frequency on muscle hypertrophy and strength gain", SportRxiv 2024: counting a set as 1 for the
 *   prime mover and ½ for a synergist ("fractional" sets) fits the data best; returns diminish above ~20.
 * - Schoenfeld et al., "Strength and hypertrophy adaptations between low- vs. high-load resistance
 *   training", J Strength Cond Res 2017;31(12):3508-23: hypertrophy is similar across 6–30 reps when
 *   sets go near failure, so a fat-loss block can use 12–15 reps without giving up muscle.
 * - Bickel, Cross & Bamman, Med Sci Sports Exerc 2011;43(7):1177-87: about a third of the building volume keeps
 *   the muscle gained, so a fat-loss block keeps lower bands.
 */

/** Muscles whose weekly fractional sets are planned into a band and trained at least twice a week. */
export const BANDED_MUSCLES = [
  "Chest",
  "Back",
  "Shoulders",
  "Biceps",
  "Triceps",
  "Quads",
  "Hamstrings",
  "Glutes",
] as const satisfies readonly Muscle[];
export type BandedMuscle = (typeof BANDED_MUSCLES)[number];

/** The big muscles every week trains on at least two days (ACSM 2026; Schoenfeld, Ogborn & Krieger 2016). */
export const TWICE_WEEKLY_MUSCLES = [
  "Chest",
  "Back",
  "Shoulders",
  "Quads",
  "Hamstrings",
  "Glutes",
] as const satisfies readonly Muscle[];

/** A day trains a muscle when it gives it at least two fractional hard sets (two direct sets, or four as a synergist). */
export const SETS_THAT_TRAIN_A_MUSCLE = 2;

export interface VolumeBand {
  min: number;
  max: number;
}

/**
 * Weekly fractional hard sets per banded muscle, by goal and level. Muscle gain: beginners from 6 (ACSM 2009,
 * novices respond to low volume), intermediates round ACSM 2026's ~10 sets, advanced lifters towards Schoenfeld's
 * ~20. Fat loss keeps the muscle with less (Bickel 2011) and spends the time on conditioning.
 */
export const VOLUME_BANDS: Record<FitnessGoal, Record<ExperienceLevel, VolumeBand>> = {
  "Gain Muscle Mass": {
    Beginner: { min: 6, max: 12 },
    Intermediate: { min: 9, max: 18 },
    Advanced: { min: 12, max: 22 },
  },
  "Lose Weight": {
    Beginner: { min: 5, max: 12 },
    Intermediate: { min: 7, max: 16 },
    Advanced: { min: 9, max: 18 },
  },
};

/** The planner aims a little above the floor of the band: enough stimulus, sessions that stay finishable. */
export function weeklySetTarget(goal: FitnessGoal, level: ExperienceLevel): number {
  return VOLUME_BANDS[goal][level].min + 2;
}

/**
 * Hard sets in one session: beginners 20, others 24 — about an hour of lifting with the rests of
 * prescription-guide.ts. A coach's cap: ACSM 2026 puts consistency first, and a session people finish beats a
 * longer one they skip; extra weekly volume goes to another day instead.
 */
export const SESSION_HARD_SET_CAP: Record<ExperienceLevel, number> = {
  Beginner: 20,
  Intermediate: 24,
  Advanced: 24,
};

/**
 * The cap for this person: from 65 the beginner's 20 whatever the level (NSCA position statement on older adults,
 * Fragala et al., J Strength Cond Res 2019;33(8):2019-52: 1–3 sets of 8–10 exercises a session).
 */
export function sessionHardSetCap(level: ExperienceLevel, ageYears: number | undefined): number {
  return isOlderAdult(ageYears) ? SESSION_HARD_SET_CAP.Beginner : SESSION_HARD_SET_CAP[level];
}

/** Two sets is the least we prescribe (ACSM: multiple sets for progression); the cap grows with level. */
export const MIN_SETS_PER_EXERCISE = 2;
export const MAX_SETS_PER_EXERCISE: Record<ExperienceLevel, number> = {
  Beginner: 3,
  Intermediate: 4,
  Advanced: 5,
};

/** What one set of an exercise counts for each muscle: 1 as a prime mover, ½ as a synergist (Pelland 2024). */
export function setShare(exercise: Exercise, muscle: Muscle): number {
  if (exercise.primeMovers.includes(muscle)) return 1;
  return exercise.synergists.includes(muscle) ? 0.5 : 0;
}

/**
 * Hard sets: strength work near failure. Balance drills and mobility drills are practice, and the conditioning
 * finisher is intervals, so none of them counts.
 */
export function isHardSetExercise(exercise: Exercise): boolean {
  return !exercise.balance && !exercise.drill && exercise.primeMovers.length > 0;
}

/** Pull-ups and chin-ups move the whole body: few people do 12–15, so they are prescribed like heavy lifts. */
const HEAVY_BODY_WEIGHT = new Set(["Weighted Pull Ups", "Pullups", "Chin-Up"]);

/** Heavy multi-joint lifts that a coach loads in lower rep ranges: barbell compounds, pull-ups and chin-ups. */
export function isHeavyCompound(exercise: Exercise): boolean {
  return (
    exercise.mechanic === "compound" &&
    !exercise.power &&
    !exercise.unstable &&
    (exercise.equipment.includes("barbell") || HEAVY_BODY_WEIGHT.has(exercise.name))
  );
}

/**
 * Reps per set, by exercise. Power moves: 3–6 fast reps (ACSM 2009 and 2026: power at moderate load, moved fast,
 * low reps). Heavy compounds: 5–8 for trained lifters building muscle (ACSM 2026: ≥ 80 % 1RM for strength), 6–10
 * in their fat-loss block, 8–10 for beginners. Everything else: muscle gain 8–12 (beginners 10–12 while they learn the
 * movement), fat loss 12–15 with short rests (Schoenfeld 2017). Body-weight moves stay inside these ranges: past
 * the top of the range the next harder variant is the progression, not more reps.
 */
export function strengthReps(exercise: Exercise, goal: FitnessGoal, level: ExperienceLevel): string {
  if (exercise.power) return "3-6";
  if (isHeavyCompound(exercise)) {
    if (level === "Beginner") return "8-10";
    return goal === "Gain Muscle Mass" ? "5-8" : "6-10";
  }
  if (goal === "Lose Weight") return "12-15";
  return level === "Beginner" ? "10-12" : "8-12";
}

/** Conditioning finisher for fat loss: intervals of work (rest as long again), more rounds as fitness grows. */
export function finisherPrescription(level: ExperienceLevel): { sets: number; reps: string } {
  if (level === "Beginner") return { sets: 3, reps: "30 sec" };
  if (level === "Intermediate") return { sets: 4, reps: "30 sec" };
  return { sets: 5, reps: "40 sec" };
}

/**
 * A triceps exercise that is a press (close-grip push-ups, bench dips): the chest lowers and raises the body with the
 * triceps, so coaches count it as chest work for recovery, beside its triceps sets.
 */
export function pressesChest(exercise: Exercise): boolean {
  return exercise.bodyPart === "Triceps" && exercise.pattern === "horizontal press";
}

/** The legs a conditioning move works (thrusters, jumps, the bike): it counts as a leg day for recovery. */
export function loadsLegs(exercise: Exercise): boolean {
  return [...exercise.primeMovers, ...exercise.synergists].some(
    (muscle) => muscle === "Quads" || muscle === "Hamstrings" || muscle === "Glutes",
  );
}
