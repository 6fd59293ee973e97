import { FITNESS_GOALS, type EngineError, type FitnessGoal } from "../profile.types";
import { EXERCISE_LIBRARY, libraryNameKey } from "./exercise-library";
import {
  allowedEquipment,
  isEligibleFor,
  isOlderAdult,
  levelRank,
  type Trainee,
} from "./exercise-eligibility";
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
import type { Joint } from "./joint-load";
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
import { DAY_TEMPLATES, bookendNames, placeSplit, type DayFocus, type Slot } from "./training-splits";
import { bookendItem, exerciseItem, newItemId, restDayItem } from "./workout-items";

export interface WorkoutPlanRequest {
  goal: FitnessGoal;
  level: ExperienceLevel;
  days: readonly Weekday[];
  workoutType: WorkoutType;
  /** Home equipment the user declared (body weight is implied); null or absent: dumbbells and bands. Ignored in a gym. */
  equipment?: readonly string[] | null | undefined;
  /** Age in years: from 65 low-impact work and a balance drill. */
  ageYears?: number | null | undefined;
  /** Joints the person has said hurt (joint-load.ts); null or absent: none. */
  avoidJoints?: readonly Joint[] | null | undefined;
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
  if (input.ageYears != null && !Number.isFinite(input.ageYears))
    return fail("invalid_age", "The age must be a number of years.");
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

/** Free-weight presses, rows, squats and hinges: the loadable staples a gym plan leads with. */
function isLoadableStaple(exercise: Exercise): boolean {
  return (
    exercise.mechanic === "compound" &&
    (exercise.equipment.includes("barbell") || exercise.equipment.includes("dumbbells")) &&
    !exercise.unstable &&
    [
      "horizontal press",
      "vertical press",
      "horizontal pull",
      "vertical pull",
      "squat",
      "hinge",
      "hip extension",
    ].includes(exercise.pattern)
  );
}

interface PickContext {
  trainee: Trainee;
  workoutType: WorkoutType;
  usedThisWeek: ReadonlySet<string>;
  /** A neighbouring day trains hamstrings or glutes, so back work that hinges (deadlifts, rack pulls) is out. */
  hingeBlocked: boolean;
}

/** Back exercises that hinge load the hamstrings and glutes as hard as the back (deadlift, rack pull, back extension). */
export function loadsHipExtensors(exercise: Exercise): boolean {
  return exercise.bodyPart === "Back" && exercise.pattern === "hinge";
}

/**
 * Relative chance of picking an eligible exercise: the slot's mechanic is preferred, an exercise
 * already used this week is discouraged so repeated day types differ, and:
 * - in a gym, compound slots go to loadable free-weight staples (ACSM 2009: multi-joint free-weight
 *   exercises as the core of hypertrophy and strength programmes) ahead of skill and plyometric
 *   moves, and home substitutes (bands, easy body-weight moves) give way to loadable equipment;
 * - otherwise work at the user's own level comes first (an advanced lifter at home should mostly
 *   see advanced work);
 * - beginners and adults from 65 get simple, stable movements: single-leg, crawling and explosive
 *   moves are rare for them.
 */
function selectionWeight(exercise: Exercise, mechanic: Slot["mechanic"], context: PickContext): number {
  const { trainee, workoutType } = context;
  const levelGap = levelRank(trainee.level) - levelRank(exercise.level);
  const gym = workoutType === "GYM Workout";
  const mechanicWeight = exercise.mechanic === mechanic ? 6 : 1;
  const noveltyWeight = context.usedThisWeek.has(exercise.id) ? 0.15 : 1;
  let weight = mechanicWeight * noveltyWeight;
  if (gym) {
    const homeSubstitute =
      exercise.equipment.includes("resistance band") ||
      exercise.equipment.every((item) => item === "body weight" || item === "bench");
    if (homeSubstitute) weight *= 0.1;
    if (exercise.highImpact || exercise.unstable) weight *= 0.05;
    // Past the beginner stage the barbell lifts carry the most load (ACSM 2009: free weights for advanced lifters).
    else if (mechanic === "compound" && isLoadableStaple(exercise))
      weight *= exercise.equipment.includes("barbell") && trainee.level !== "Beginner" ? 20 : 10;
    weight *= [2, 1.5, 1][levelGap] ?? 1;
  } else {
    weight *= [4, 2, 1][levelGap] ?? 1;
  }
  if ((trainee.level === "Beginner" || isOlderAdult(trainee.ageYears)) && exercise.unstable) weight *= 0.05;
  return weight;
}

function pickExercise(
  pool: readonly Exercise[],
  mechanic: Slot["mechanic"],
  usedToday: ReadonlySet<string>,
  context: PickContext,
  random: SeededRandom,
): Exercise | undefined {
  const weights = pool.map((exercise) =>
    usedToday.has(libraryNameKey(exercise)) || (context.hingeBlocked && loadsHipExtensors(exercise))
      ? 0
      : selectionWeight(exercise, mechanic, context),
  );
  return pool[random.weightedIndex(weights)];
}

/**
 * Spreads sets so each major group lands on its weekly target: every exercise starts at the minimum
 * and, within an under-target group, the next set goes to the exercise with the fewest sets —
 * compounds first on a tie, then the exercise on the day with the least total work, so sessions stay
 * even — never past the level's cap per exercise.
 */
/** The major group whose weekly hard sets an exercise counts towards; balance drills count towards none. */
export function hardSetGroupOf(exercise: Exercise): string | undefined {
  return exercise.balance ? undefined : majorGroupOf(exercise.bodyPart);
}

function balanceSets(days: readonly PlannedDay[], level: ExperienceLevel): void {
  const target = weeklySetTarget(level);
  const cap = MAX_SETS_PER_EXERCISE[level];
  const byGroup = new Map<string, { planned: PlannedExercise; day: number }[]>();
  const dayTotals = days.map(() => 0);
  for (const [dayIndex, day] of days.entries()) {
    for (const planned of day.strength) {
      const group = hardSetGroupOf(planned.exercise);
      // Calves, the one minor group, get a fixed 3 sets (ACSM 2009: 1–3 sets for small muscle groups);
      // balance drills are practice, not hard sets, and get the minimum.
      planned.sets =
        group === undefined && !planned.exercise.balance ? Math.min(cap, 3) : MIN_SETS_PER_EXERCISE;
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
      const group = hardSetGroupOf(planned.exercise);
      if (group !== undefined) totals[group] = (totals[group] ?? 0) + planned.sets;
    }
  }
  return totals;
}

const poolCache = new Map<string, ReadonlyMap<string, readonly Exercise[]>>();

/** Eligible exercises per body part (see poolKeyOf) for this trainee, in library order (memoised: the library is constant). */
function eligiblePools(trainee: Trainee): ReadonlyMap<string, readonly Exercise[]> {
  const key = `${trainee.level}|${[...trainee.equipment].sort().join(",")}|${isOlderAdult(trainee.ageYears)}|${[...(trainee.avoidJoints ?? [])].sort().join(",")}`;
  const cached = poolCache.get(key);
  if (cached !== undefined) return cached;
  const pools = new Map<string, Exercise[]>();
  for (const exercise of EXERCISE_LIBRARY) {
    if (!isEligibleFor(exercise, trainee)) continue;
    const poolKey = poolKeyOf(exercise.bodyPart, exercise.balance);
    const pool = pools.get(poolKey) ?? [];
    pool.push(exercise);
    pools.set(poolKey, pool);
  }
  poolCache.set(key, pools);
  return pools;
}

/** Balance drills sit in their own pool, so an ordinary core slot never draws one (and a balance slot only those). */
function poolKeyOf(bodyPart: string, balance: boolean): string {
  return balance ? `${bodyPart}|balance` : bodyPart;
}

function partnersOf(part: TrainingBodyPart): readonly TrainingBodyPart[] {
  const group = majorGroupOf(part);
  return group === undefined ? [] : (MAJOR_MUSCLE_GROUPS[group] ?? []).filter((other) => other !== part);
}

interface SlotRequest {
  part: TrainingBodyPart;
  mechanic: Slot["mechanic"];
  /** Filled from the standing balance drills (adults from 65). */
  balance: boolean;
}

/**
 * Fits the number of exercises per major group to the level's weekly band: every exercise gets at
 * least MIN_SETS_PER_EXERCISE and at most the level's cap, so a group needs between
 * ceil(target / cap) and floor(max / MIN_SETS) exercises a week. A group trained on more days than
 * the split's norm loses its extra accessory slots (isolation first, never a day's last one); a group
 * trained on one day only gets extra isolation slots there.
 */
function fitSlotsToBand(days: SlotRequest[][], level: ExperienceLevel): void {
  const band = VOLUME_BANDS[level];
  const most = Math.floor(band.max / MIN_SETS_PER_EXERCISE);
  const least = Math.ceil(weeklySetTarget(level) / MAX_SETS_PER_EXERCISE[level]);
  for (const group of Object.keys(MAJOR_MUSCLE_GROUPS)) {
    const inGroup = (slot: SlotRequest): boolean => majorGroupOf(slot.part) === group && !slot.balance;
    const count = (): number => days.reduce((sum, slots) => sum + slots.filter(inGroup).length, 0);
    while (count() > most) {
      let bestDay = -1;
      let bestIndex = -1;
      let bestScore = -1;
      for (const [dayIndex, slots] of days.entries()) {
        const members = slots.filter(inGroup);
        if (members.length < 2) continue;
        for (let index = slots.length - 1; index >= 0; index -= 1) {
          const slot = slots[index];
          if (slot === undefined || !inGroup(slot)) continue;
          const score = members.length * 2 + (slot.mechanic === "isolation" ? 1 : 0);
          if (score > bestScore) {
            bestScore = score;
            bestDay = dayIndex;
            bestIndex = index;
          }
          break;
        }
      }
      if (bestDay < 0) break;
      days[bestDay]?.splice(bestIndex, 1);
    }
    while (count() < least) {
      let bestDay = -1;
      for (const [dayIndex, slots] of days.entries()) {
        const members = slots.filter(inGroup).length;
        if (members === 0) continue;
        if (bestDay < 0 || members < (days[bestDay]?.filter(inGroup).length ?? 0)) bestDay = dayIndex;
      }
      const slots = days[bestDay];
      if (slots === undefined || bestDay < 0) break;
      // The group's part with the fewest slots that day (hamstrings and glutes, biceps and triceps take turns).
      const parts = MAJOR_MUSCLE_GROUPS[group] ?? [];
      const part = [...parts].sort(
        (a, b) =>
          slots.filter((slot) => slot.part === a).length - slots.filter((slot) => slot.part === b).length,
      )[0];
      if (part === undefined) break;
      const lastOfGroup = slots.map(inGroup).lastIndexOf(true);
      slots.splice(lastOfGroup + 1, 0, { part, mechanic: "isolation", balance: false });
    }
  }
}

/** Compounds before isolation (ACSM 2009), and loadable staples before the other compounds. */
function leadWithStaples(strength: readonly PlannedExercise[]): PlannedExercise[] {
  const rank = (planned: PlannedExercise): number =>
    planned.exercise.mechanic === "compound" ? (isLoadableStaple(planned.exercise) ? 0 : 1) : 2;
  return strength
    .map((planned, index) => ({ planned, index }))
    .sort((a, b) => rank(a.planned) - rank(b.planned) || a.index - b.index)
    .map(({ planned }) => planned);
}

export function planWorkoutWeek(input: WorkoutPlanRequest): WorkoutPlanOutcome {
  const invalid = validate(input);
  if (invalid !== undefined) return invalid;
  const { goal, level, workoutType } = input;
  const trainingDays = WEEKDAYS.filter((day) => input.days.includes(day));
  const dayIndices = trainingDays.map((day) => WEEKDAYS.indexOf(day));
  const split = placeSplit(dayIndices);
  if (split === undefined)
    return fail("invalid_day_count", "No training split exists for that number of days.");

  const trainee: Trainee = {
    level,
    equipment: allowedEquipment(workoutType, input.equipment),
    ageYears: input.ageYears ?? undefined,
    avoidJoints: input.avoidJoints ?? undefined,
  };
  const olderAdult = isOlderAdult(trainee.ageYears);
  const random = createSeededRandom(input.seed);
  const pools = eligiblePools(trainee);
  const focusCount = new Map<DayFocus, number>();
  const usedThisWeek = new Set<string>();
  const hingeBlockedOn = dayIndices.map((dayIndex) =>
    [(dayIndex + 6) % 7, (dayIndex + 1) % 7].some((neighbour) => {
      const focus = split.days[dayIndices.indexOf(neighbour)];
      return focus !== undefined && ["Full Body", "Lower", "Legs"].includes(focus);
    }),
  );

  const requests: SlotRequest[][] = trainingDays.map((_, index) => {
    const focus = split.days[index] ?? "Full Body";
    const occurrence = focusCount.get(focus) ?? 0;
    focusCount.set(focus, occurrence + 1);
    const slots: SlotRequest[] = DAY_TEMPLATES[focus]
      .filter((slot) => slotApplies(slot, level))
      .map((slot) => ({
        part: slot.parts[occurrence % slot.parts.length] as TrainingBodyPart,
        mechanic: slot.mechanic,
        balance: false,
      }));
    // One standing balance drill a training day from 65 (WHO 2020: balance on 3+ days a week).
    if (olderAdult) slots.push({ part: "Core", mechanic: "isolation", balance: true });
    return slots;
  });
  fitSlotsToBand(requests, level);

  const leadsGymDay = workoutType === "GYM Workout";
  const planned: PlannedDay[] = [];
  for (const [index, day] of trainingDays.entries()) {
    const focus = split.days[index] ?? "Full Body";
    const usedToday = new Set<string>();
    const strength: PlannedExercise[] = [];
    const context: PickContext = {
      trainee,
      workoutType,
      usedThisWeek,
      hingeBlocked: hingeBlockedOn[index] ?? false,
    };
    for (const slot of requests[index] ?? []) {
      // A part the equipment cannot fill that day hands the slot to its group partner (biceps → triceps).
      let exercise: Exercise | undefined;
      for (const part of [slot.part, ...partnersOf(slot.part)]) {
        const pool = pools.get(poolKeyOf(part, slot.balance)) ?? [];
        // A gym day opens with a loadable staple whenever the library has one for the first slot.
        const staples = leadsGymDay && strength.length === 0 ? pool.filter(isLoadableStaple) : [];
        exercise = pickExercise(
          staples.length > 0 ? staples : pool,
          slot.mechanic,
          usedToday,
          context,
          random,
        );
        if (exercise !== undefined) break;
      }
      // A painful joint is rested: a slot only exercises loading it could fill is left out, not failed.
      if (exercise === undefined && (trainee.avoidJoints?.length ?? 0) > 0) continue;
      if (exercise === undefined) {
        return fail(
          "library_gap",
          `No ${level.toLowerCase()} ${slot.part} exercise fits a ${workoutType.toLowerCase()} with ${trainee.equipment.join(", ")}.`,
        );
      }
      usedToday.add(libraryNameKey(exercise));
      usedThisWeek.add(exercise.id);
      strength.push({ exercise, sets: MIN_SETS_PER_EXERCISE });
    }
    const plannedDay: PlannedDay = { day, focus, strength: leadWithStaples(strength) };
    if (goal === "Lose Weight") {
      // Conditioning after lifting, not before, so it does not blunt the strength work (ACSM 2009).
      const finisherPart: TrainingBodyPart = index % 2 === 0 ? "Cardio" : "Full Body";
      const finisher = pickExercise(pools.get(finisherPart) ?? [], "compound", usedToday, context, random);
      if (finisher === undefined && (trainee.avoidJoints?.length ?? 0) > 0) {
        planned.push(plannedDay);
        continue;
      }
      if (finisher === undefined)
        return fail(
          "library_gap",
          `No ${level.toLowerCase()} ${finisherPart} exercise fits a ${workoutType.toLowerCase()} with ${trainee.equipment.join(", ")}.`,
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
