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
  MUSCLES,
  WARMUP,
  WEEKDAYS,
  WORKOUT_TYPES,
  type Exercise,
  type ExperienceLevel,
  type Muscle,
  type TrainingBodyPart,
  type Weekday,
  type WorkoutItem,
  type WorkoutType,
} from "./exercise.types";
import type { Joint } from "./joint-load";
import { sessionMinutes } from "./prescription-guide";
import { createSeededRandom, type SeededRandom } from "./seeded-random";
import {
  BANDED_MUSCLES,
  SETS_THAT_TRAIN_A_MUSCLE,
  TWICE_WEEKLY_MUSCLES,
  MAX_SETS_PER_EXERCISE,
  MIN_SETS_PER_EXERCISE,
  VOLUME_BANDS,
  finisherPrescription,
  isHardSetExercise,
  loadsLegs,
  pressesChest,
  sessionHardSetCap,
  setShare,
  strengthReps,
  weeklySetTarget,
  type BandedMuscle,
  type VolumeBand,
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
  /** Age in years: from 65 low-impact work, no top-tier exercises and a balance drill. */
  ageYears?: number | null | undefined;
  /** Joints the person has said hurt (joint-load.ts); null or absent: none. */
  avoidJoints?: readonly Joint[] | null | undefined;
  seed: number;
}

/** One training day as a coach reads it: its focus, hard sets (balance drills and the finisher not counted) and length. */
export interface PlannedSession {
  day: Weekday;
  focus: DayFocus;
  hardSets: number;
  /** Estimated minutes including warm-up, rests and cool-down (prescription-guide.ts `sessionMinutes`). */
  estimatedMinutes: number;
}

