import { findExerciseByName } from "@fitwise/engine/workouts/exercise-library";
import type { Exercise } from "@fitwise/engine/workouts/exercise.types";

/*
 * Strong and Hevy name an exercise "<movement> (<equipment>)" — "Bench Press (Barbell)", "Lunge (Dumbbell)",
 * "Seated Cable Row - V Grip (Cable)" — while our library, after the Free Exercise DB, mostly writes
 * "<equipment> <movement>" and sometimes a plural ("Dumbbell Lunges"). matchExercise tries those spellings; the
 * table below holds the common names no spelling rule reaches. Both apps' names were taken from their public
 * export samples (see the fixtures beside this file); a name matched nowhere is reported, never guessed.
 */
const ALIASES: Readonly<Record<string, string>> = {
  "overhead press barbell": "Standing Military Press",
  "overhead press dumbbell": "Standing Dumbbell Press",
  "seated overhead press dumbbell": "Seated Dumbbell Press",
  "shoulder press dumbbell": "Seated Dumbbell Press",
  "shoulder press machine": "Machine Shoulder (Military) Press",
  "arnold press dumbbell": "Arnold Dumbbell Press",
  "push press barbell": "Push Press",
  "bent over row barbell": "Bent Over Barbell Row",
  "bent over row dumbbell": "Bent Over Two-Dumbbell Row",
  "bent over one arm row dumbbell": "One-Arm Dumbbell Row",
  "dumbbell row": "One-Arm Dumbbell Row",
  "t bar row": "T-Bar Row with Handle",
  "seated row cable": "Seated Cable Rows",
  "seated cable row": "Seated Cable Rows",
  "lat pulldown cable": "Wide-Grip Lat Pulldown",
  "lat pulldown": "Wide-Grip Lat Pulldown",
  "lat pulldown close grip cable": "Close-Grip Front Lat Pulldown",
  "pull up": "Pullups",
  "pull up weighted": "Weighted Pull Ups",
  "weighted pull up": "Weighted Pull Ups",
  "pull up band": "Band Assisted Pull-Up",
  "incline bench press barbell": "Incline Barbell Bench Press",
  "incline bench press dumbbell": "Incline Dumbbell Press",
  "decline bench press dumbbell": "Decline Dumbbell Bench Press",
  "bench press close grip barbell": "Close-Grip Barbell Bench Press",
  "bench press machine": "Machine Bench Press",
  "chest press machine": "Machine Bench Press",
  "chest fly dumbbell": "Dumbbell Flyes",
  "incline chest fly dumbbell": "Incline Dumbbell Flyes",
  "chest fly machine": "Butterfly",
  "pec deck machine": "Butterfly",
  "butterfly pec deck": "Butterfly",
  "cable fly crossovers": "Cable Crossover",
  "chest dip": "Dips - Chest Version",
  "triceps dip": "Dips - Triceps Version",
  dip: "Dips - Triceps Version",
  "bench dip": "Bench Dips",
  "front squat barbell": "Front Barbell Squat",
  "walking lunge": "Bodyweight Walking Lunge",
  "walking lunge dumbbell": "Dumbbell Lunges",
  "reverse lunge dumbbell": "Dumbbell Rear Lunge",
  "split squat dumbbell": "Split Squat with Dumbbells",
  "step up": "Bench Step-Up",
  "step up dumbbell": "Dumbbell Step Ups",
  "leg curl machine": "Seated Leg Curl",
  "romanian deadlift dumbbell": "Dumbbell Romanian Deadlift",
  "stiff leg deadlift barbell": "Stiff-Legged Barbell Deadlift",
  "glute ham raise": "Glute Ham Raise",
  "back extension": "Hyperextensions (Back Extensions)",
  "back extension machine": "Hyperextensions (Back Extensions)",
  "hip abductor machine": "Thigh Abductor",
  "calf raise machine": "Standing Calf Raises",
  "standing calf raise": "Standing Calf Raises",
  "standing calf raise dumbbell": "Standing Dumbbell Calf Raise",
  "lateral raise dumbbell": "Side Lateral Raise",
  "lateral raise cable": "Cable Seated Lateral Raise",
  "lateral raise band": "Lateral Raise - With Bands",
  "front raise dumbbell": "Front Dumbbell Raise",
  "reverse fly dumbbell": "Reverse Flyes",
  "reverse fly machine": "Reverse Machine Flyes",
  "reverse fly cable": "Cable Rear Delt Fly",
  "rear delt reverse fly dumbbell": "Reverse Flyes",
  "upright row barbell": "Upright Barbell Row",
  "upright row dumbbell": "Standing Dumbbell Upright Row",
  "bicep curl barbell": "Barbell Curl",
  "bicep curl cable": "Standing Biceps Cable Curl",
  "bicep curl ez bar": "EZ-Bar Curl",
  "ez bar biceps curl": "EZ-Bar Curl",
  "concentration curl dumbbell": "Standing Concentration Curl",
  "hammer curl cable": "Cable Hammer Curls - Rope Attachment",
  "reverse curl dumbbell": "Standing Dumbbell Reverse Curl",
  "tricep pushdown": "Triceps Pushdown",
  "triceps pushdown cable straight bar": "Triceps Pushdown",
  "triceps pushdown cable rope": "Triceps Pushdown - Rope Attachment",
  "triceps rope pushdown": "Triceps Pushdown - Rope Attachment",
  "triceps extension dumbbell": "Standing Dumbbell Triceps Extension",
  "overhead triceps extension cable": "Cable Rope Overhead Triceps Extension",
  "triceps extension machine": "Machine Triceps Extension",
  "skullcrusher barbell": "EZ-Bar Skullcrusher",
  "skullcrusher dumbbell": "Lying Dumbbell Tricep Extension",
  "triceps kickback dumbbell": "Tricep Dumbbell Kickback",
  "pullover dumbbell": "Straight-Arm Dumbbell Pullover",
  crunch: "Crunches",
  "crunch machine": "Ab Crunch Machine",
  "crunch cable": "Cable Crunch",
  "knee raise hanging": "Hanging Knee Raise",
  "leg raise hanging": "Hanging Leg Raise",
  "ab wheel": "Barbell Ab Rollout",
  "thruster barbell": "Barbell Thruster",
  "thruster dumbbell": "Dumbbell Thruster",
  "thruster kettlebell": "Kettlebell Thruster",
  "kettlebell swing": "Kettlebell Swing",
  "swing kettlebell": "Kettlebell Swing",
  "turkish get up": "Kettlebell Turkish Get-Up (Squat style)",
  "clean and press barbell": "Clean and Press",
};

function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** "Bench Press (Barbell)" → ["Bench Press", "Barbell"]; "Seated Cable Row - V Grip (Cable)" → base without " - V Grip". */
function spellings(name: string): string[] {
  const found = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(name);
  const base = (found?.[1] ?? name).trim();
  const equipment = found?.[2]?.trim() ?? "";
  const bases = [base, base.replace(/\s+-\s+.*$/, "")];
  const candidates: string[] = [name];
  for (const movement of bases) {
    for (const form of [movement, `${movement}s`, movement.replace(/s$/, "")]) {
      if (equipment !== "" && !equipment.includes(" ")) candidates.push(`${equipment} ${form}`);
      candidates.push(form);
    }
  }
  return candidates;
}

/** The library exercise another app's exercise name stands for, or undefined when none does. */
export function matchExercise(fileName: string): Exercise | undefined {
  const alias = ALIASES[key(fileName)];
  if (alias !== undefined) return findExerciseByName(alias);
  for (const candidate of spellings(fileName)) {
    const exercise = findExerciseByName(candidate);
    if (exercise) return exercise;
  }
  return undefined;
}
