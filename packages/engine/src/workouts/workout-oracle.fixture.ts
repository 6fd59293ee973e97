import type { WorkoutItem } from "./exercise.types";
import type { WorkoutPlanRequest } from "./workout-planner";

/**
 * An independent judge of a planned week, for the planner's tests: it reads only what the screen shows (each item's
 * day, kind, name and sets) and the calendar, with a muscle map and an equipment map of its own written from exercise
 * names as a coach reads them, never the exercise library's fields or the planner's rules. What it checks:
 * - sessions only on the chosen days, every other day a rest day;
 * - no large muscle group trained hard on two calendar days in a row, Sunday to Monday included: ACSM's position
 *   stand (Progression Models in Resistance Training for Healthy Adults, 2009) asks 48 h between sessions for the
 *   same group;
 * - nothing whose name says it needs equipment a home trainee did not declare;
 * - from 65, nothing whose name says jump, hop, bound, burpee (unless stepped) or sprint (ACSM/AHA physical activity for older
 *   adults, 2007: moderate, low-impact work).
 */

const CALENDAR = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Name patterns → the large groups an exercise trains hard, as a coach would say without looking anything up. */
const MUSCLE_MAP: readonly [RegExp, readonly string[]][] = [
  [/\bsquat|leg press|lunge|split squat|step-up|leg extension|hack squat/i, ["legs"]],
  [/deadlift|\brdl\b|good morning|hip thrust|leg curl|hamstring curl|nordic/i, ["legs", "posterior chain"]],
  [/bench press|chest press|push-?up|\bfly\b|flye|\bdips?\b|pec deck/i, ["chest"]],
  [/\brows?\b|pull-?up|chin-?up|pulldown|inverted row/i, ["back"]],
  [/overhead press|shoulder press|military press|arnold|lateral raise|pike push|handstand/i, ["shoulders"]],
];

/** Name patterns → equipment a home trainee must have declared (any one of the pieces listed). A gym has everything. */
const EQUIPMENT_MAP: readonly [RegExp, readonly string[]][] = [
  [/\bdumbbells?\b/i, ["dumbbells"]],
  [/\bbands?\b|banded/i, ["resistance band"]],
  [/kettlebell/i, ["kettlebell"]],
  [/^goblet/i, ["dumbbells", "kettlebell"]],
  [/pull-?up|chin-?up|hanging/i, ["pull-up bar"]],
];
/** Named for a gym's machines or bar, unless the name says how it is done at home (with a band, sliding on a towel). */
const GYM_ONLY =
  /barbell|\bcable\b|machine|smith|pulldown|leg press|leg extension|leg curl|pec deck|hack squat/i;
const HOME_VERSION = /dumbbell|\bband|kettlebell|sliding|towel|body ?weight/i;
const HIGH_IMPACT = /\bjump|\bhops?\b|\bbounds?\b|burpee|sprint|plyo/i;
/** A burpee stepped back and up instead of jumped is the low-impact version coaches give older adults. */
const LOW_IMPACT_VERSION = /step-back|no-jump/i;

/** Whole-body combinations ("Band Squat to Row", thrusters) are conditioning, light on each group: not counted. */
const COMBINATION = /\bto (row|press|overhead)|thruster|man maker|clean and/i;

/** Fewer hard sets than this for a group in a day is practice, not a session that needs 48 h. */
const SETS_THAT_NEED_RECOVERY = 4;

/** What an independent coach finds wrong with a week; empty for a good one. */
export function coachFindings(request: WorkoutPlanRequest, items: readonly WorkoutItem[]): string[] {
  const findings: string[] = [];
  const setsByDay = new Map<string, Map<string, number>>();
  for (const day of CALENDAR) {
    const onDay = items.filter((item) => item.day === day);
    const training = request.days.includes(day);
    const exercises = onDay.filter((item) => item.kind === "exercise");
    if (training && exercises.length === 0) findings.push(`${day}: a chosen day without exercises`);
    if (!training && onDay.some((item) => item.kind !== "rest"))
      findings.push(`${day}: training on a rest day`);
    const sets = new Map<string, number>();
    for (const item of exercises) {
      for (const [pattern, groups] of COMBINATION.test(item.name) ? [] : MUSCLE_MAP) {
        if (!pattern.test(item.name)) continue;
        for (const group of groups) sets.set(group, (sets.get(group) ?? 0) + item.sets);
      }
      findings.push(...equipmentFindings(request, item), ...ageFindings(request, item));
    }
    setsByDay.set(day, sets);
  }
  for (const [index, day] of CALENDAR.entries()) {
    const next = CALENDAR[(index + 1) % CALENDAR.length] as string;
    for (const [group, sets] of setsByDay.get(day) ?? []) {
      const nextSets = setsByDay.get(next)?.get(group) ?? 0;
      if (sets >= SETS_THAT_NEED_RECOVERY && nextSets >= SETS_THAT_NEED_RECOVERY)
        findings.push(`${group}: ${sets} hard sets on ${day} and ${nextSets} on ${next}`);
    }
  }
  return findings;
}

function equipmentFindings(request: WorkoutPlanRequest, item: WorkoutItem): string[] {
  if (request.workoutType === "GYM Workout") return [];
  const owned = request.equipment ?? ["dumbbells", "resistance band"];
  if (GYM_ONLY.test(item.name) && !HOME_VERSION.test(item.name))
    return [`${item.day}: ${item.name} needs a gym`];
  return EQUIPMENT_MAP.filter(
    ([pattern, pieces]) => pattern.test(item.name) && !pieces.some((piece) => owned.includes(piece)),
  ).map(([, pieces]) => `${item.day}: ${item.name} needs ${pieces.join(" or ")}`);
}

function ageFindings(request: WorkoutPlanRequest, item: WorkoutItem): string[] {
  return (request.ageYears ?? 0) >= 65 && HIGH_IMPACT.test(item.name) && !LOW_IMPACT_VERSION.test(item.name)
    ? [`${item.day}: ${item.name} is high-impact at ${request.ageYears}`]
    : [];
}