export interface WorkoutPlan {
  split: string;
  items: WorkoutItem[];
  /** Weekly fractional hard sets per muscle: 1 per set as a prime mover, ½ as a synergist (Pelland et al. 2024). */
  weeklyHardSets: Record<Muscle, number>;
  /** The band the banded muscles (training-prescription.ts BANDED_MUSCLES) are planned into, for this goal and level. */
  volumeBand: VolumeBand;
  sessions: PlannedSession[];
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

/** At most this many variants of one movement pattern in a session (three push-up variants in a day is one too many). */
export const MAX_PATTERN_VARIANTS_PER_SESSION = 2;

/**
 * The movement families an exercise belongs to for the per-session variant limit: its pattern, and "push-up" for
 * every push-up variant whatever muscle it is listed under (close-grip, pike and incline push-ups are all push-ups).
 */
export function movementFamilies(exercise: Exercise): string[] {
  return /push-?ups?\b/i.test(exercise.name) ? [exercise.pattern, "push-up"] : [exercise.pattern];
}

interface PickContext {
  trainee: Trainee;
  workoutType: WorkoutType;
  usedThisWeek: ReadonlySet<string>;
  usedToday: ReadonlySet<string>;
  familiesToday: ReadonlyMap<string, number>;
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
 *   moves are rare for them, and from 65 tier-2 exercises give way to tier-1 ones.
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
  // From 65 the intermediate tier is allowed but the foundation tier comes first (Fragala et al. 2019: stable,
  // supported variations, progressed gradually).
  if (isOlderAdult(trainee.ageYears) && exercise.tier > 1) weight *= 0.3;
  return weight;
}

function allowedToday(exercise: Exercise, context: PickContext): boolean {
  if (context.usedToday.has(libraryNameKey(exercise))) return false;
  return movementFamilies(exercise).every(
    (family) => (context.familiesToday.get(family) ?? 0) < MAX_PATTERN_VARIANTS_PER_SESSION,
  );
}

function pickExercise(
  pool: readonly Exercise[],
  mechanic: Slot["mechanic"],
  context: PickContext,
  random: SeededRandom,
): Exercise | undefined {
  const weights = pool.map((exercise) =>
    allowedToday(exercise, context) ? selectionWeight(exercise, mechanic, context) : 0,
  );
  if (!weights.some((weight) => weight > 0)) return undefined;
  return pool[random.weightedIndex(weights)];
}

function emptyMuscleTotals(): Record<Muscle, number> {
  return Object.fromEntries(MUSCLES.map((muscle) => [muscle, 0])) as Record<Muscle, number>;
}

/** Weekly fractional sets per muscle of the planned strength work (prime mover 1, synergist ½; Pelland 2024). */
function fractionalSets(days: readonly PlannedDay[]): Record<Muscle, number> {
  const totals = emptyMuscleTotals();
  for (const day of days) {
    for (const { exercise, sets } of day.strength) {
      if (!isHardSetExercise(exercise)) continue;
      for (const muscle of MUSCLES) totals[muscle] += sets * setShare(exercise, muscle);
    }
  }
  return totals;
}

function dayHardSets(day: PlannedDay): number {
  return day.strength.reduce(
    (sum, planned) => sum + (isHardSetExercise(planned.exercise) ? planned.sets : 0),
    0,
  );
}

/** Sets every exercise starts with: calves a fixed 3 (ACSM 2009: 1–3 sets for small muscle groups), others 2. */
function startingSets(exercise: Exercise, level: ExperienceLevel): number {
  return exercise.primeMovers.includes("Calves")
    ? Math.min(MAX_SETS_PER_EXERCISE[level], 3)
    : MIN_SETS_PER_EXERCISE;
}

interface VolumeRules {
  band: VolumeBand;
  target: number;
  perExercise: number;
  perSession: number;
}

/**
 * Spreads sets so each banded muscle reaches its weekly target counted fractionally: the muscle furthest under
 * target gets the next set, on the exercise that primes it with the fewest sets (compounds first, then the
 * lightest day), as long as no exercise passes the level's cap, no session passes its hard-set cap and no muscle
 * the set also trains is pushed past the band. Returns the muscles it could not bring to the target.
 */
function balanceSets(days: readonly PlannedDay[], rules: VolumeRules): Set<BandedMuscle> {
  const totals = fractionalSets(days);
  const dayTotals = days.map(dayHardSets);
  const stuck = new Set<BandedMuscle>();
  for (;;) {
    let muscle: BandedMuscle | undefined;
    for (const candidate of BANDED_MUSCLES) {
      if (stuck.has(candidate) || totals[candidate] >= rules.target) continue;
      if (muscle === undefined || totals[candidate] < totals[muscle]) muscle = candidate;
    }
    if (muscle === undefined) return new Set(BANDED_MUSCLES.filter((m) => totals[m] < rules.target));
    let best: { planned: PlannedExercise; day: number } | undefined;
    for (const [dayIndex, day] of days.entries()) {
      if ((dayTotals[dayIndex] ?? 0) >= rules.perSession) continue;
      for (const planned of day.strength) {
        const { exercise } = planned;
        if (!isHardSetExercise(exercise) || !exercise.primeMovers.includes(muscle)) continue;
        if (planned.sets >= rules.perExercise) continue;
        if (
          MUSCLES.some(
            (other) =>
              totals[other] + setShare(exercise, other) > rules.band.max &&
              setShare(exercise, other) > 0 &&
              BANDED_MUSCLES.some((banded) => banded === other),
          )
        )
          continue;
        if (best === undefined) {
          best = { planned, day: dayIndex };
          continue;
        }
        const compound = (entry: PlannedExercise): number => (entry.exercise.mechanic === "compound" ? 0 : 1);
        const order =
          planned.sets - best.planned.sets ||
          compound(planned) - compound(best.planned) ||
          (dayTotals[dayIndex] ?? 0) - (dayTotals[best.day] ?? 0);
        if (order < 0) best = { planned, day: dayIndex };
      }
    }
    if (best === undefined) {
      stuck.add(muscle);
      continue;
    }
    best.planned.sets += 1;
    dayTotals[best.day] = (dayTotals[best.day] ?? 0) + 1;
    for (const other of MUSCLES) totals[other] += setShare(best.planned.exercise, other);
  }
}

/** Days on which each muscle gets at least two fractional sets: the "trained twice a week" count. */
function daysTraining(days: readonly PlannedDay[]): Record<Muscle, number> {
  const counts = emptyMuscleTotals();
  for (const day of days) {
    const totals = fractionalSets([day]);
    for (const muscle of MUSCLES) if (totals[muscle] >= SETS_THAT_TRAIN_A_MUSCLE) counts[muscle] += 1;
  }
  return counts;
}

/**
 * Removes exercises while a banded muscle is over the band at the starting sets (more slots than the band holds,
 * often through synergist sets: squats and hinges already count for the glutes) or a session is over its cap.
 * Isolation goes first, then the day with most of that muscle; a removal never leaves a day empty or drops a
 * muscle below two training days.
 */
function trimToBand(days: PlannedDay[], rules: VolumeRules): void {
  for (let guard = 0; guard < 50; guard += 1) {
    const totals = fractionalSets(days);
    const over = BANDED_MUSCLES.find((muscle) => totals[muscle] > rules.band.max);
    const heavyDay = days.find((day) => dayHardSets(day) > rules.perSession);
    if (over === undefined && heavyDay === undefined) return;
    const before = daysTraining(days);
    let best: { day: PlannedDay; position: number; score: number } | undefined;
    for (const day of heavyDay === undefined ? days : [heavyDay]) {
      if (day.strength.filter((planned) => isHardSetExercise(planned.exercise)).length < 2) continue;
      for (const [position, planned] of day.strength.entries()) {
        const { exercise } = planned;
        if (!isHardSetExercise(exercise)) continue;
        if (heavyDay === undefined && over !== undefined && setShare(exercise, over) === 0) continue;
        const [removed] = day.strength.splice(position, 1);
        const after = daysTraining(days);
        if (removed !== undefined) day.strength.splice(position, 0, removed);
        if (TWICE_WEEKLY_MUSCLES.some((muscle) => after[muscle] < Math.min(2, before[muscle]))) continue;
        const sameMuscle = day.strength.filter((other) =>
          other.exercise.primeMovers.some((muscle) => exercise.primeMovers.includes(muscle)),
        ).length;
        const score =
          (over !== undefined ? setShare(exercise, over) * 4 : 0) +
          sameMuscle * 2 +
          (exercise.mechanic === "isolation" ? 1 : 0);
        if (best === undefined || score > best.score) best = { day, position, score };
      }
    }
    if (best === undefined) return;
    best.day.strength.splice(best.position, 1);
  }
}

const poolCache = new Map<string, ReadonlyMap<string, readonly Exercise[]>>();

/** Eligible exercises per body part (see poolKeyOf) for this trainee, in library order (memoised: the library is constant). */
function eligiblePools(trainee: Trainee): ReadonlyMap<string, readonly Exercise[]> {
  const key = `${trainee.level}|${[...trainee.equipment].sort().join(",")}|${trainee.ageYears ?? ""}|${[...(trainee.avoidJoints ?? [])].sort().join(",")}`;
  const cached = poolCache.get(key);
  if (cached !== undefined) return cached;
  const pools = new Map<string, Exercise[]>();
  for (const exercise of EXERCISE_LIBRARY) {
    if (!isEligibleFor(exercise, trainee)) continue;
    // Back work that hinges trains the hip extensors, not the back: a back slot draws rows and pull-downs.
    if (exercise.bodyPart === "Back" && !exercise.primeMovers.includes("Back")) continue;
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

/** Where a slot that the equipment cannot fill goes instead (biceps → triceps, hamstrings → glutes). */
const PARTNERS: Partial<Record<TrainingBodyPart, readonly TrainingBodyPart[]>> = {
  Biceps: ["Triceps"],
  Triceps: ["Biceps"],
  Hamstrings: ["Glutes"],
  Glutes: ["Hamstrings"],
};

interface SlotRequest {
  part: TrainingBodyPart;
  mechanic: Slot["mechanic"];
  /** Filled from the standing balance drills (adults from 65). */
  balance: boolean;
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

const LEG_FOCI: readonly DayFocus[] = ["Full Body", "Lower", "Legs"];

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
  const focusOn = (weekdayIndex: number): DayFocus | undefined =>
    split.days[dayIndices.indexOf(weekdayIndex)];
  const neighboursOf = (dayIndex: number): number[] => [(dayIndex + 6) % 7, (dayIndex + 1) % 7];
  const rules: VolumeRules = {
    band: VOLUME_BANDS[goal][level],
    target: weeklySetTarget(goal, level),
    perExercise: MAX_SETS_PER_EXERCISE[level],
    perSession: sessionHardSetCap(level, trainee.ageYears),
  };

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
    // With an arms-and-core day in the week, full-body days leave arms and core to it and keep their sets for the
    // big muscles (two full-body sessions have to carry the whole week's lower body and pressing).
    const armsDay = split.days.includes("Arms & Core");
    const kept =
      armsDay && focus === "Full Body"
        ? [
            ...slots.filter((slot) => !["Biceps", "Triceps", "Core"].includes(slot.part)),
            ...(level === "Beginner"
              ? []
              : (["Quads", "Chest", "Back", "Shoulders"] as const).map((part) => ({
                  part,
                  mechanic: "isolation" as const,
                  balance: false,
                }))),
          ]
        : [...slots];
    // One standing balance drill a training day from 65 (WHO 2020: balance on 3+ days a week).
    if (olderAdult) kept.push({ part: "Core", mechanic: "isolation", balance: true });
    return kept;
  });

  const leadsGymDay = workoutType === "GYM Workout";
  const planned: PlannedDay[] = [];
  const contexts: PickContext[] = [];
  /** Fills a slot from its part's pool (then its partners'); an extra slot must fit the band at its starting sets. */
  const fillSlot = (dayIndex: number, slot: SlotRequest, extra = false): Exercise | undefined => {
    const day = planned[dayIndex];
    const context = contexts[dayIndex];
    if (day === undefined || context === undefined) return undefined;
    const totals = extra ? fractionalSets(planned) : undefined;
    const fits = (exercise: Exercise): boolean =>
      totals === undefined ||
      BANDED_MUSCLES.every(
        (muscle) =>
          totals[muscle] + startingSets(exercise, level) * setShare(exercise, muscle) <= rules.band.max,
      );
    // A close-grip press next to a day that trains the chest would train it two days running.
    const chestNearby = neighboursOf(dayIndices[dayIndex] ?? 0).some((neighbour) => {
      const focus = focusOn(neighbour);
      return focus !== undefined && DAY_TEMPLATES[focus].some((template) => template.parts.includes("Chest"));
    });
    const suits = (exercise: Exercise): boolean => fits(exercise) && !(chestNearby && pressesChest(exercise));
    for (const part of extra ? [slot.part] : [slot.part, ...(PARTNERS[slot.part] ?? [])]) {
      const pool = (pools.get(poolKeyOf(part, slot.balance)) ?? []).filter(suits);
      // A gym day opens with a loadable staple whenever the library has one for the first slot.
      const staples = leadsGymDay && day.strength.length === 0 ? pool.filter(isLoadableStaple) : [];
      const exercise =
        (staples.length > 0 ? pickExercise(staples, slot.mechanic, context, random) : undefined) ??
        pickExercise(pool, slot.mechanic, context, random);
      if (exercise === undefined) continue;
      (context.usedToday as Set<string>).add(libraryNameKey(exercise));
      for (const family of movementFamilies(exercise))
        (context.familiesToday as Map<string, number>).set(
          family,
          (context.familiesToday.get(family) ?? 0) + 1,
        );
      usedThisWeek.add(exercise.id);
      day.strength.push({ exercise, sets: startingSets(exercise, level) });
      return exercise;
    }
    return undefined;
  };

  for (const [index, day] of trainingDays.entries()) {
    const focus = split.days[index] ?? "Full Body";
    planned.push({ day, focus, strength: [] });
    contexts.push({ trainee, workoutType, usedThisWeek, usedToday: new Set(), familiesToday: new Map() });
    for (const slot of requests[index] ?? []) {
      const exercise = fillSlot(index, slot);
      // A painful joint is rested and a day never holds a third variant of one pattern: such a slot is left out.
      if (exercise !== undefined || (trainee.avoidJoints?.length ?? 0) > 0) continue;
      if (pools.get(poolKeyOf(slot.part, slot.balance)) === undefined && PARTNERS[slot.part] === undefined) {
        return fail(
          "library_gap",
          `No ${level.toLowerCase()} ${slot.part} exercise fits a ${workoutType.toLowerCase()} with ${trainee.equipment.join(", ")}.`,
        );
      }
    }
  }

  trimToBand(planned, rules);
  let short = balanceSets(planned, rules);
  // A muscle the slots cannot bring to its target gets another exercise on a day that already trains it.
  for (let round = 0; round < 12 && short.size > 0; round += 1) {
    let added = false;
    for (const muscle of short) {
      const candidates = planned
        .map((day, index) => ({ day, index }))
        .filter(({ day }) => day.strength.some((entry) => entry.exercise.primeMovers.includes(muscle)))
        .filter(({ day }) => dayHardSets(day) + MIN_SETS_PER_EXERCISE <= rules.perSession)
        .sort((a, b) => dayHardSets(a.day) - dayHardSets(b.day));
      for (const { index } of candidates) {
        if (fillSlot(index, { part: muscle, mechanic: "isolation", balance: false }, true) !== undefined) {
          added = true;
          break;
        }
      }
    }
    if (!added) break;
    trimToBand(planned, rules);
    short = balanceSets(planned, rules);
  }

  if (goal === "Lose Weight") {
    for (const [index, plannedDay] of planned.entries()) {
      const context = contexts[index];
      if (context === undefined) continue;
      // The finisher counts in the 48 h rule: thrusters, jumps or the bike next to a leg day would train legs twice running.
      const legsNearby = neighboursOf(dayIndices[index] ?? 0).some((neighbour) => {
        const focus = focusOn(neighbour);
        if (focus !== undefined && LEG_FOCI.includes(focus)) return true;
        const finisher = planned[dayIndices.indexOf(neighbour)]?.finisher;
        return finisher !== undefined && loadsLegs(finisher);
      });
      // Conditioning after lifting, not before, so it does not blunt the strength work (ACSM 2009).
      const parts: TrainingBodyPart[] = index % 2 === 0 ? ["Cardio", "Full Body"] : ["Full Body", "Cardio"];
      let finisher: Exercise | undefined;
      for (const part of parts) {
        const pool = (pools.get(part) ?? []).filter((exercise) => !legsNearby || !loadsLegs(exercise));
        finisher = pickExercise(pool, "compound", context, random);
        if (finisher !== undefined) break;
      }
      if (finisher === undefined) {
        if ((trainee.avoidJoints?.length ?? 0) > 0) continue;
        return fail(
          "library_gap",
          `No ${level.toLowerCase()} conditioning exercise fits a ${workoutType.toLowerCase()} with ${trainee.equipment.join(", ")}.`,
        );
      }
      usedThisWeek.add(finisher.id);
      plannedDay.finisher = finisher;
    }
  }

  const ids = new Set<string>();
  const finisherDose = finisherPrescription(level);
  const items: WorkoutItem[] = [];
  const sessions: PlannedSession[] = [];
  for (const day of WEEKDAYS) {
    const plannedDay = planned.find((candidate) => candidate.day === day);
    if (plannedDay === undefined) {
      items.push(restDayItem(newItemId(random, ids), day));
      continue;
    }
    const dayItems: WorkoutItem[] = [];
    const bookends = bookendNames(plannedDay.focus);
    dayItems.push(bookendItem(newItemId(random, ids), day, WARMUP, bookends.warmup));
    for (const { exercise, sets } of leadWithStaples(plannedDay.strength)) {
      dayItems.push(
        exerciseItem(newItemId(random, ids), day, exercise, sets, strengthReps(exercise, goal, level)),
      );
    }
    if (plannedDay.finisher !== undefined) {
      dayItems.push(
        exerciseItem(newItemId(random, ids), day, plannedDay.finisher, finisherDose.sets, finisherDose.reps),
      );
    }
    dayItems.push(bookendItem(newItemId(random, ids), day, COOLDOWN, bookends.cooldown));
    items.push(...dayItems);
    sessions.push({
      day,
      focus: plannedDay.focus,
      hardSets: dayHardSets(plannedDay),
      estimatedMinutes: sessionMinutes(dayItems, goal, level),
    });
  }

  return {
    ok: true,
    plan: {
      split: split.name,
      items,
      weeklyHardSets: fractionalSets(planned),
      volumeBand: { ...VOLUME_BANDS[goal][level] },
      sessions,
    },
  };
}
