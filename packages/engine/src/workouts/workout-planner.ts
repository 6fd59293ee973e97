import { FITNESS_GOALS, type EngineError, type FitnessGoal } from "../profile.types";
import { EXERCISE_LIBRARY, libraryNameKey } from "./exercise-library";
import { isEligible, levelRank } from "./exercise-eligibility";
import {
  COOLDOWN,
  EXPERIENCE_LEVELS,
  WARMUP,
  WEEKDAYS,
  WORKOUT_TYPES,
  type Exercise,
  type ExperienceLevel,
  type TrainingBodyPart,
  type Weekday,
  type WorkoutItem,
  type WorkoutType,
} from "./exercise.types";
import { createSeededRandom, type SeededRandom } from "./seeded-random";
import {
  MAJOR_MUSCLE_GROUPS,
  MAX_SETS_PER_EXERCISE,
  MIN_SETS_PER_EXERCISE,
  VOLUME_BANDS,
  finisherPrescription,
  majorGroupOf,
  strengthReps,
  weeklySetTarget,
} from "./training-prescription";
import { DAY_TEMPLATES, bookendNames, chooseSplit, type DayFocus, type Slot } from "./training-splits";
import { bookendItem, exerciseItem, newItemId, restDayItem } from "./workout-items";

export interface WorkoutPlanRequest {
  goal: FitnessGoal;
  level: ExperienceLevel;
  days: readonly Weekday[];
  workoutType: WorkoutType;
  seed: number;
}

export interface WorkoutPlan {
  split: string;
  items: WorkoutItem[];
  weeklyHardSets: Record<string, number>;
  volumeBand: { min: number; max: number };
}

export type WorkoutPlanOutcome = { ok: true; plan: WorkoutPlan } | { ok: false; error: EngineError };

export const MIN_WORKOUT_DAYS = 3;
export const MAX_WORKOUT_DAYS = 6;

interface PlannedExercise {
  exercise: Exercise;
  sets: number;
}

interface PlannedDay {
  day: Weekday;
  focus: DayFocus;
  strength: PlannedExercise[];
  finisher?: Exercise;
}

function fail(code: string, message: string): WorkoutPlanOutcome {
  return { ok: false, error: { code, message } };
}

function validate(input: WorkoutPlanRequest): WorkoutPlanOutcome | undefined {
  if (!FITNESS_GOALS.includes(input.goal)) {
    return fail(
      "invalid_goal",
      `Unknown fitness goal "${String(input.goal)}": choose ${FITNESS_GOALS.join(" or ")}.`,
    );
  }
  if (!EXPERIENCE_LEVELS.includes(input.level)) {
    return fail(
      "invalid_level",
      `Unknown experience level "${String(input.level)}": choose ${EXPERIENCE_LEVELS.join(", ")}.`,
    );
  }
  if (!WORKOUT_TYPES.includes(input.workoutType)) {
    return fail(
      "invalid_workout_type",
      `Unknown workout type "${String(input.workoutType)}": choose ${WORKOUT_TYPES.join(" or ")}.`,
    );
  }
  if (!Number.isFinite(input.seed)) return fail("invalid_seed", "The plan seed must be a finite number.");
  const unknown = input.days.filter((day) => !WEEKDAYS.includes(day));
  if (unknown.length > 0) {
    return fail("invalid_days", `Unknown workout day "${String(unknown[0])}": use ${WEEKDAYS.join(", ")}.`);
  }
  const duplicate = input.days.find((day, index) => input.days.indexOf(day) !== index);
  if (duplicate !== undefined)
    return fail("duplicate_days", `${duplicate} is chosen more than once; pick each workout day once.`);
  if (input.days.length < MIN_WORKOUT_DAYS || input.days.length > MAX_WORKOUT_DAYS) {
    return fail(
      "invalid_day_count",
      `Please select at least ${MIN_WORKOUT_DAYS} days and at most ${MAX_WORKOUT_DAYS} days for your workout (you chose ${input.days.length}).`,
    );
  }
  return undefined;
}

function slotApplies(slot: Slot, level: ExperienceLevel): boolean {
  const rank = levelRank(level);
  if (slot.minLevel !== undefined && rank < levelRank(slot.minLevel)) return false;
  return slot.maxLevel === undefined || rank <= levelRank(slot.maxLevel);
}

/**
 * Relative chance of picking an eligible exercise: exercises at the user's own level come first
 * (an advanced lifter should mostly see advanced work), the slot's mechanic is preferred, an
 * exercise already used this week is discouraged so repeated day types differ, and in a gym the
 * home substitutes (bands, easy body-weight moves) give way to loadable equipment.
 */
