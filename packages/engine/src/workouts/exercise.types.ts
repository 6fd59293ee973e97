export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WORKOUT_TYPES = ["Home Workout", "GYM Workout"] as const;
export type WorkoutType = (typeof WORKOUT_TYPES)[number];

export const EXPERIENCE_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const EQUIPMENT = [
  "body weight",
  "dumbbells",
  "resistance band",
  "kettlebell",
  "pull-up bar",
  "bench",
  "barbell",
  "machine",
  "cable",
] as const;
export type Equipment = (typeof EQUIPMENT)[number];

/** What a home trainee can declare owning; body weight is always at hand, and a gym has everything. */
export const HOME_EQUIPMENT_CHOICES = [
  "dumbbells",
  "resistance band",
  "kettlebell",
  "pull-up bar",
  "bench",
] as const satisfies readonly Equipment[];
export type HomeEquipment = (typeof HOME_EQUIPMENT_CHOICES)[number];

/** Home equipment assumed when the user has not said (DESIGN: body weight, dumbbells, bands). */
export const DEFAULT_HOME_EQUIPMENT: readonly HomeEquipment[] = ["dumbbells", "resistance band"];

/**
 * The loading implement an exercise is classed by, most specific first: a bench only supports,
 * and a band-assisted pull-up is a pull-up-bar exercise. Replacement keeps this class.
 */
export const EQUIPMENT_CLASS_ORDER: readonly Equipment[] = [
  "barbell",
  "machine",
  "cable",
  "kettlebell",
  "dumbbells",
  "pull-up bar",
  "resistance band",
  "body weight",
];

export type MovementPattern =
  | "horizontal press"
  | "vertical press"
  | "fly"
  | "horizontal pull"
  | "vertical pull"
  | "straight-arm pull"
  | "hinge"
  | "squat"
  | "lunge"
  | "knee extension"
  | "knee flexion"
  | "hip extension"
  | "hip abduction"
  | "raise"
  | "rear delt"
  | "curl"
  | "triceps extension"
  | "calf raise"
  | "trunk flexion"
  | "trunk rotation"
  | "trunk stability"
  | "balance"
  | "conditioning"
  | "mobility";

export const TRAINING_BODY_PARTS = [
  "Chest",
  "Back",
  "Shoulders",
  "Biceps",
  "Triceps",
  "Quads",
  "Hamstrings",
  "Glutes",
  "Calves",
  "Core",
  "Full Body",
  "Cardio",
] as const;
export type TrainingBodyPart = (typeof TRAINING_BODY_PARTS)[number];
export type BodyPart = TrainingBodyPart | "Warmup" | "Cooldown";

export type Mechanic = "compound" | "isolation";

/**
 * Skill and load demand, apart from the level that may start an exercise: 1 foundation (stable, simple, low joint
 * stress), 2 intermediate (single-leg, free-weight skill, moderate joint stress), 3 advanced (high skill, high
 * eccentric or joint load: pistol squats, Nordic curls, handstand push-ups, upright rows, dips). Beginners get tier
 * 1, intermediates up to 2, advanced lifters all three, and adults from 65 never tier 3 (exercise-eligibility.ts).
 */
export type ExerciseTier = 1 | 2 | 3;

/** Muscles a set is counted for (prime mover 1 set, synergist ½: Pelland et al. 2024). */
export const MUSCLES = [
  "Chest",
  "Back",
  "Shoulders",
  "Biceps",
  "Triceps",
  "Quads",
  "Hamstrings",
  "Glutes",
  "Calves",
  "Core",
] as const;
export type Muscle = (typeof MUSCLES)[number];

export interface Exercise {
  /** Stable slug of the name; saved plans and analytics may refer to it. */
  id: string;
  name: string;
  bodyPart: BodyPart;
  secondaryMuscles: string[];
  /** Everything the exercise needs at once; ["body weight"] when it needs nothing. */
  equipment: Equipment[];
  /** The lowest experience level that should perform it. */
  level: ExperienceLevel;
  mechanic: Mechanic;
  cues: string[];
  /** A regression that trainees above this level have outgrown (e.g. band-assisted pull-ups). */
  suitableUpTo?: ExperienceLevel;
  /** Movement pattern, derived from the name and body part; replacement keeps it where it can. */
  pattern: MovementPattern;
  /** Jumps, bounds, sprints, burpees and explosive catches: left out from age 65. */
  highImpact: boolean;
  /** Trains standing balance; older adults get one a training day. */
  balance: boolean;
  /** Needs balance or coordination a beginner does not have yet (single-leg, crawling, explosive). */
  unstable: boolean;
  tier: ExerciseTier;
  /** What the exercise asks of the joints, in a coach's words (with its source where one exists). */
  jointStress: string;
  /** A mobility or activation drill (wall slide, halo): a warm-up item, never planned or counted as a hard set. */
  drill: boolean;
  /** Explosive or plyometric work: prescribed as 3–6 fast reps with full rest, not as hypertrophy sets. */
  power: boolean;
  /** Offered only from this age (a sit-to-stand is an older adult's quad exercise, not a 30-year-old's). */
  fromAgeYears?: number;
  /** Prime movers (1 set each) and synergists (½ set each) for the weekly count. */
  primeMovers: Muscle[];
  synergists: Muscle[];
}

/** What a plan entry is: an exercise, the warm-up or cool-down drill round a training day, or a day off. */
export const WORKOUT_ITEM_KINDS = ["exercise", "warmup", "cooldown", "rest"] as const;
export type WorkoutItemKind = (typeof WORKOUT_ITEM_KINDS)[number];

/**
 * One entry of a week's plan, as the engine makes, the server stores and the screens show it. The HTTP API sends it
 * in its documented shape ("Workout Name", "No of Sets", …): packages/contracts/src/plan-items.mapper.ts.
 */
export interface WorkoutItem {
  id: string;
  day: Weekday;
  kind: WorkoutItemKind;
  /** Library id of the exercise or drill (exercise-library.ts `exerciseIdOf`); `REST_DAY_ID` on a rest day. */
  exerciseId: string;
  name: string;
  /** The body part the entry trains, "Warmup" or "Cooldown" for the drills, "Rest Day" on a rest day. */
  bodyPart: string;
  /** A YouTube search for the exercise's form (workout-items.ts `youtubeSearchLink`); empty on a rest day. */
  videoUrl: string;
  sets: number;
  /** A count ("8-12"), a time ("30 sec") or "1" for the drills: as the screen shows it. */
  reps: string;
}

export const REST_DAY_NAME = "Rest Day";
export const REST_DAY_ID = "rest-day";
export const WARMUP = "Warmup";
export const COOLDOWN = "Cooldown";
