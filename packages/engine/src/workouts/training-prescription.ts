import type { FitnessGoal } from "../profile.types";
import type { ExperienceLevel, TrainingBodyPart } from "./exercise.types";

/*
 * Sources for the numbers in this module:
 * - ACSM position stand "Progression models in resistance training for healthy adults",
 *   Med Sci Sports Exerc 2009;41(3):687-708: novices 1–3 sets of 8–12 reps, 2–3 days a week;
 *   intermediate/advanced multiple sets, 3–6 sets per exercise for the advanced; large-muscle,
 *   multi-joint exercises before small-muscle, single-joint ones; higher repetitions (10–15+) with
 *   short rests (30–60 s) for local muscular endurance and conditioning.
 * - Schoenfeld, Ogborn & Krieger, "Dose-response relationship between weekly resistance training
 *   volume and increases in muscle mass", J Sports Sci 2017;35(11):1073-82: ≥10 weekly sets per
 *   muscle beat fewer; gains keep rising towards ~20 sets in trained lifters.
 * - Schoenfeld, Ogborn & Krieger, "Effects of resistance training frequency on measures of muscle
 *   hypertrophy", Sports Med 2016;46(11):1689-97: training a muscle at least twice a week beats once.
 * - Schoenfeld et al., "Strength and hypertrophy adaptations between low- vs. high-load resistance
 *   training", J Strength Cond Res 2017;31(12):3508-23: hypertrophy is similar across 6–30 reps when
 *   sets go near failure, so a fat-loss block can use 12–15 reps without giving up muscle.
 */

/**
 * Weekly hard (near-failure) sets per major muscle group. Beginners start below the 10-set mark
 * (ACSM: novices respond to low volume), intermediates sit in Schoenfeld's ≥10-set zone, advanced
 * lifters go up to ~20.
 */
export const VOLUME_BANDS: Record<ExperienceLevel, { min: number; max: number }> = {
  Beginner: { min: 6, max: 10 },
  Intermediate: { min: 10, max: 16 },
  Advanced: { min: 12, max: 20 },
};

/** The planner aims a little above the floor of the band: enough stimulus, sessions that stay finishable. */
export function weeklySetTarget(level: ExperienceLevel): number {
  return VOLUME_BANDS[level].min + 2;
}

/** Two sets is the least we prescribe (ACSM: multiple sets for progression); the cap grows with level. */
export const MIN_SETS_PER_EXERCISE = 2;
export const MAX_SETS_PER_EXERCISE: Record<ExperienceLevel, number> = {
  Beginner: 3,
  Intermediate: 4,
  Advanced: 5,
};

/** Major groups whose weekly volume is planned and reported; calves and conditioning are extras. */
export const MAJOR_MUSCLE_GROUPS: Record<string, readonly TrainingBodyPart[]> = {
  Chest: ["Chest"],
  Back: ["Back"],
  Shoulders: ["Shoulders"],
  Quads: ["Quads"],
  "Hamstrings & Glutes": ["Hamstrings", "Glutes"],
  Arms: ["Biceps", "Triceps"],
  Core: ["Core"],
};

export function majorGroupOf(bodyPart: string): string | undefined {
  return Object.keys(MAJOR_MUSCLE_GROUPS).find((group) =>
    (MAJOR_MUSCLE_GROUPS[group] ?? []).some((part) => part === bodyPart),
  );
}

/**
 * Reps per set. Muscle gain: 8–12 (ACSM hypertrophy range), beginners at the top of it while they
 * learn the movements with lighter loads. Fat loss: 12–15 with 30–60 s rests (ACSM endurance and
 * conditioning range), which keeps the muscle stimulus (Schoenfeld 2017) and raises work density.
 */
export function strengthReps(goal: FitnessGoal, level: ExperienceLevel): string {
  if (goal === "Lose Weight") return "12-15";
  return level === "Beginner" ? "10-12" : "8-12";
}

/** Conditioning finisher for fat loss: intervals of work (rest as long again), more rounds as fitness grows. */
export function finisherPrescription(level: ExperienceLevel): { sets: number; reps: string } {
  if (level === "Beginner") return { sets: 3, reps: "30 sec" };
  if (level === "Intermediate") return { sets: 4, reps: "30 sec" };
  return { sets: 5, reps: "40 sec" };
}
