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

/** What a home trainee is assumed to own (issue 4): anything else is gym-only. */
export const HOME_EQUIPMENT: readonly Equipment[] = [
  "body weight",
  "dumbbells",
  "resistance band",
  "kettlebell",
  "pull-up bar",
];

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
}

export interface WorkoutItem {
  id: string;
  Day: Weekday;
  "Workout Name": string;
  "Body Part Targeted": string;
  "Youtube Video Link": string;
  "No of Sets": number;
  "No of Reps": string;
}

export const REST_DAY_NAME = "Rest Day";
export const WARMUP = "Warmup";
export const COOLDOWN = "Cooldown";