function selectionWeight(
  exercise: Exercise,
  level: ExperienceLevel,
  workoutType: WorkoutType,
  mechanic: Slot["mechanic"],
  usedThisWeek: ReadonlySet<string>,
): number {
  const levelGap = levelRank(level) - levelRank(exercise.level);
  const levelWeight = [4, 2, 1][levelGap] ?? 1;
  const mechanicWeight = exercise.mechanic === mechanic ? 6 : 1;
  const noveltyWeight = usedThisWeek.has(exercise.id) ? 0.15 : 1;
  const homeSubstitute =
    exercise.equipment.includes("resistance band") ||
    (levelGap > 0 && exercise.equipment.every((item) => item === "body weight"));
  const gymWeight = workoutType === "GYM Workout" && homeSubstitute ? 0.25 : 1;
  return levelWeight * mechanicWeight * noveltyWeight * gymWeight;
}

function pickExercise(
  pool: readonly Exercise[],
  level: ExperienceLevel,
  workoutType: WorkoutType,
  mechanic: Slot["mechanic"],
  usedToday: ReadonlySet<string>,
  usedThisWeek: ReadonlySet<string>,
  random: SeededRandom,
): Exercise | undefined {
  const weights = pool.map((exercise) =>
    usedToday.has(libraryNameKey(exercise))
      ? 0
      : selectionWeight(exercise, level, workoutType, mechanic, usedThisWeek),
  );
  return pool[random.weightedIndex(weights)];
}

/**
 * Spreads sets so each major group lands on its weekly target: every exercise starts at the minimum
 * and, within an under-target group, the next set goes to the exercise with the fewest sets —
 * compounds first on a tie, then the exercise on the day with the least total work, so sessions stay
 * even — never past the level's cap per exercise.
 */
function balanceSets(days: readonly PlannedDay[], level: ExperienceLevel): void {
  const target = weeklySetTarget(level);
  const cap = MAX_SETS_PER_EXERCISE[level];
  const byGroup = new Map<string, { planned: PlannedExercise; day: number }[]>();
  const dayTotals = days.map(() => 0);
  for (const [dayIndex, day] of days.entries()) {
    for (const planned of day.strength) {
      const group = majorGroupOf(planned.exercise.bodyPart);
      // Calves, the one minor group, get a fixed 3 sets (ACSM 2009: 1–3 sets for small muscle groups).
      planned.sets = group === undefined ? Math.min(cap, 3) : MIN_SETS_PER_EXERCISE;
      dayTotals[dayIndex] = (dayTotals[dayIndex] ?? 0) + planned.sets;
      if (group === undefined) continue;
      const members = byGroup.get(group) ?? [];
      members.push({ planned, day: dayIndex });
      byGroup.set(group, members);
    }
  }
  const isCompound = (planned: PlannedExercise): number => (planned.exercise.mechanic === "compound" ? 0 : 1);
  for (const members of byGroup.values()) {
    let total = members.reduce((sum, member) => sum + member.planned.sets, 0);
    while (total < target) {
      let best: { planned: PlannedExercise; day: number } | undefined;
      for (const member of members) {
        if (member.planned.sets >= cap) continue;
        if (best === undefined) {
          best = member;
          continue;
        }
        const order =
          member.planned.sets - best.planned.sets ||
          isCompound(member.planned) - isCompound(best.planned) ||
          (dayTotals[member.day] ?? 0) - (dayTotals[best.day] ?? 0);
        if (order < 0) best = member;
      }
      if (best === undefined) break;
      best.planned.sets += 1;
      dayTotals[best.day] = (dayTotals[best.day] ?? 0) + 1;
      total += 1;
    }
  }
}

function weeklyHardSets(days: readonly PlannedDay[]): Record<string, number> {
  const totals: Record<string, number> = Object.fromEntries(
    Object.keys(MAJOR_MUSCLE_GROUPS).map((group) => [group, 0]),
  );
  for (const day of days) {
    for (const planned of day.strength) {
      const group = majorGroupOf(planned.exercise.bodyPart);
      if (group !== undefined) totals[group] = (totals[group] ?? 0) + planned.sets;
    }
  }
  return totals;
}

const poolCache = new Map<string, ReadonlyMap<string, readonly Exercise[]>>();

/** Eligible exercises per body part for this level and workout type, in library order (memoised: the library is constant). */
function eligiblePools(
  level: ExperienceLevel,
  workoutType: WorkoutType,
): ReadonlyMap<string, readonly Exercise[]> {
  const key = `${level}|${workoutType}`;
  const cached = poolCache.get(key);
  if (cached !== undefined) return cached;
  const pools = new Map<string, Exercise[]>();
  for (const exercise of EXERCISE_LIBRARY) {
    if (!isEligible(exercise, level, workoutType)) continue;
    const pool = pools.get(exercise.bodyPart) ?? [];
    pool.push(exercise);
    pools.set(exercise.bodyPart, pool);
  }
  poolCache.set(key, pools);
  return pools;
}

function compoundsFirst(strength: readonly PlannedExercise[]): PlannedExercise[] {
  const rank = (planned: PlannedExercise): number => (planned.exercise.mechanic === "compound" ? 0 : 1);
  return strength
    .map((planned, index) => ({ planned, index }))
    .sort((a, b) => rank(a.planned) - rank(b.planned) || a.index - b.index)
    .map(({ planned }) => planned);
}

export function planWorkoutWeek(input: WorkoutPlanRequest): WorkoutPlanOutcome {
  const invalid = validate(input);
  if (invalid !== undefined) return invalid;
  const { goal, level, workoutType } = input;
  const split = chooseSplit(input.days.length);
  if (split === undefined)
    return fail("invalid_day_count", "No training split exists for that number of days.");

  const random = createSeededRandom(input.seed);
  const pools = eligiblePools(level, workoutType);
  const trainingDays = WEEKDAYS.filter((day) => input.days.includes(day));
  const focusCount = new Map<DayFocus, number>();
  const usedThisWeek = new Set<string>();
  const planned: PlannedDay[] = [];

  for (const [index, day] of trainingDays.entries()) {
    const focus = split.days[index] ?? "Full Body";
    const occurrence = focusCount.get(focus) ?? 0;
    focusCount.set(focus, occurrence + 1);
    const usedToday = new Set<string>();
    const strength: PlannedExercise[] = [];
    for (const slot of DAY_TEMPLATES[focus]) {
      if (!slotApplies(slot, level)) continue;
      const part = slot.parts[occurrence % slot.parts.length] as TrainingBodyPart;
      const exercise = pickExercise(
        pools.get(part) ?? [],
        level,
        workoutType,
        slot.mechanic,
        usedToday,
        usedThisWeek,
        random,
      );
      if (exercise === undefined) {
        return fail(
          "library_gap",
          `No ${level.toLowerCase()} ${part} exercise fits a ${workoutType.toLowerCase()}.`,
        );
      }
      usedToday.add(libraryNameKey(exercise));
      usedThisWeek.add(exercise.id);
      strength.push({ exercise, sets: MIN_SETS_PER_EXERCISE });
    }
    const plannedDay: PlannedDay = { day, focus, strength: compoundsFirst(strength) };
    if (goal === "Lose Weight") {
      // Conditioning after lifting, not before, so it does not blunt the strength work (ACSM 2009).
      const finisherPart: TrainingBodyPart = index % 2 === 0 ? "Cardio" : "Full Body";
      const finisher = pickExercise(
        pools.get(finisherPart) ?? [],
        level,
        workoutType,
        "compound",
        usedToday,
        usedThisWeek,
        random,
      );
      if (finisher === undefined)
        return fail(
          "library_gap",
          `No ${level.toLowerCase()} ${finisherPart} exercise fits a ${workoutType.toLowerCase()}.`,
        );
      usedThisWeek.add(finisher.id);
      plannedDay.finisher = finisher;
    }
    planned.push(plannedDay);
  }

  balanceSets(planned, level);

  const ids = new Set<string>();
  const reps = strengthReps(goal, level);
  const finisherDose = finisherPrescription(level);
  const items: WorkoutItem[] = [];
  for (const day of WEEKDAYS) {
    const plannedDay = planned.find((candidate) => candidate.day === day);
    if (plannedDay === undefined) {
      items.push(restDayItem(newItemId(random, ids), day));
      continue;
    }
    const bookends = bookendNames(plannedDay.focus);
    items.push(bookendItem(newItemId(random, ids), day, WARMUP, bookends.warmup));
    for (const { exercise, sets } of plannedDay.strength) {
      items.push(exerciseItem(newItemId(random, ids), day, exercise, sets, reps));
    }
    if (plannedDay.finisher !== undefined) {
      items.push(
        exerciseItem(newItemId(random, ids), day, plannedDay.finisher, finisherDose.sets, finisherDose.reps),
      );
    }
    items.push(bookendItem(newItemId(random, ids), day, COOLDOWN, bookends.cooldown));
  }

  return {
    ok: true,
    plan: {
      split: split.name,
      items,
      weeklyHardSets: weeklyHardSets(planned),
      volumeBand: { ...VOLUME_BANDS[level] },
    },
  };
}
