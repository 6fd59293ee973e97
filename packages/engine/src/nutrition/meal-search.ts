import { MEAL_SLOTS, type MealSlot } from "./food.types";
import {
  ANCHOR_ROLES,
  isCompleteMain,
  isMeat,
  isMilk,
  kosherDayConflict,
  MEAL_ROLES,
  mealRole,
  proteinFamilies,
  ROLE_CAPS,
} from "./meal-roles";
import { compareIds } from "./seeded-hash";
import type { Candidate } from "./meal-candidates";
import {
  BOUND_SLACK_KCAL,
  FitMemo,
  fitPortions,
  ranksBefore,
  sodiumSatFatBreach,
  type Portion,
} from "./meal-portions";
import { FAT_ENERGY_SHARE, MEAL_SHARE_BAND, MEAL_SHARES, type NutrientTargets } from "./meal-targets";

/**
 * Each item costs preference points, and a meal's third and fourth items cost more, so a meal grows past two foods
 * only when they are well liked (a cuisine dish, a favourite) or the day needs them for protein or energy: people eat
 * two or three things at a meal, rarely four. A fourth item costs more than a cuisine dish is worth: with two thirds of
 * the cuisine's dishes open to every plan, a lower cost filled most meals with four (on the benchmark, 12 items a day
 * on average against 10 before).
 */
const ITEM_COST = 2.5;
const EXTRA_ITEM_COST = [0, 0, 0, 5, 12] as const;
/** A meal with nothing to build it around (ANCHOR_ROLES) costs more than a cuisine dish is worth. */
const NO_ANCHOR_COST = 10;
/** Preference points lost per kcal that a meal's smallest portions already exceed its share (or its largest miss it). */
const ENERGY_MISFIT_WEIGHT = 0.05;

export interface SearchLimits {
  /** Days whose portions are fitted before the search settles for the best found; fixed so results do not depend on load. */
  maxFits: number;
  /** Wall-clock safety net; past it the search stops even if it has not met its fit budget. */
  timeLimitMs: number;
  now: () => number;
  /**
   * Only days mostly from the chosen cuisine: a probe of whether one exists (tests, the benchmark), and the planner's
   * narrower searches after a day mostly from it.
   */
  requireCuisineMajority?: boolean;
  /** Kosher: no meal holds both meat and milk (meal-roles). */
  kosher?: boolean;
  /** What this plan's searches have worked out so far (SearchMemo). */
  memo?: SearchMemo;
}

interface Combo {
  items: Candidate[];
  preferenceScore: number;
  /** Most protein the meal gives at its share of the day, filling portions by protein density (a fractional knapsack). */
  proteinAtShareG: number;
  /** Fat energy above 35 % that the meal cannot avoid at its share of the day, even with its leanest portions, in kcal. */
  fatExcessKcal: number;
  minKcal: number;
  maxKcal: number;
  cuisineCount: number;
  /** Items the lower and the higher of the other plan numbers may also use (Candidate.sharedWith). */
  sharedWithLower: number;
  sharedWithHigher: number;
  /** The figures the day-level bounds need, computed when a day holding this combination is first checked. */
  bounds?: ComboBounds;
}

/** Energy between a food's smallest and largest portion, with what each kcal of it adds to a bounded quantity. */
interface Segment {
  rate: number;
  kcal: number;
}

interface ComboBounds {
  minProteinG: number;
  /** Σ fat excess (or surplus) per gram × smallest portion, in kcal. */
  minFatExcessKcal: number;
  minFatSurplusKcal: number;
  /** Protein per kcal above the smallest portions, densest first. */
  protein: Segment[];
  /** Fat excess per kcal of the lean foods (negative rates), leanest first. */
  lean: Segment[];
  /** Fat surplus per kcal of the fatty foods (positive rates), fattest first. */
  fatty: Segment[];
}

/** Preference points lost per kcal of unavoidable fat excess: a meal 80 kcal over costs as much as one cuisine match. */
const FAT_EXCESS_WEIGHT = 0.1;

export type SearchResult =
  | {
      status: "found";
      portions: Portion[];
      proteinShortG: number;
      boundBreach: number;
      shareBreach: number;
      /** Protein above its ceilings (35 % of energy, 2.4 g/kg), in kcal: the first bound to hold. */
      proteinOverKcal: number;
      fits: number;
    }
  | { status: "infeasible"; fits: number }
  /** The fit or visit budget ran out before any valid day was found. */
  | { status: "exhausted"; fits: number }
  /** The wall-clock limit passed before any valid day was found. */
  | { status: "timeout"; fits: number };

/**
 * The search's passes. The first orders days by preference alone; later ones add a Lagrangian weight (preference points
 * per gram of protein), steering the search to days that can meet the floor when the best-liked ones cannot. All but
 * the last two accept only days with most items from the chosen cuisine (docs/product.md §6.2: "a majority where the cuisine has
 * such dishes"); those two drop it, so a day that must leave the cuisine to meet protein is still found. Each pass may
 * fit its share of the fit budget; the last majority pass gets the most, as the days it reaches (a majority that also
 * meets a high protein floor) are the hardest to fit.
 */
const PASSES = [
  { proteinWeight: 0, cuisineMajority: true, fitShare: 0.1 },
  { proteinWeight: 0.1, cuisineMajority: true, fitShare: 0.1 },
  { proteinWeight: 0.3, cuisineMajority: true, fitShare: 0.1 },
  { proteinWeight: 1, cuisineMajority: true, fitShare: 0.15 },
  { proteinWeight: 4, cuisineMajority: true, fitShare: 0.25 },
  { proteinWeight: 1, cuisineMajority: false, fitShare: 0.15 },
  { proteinWeight: 4, cuisineMajority: false, fitShare: 0.15 },
] as const;
/** A cuisine-majority day this far short of protein, as a share of the floor, earns the majority passes a second budget. */
const NEAR_MISS_SHARE = 0.03;
/** Days visited (fitted or cut) per pass, per fit of the budget, before the next pass raises the protein weight. */
const VISITS_PER_FIT = 10;

/** Fat energy beyond 35 % per gram of a food, in kcal (negative for lean foods). */
const fatExcessPerG = (candidate: Candidate) =>
  (9 * candidate.food.fatG - FAT_ENERGY_SHARE.max * candidate.food.energyKcal) / 100;
/** Fat energy short of 20 % per gram, in kcal (positive for fatty foods). */
const fatSurplusPerG = (candidate: Candidate) =>
  (9 * candidate.food.fatG - FAT_ENERGY_SHARE.min * candidate.food.energyKcal) / 100;

function comboBounds(combo: Combo): ComboBounds {
  if (combo.bounds !== undefined) return combo.bounds;
  const bounds: ComboBounds = {
    minProteinG: 0,
    minFatExcessKcal: 0,
    minFatSurplusKcal: 0,
    protein: [],
    lean: [],
    fatty: [],
  };
  for (const item of combo.items) {
    const { food } = item;
    const kcalPerG = food.energyKcal / 100;
    const kcal = kcalPerG * (food.portionMaxG - food.portionMinG);
    bounds.minProteinG += (food.proteinG * food.portionMinG) / 100;
    bounds.minFatExcessKcal += fatExcessPerG(item) * food.portionMinG;
    bounds.minFatSurplusKcal += fatSurplusPerG(item) * food.portionMinG;
    bounds.protein.push({ rate: food.proteinG / food.energyKcal, kcal });
    if (fatExcessPerG(item) < 0) bounds.lean.push({ rate: fatExcessPerG(item) / kcalPerG, kcal });
    if (fatSurplusPerG(item) > 0) bounds.fatty.push({ rate: fatSurplusPerG(item) / kcalPerG, kcal });
  }
  bounds.protein.sort((a, b) => b.rate - a.rate);
  bounds.lean.sort((a, b) => a.rate - b.rate);
  bounds.fatty.sort((a, b) => b.rate - a.rate);
  combo.bounds = bounds;
  return bounds;
}

/**
 * Walks the four meals' sorted segment lists as one list, largest sign × rate first (a k-way merge: the lists are
 * sorted once per combination, so no day needs a sort of its own), handing each segment and its meal to take.
 */
function mergeSegments(
  lists: readonly (readonly Segment[])[],
  sign: 1 | -1,
  take: (segment: Segment, meal: number) => void,
): void {
  const next = lists.map(() => 0);
  for (;;) {
    let bestMeal = -1;
    let bestRate = -Infinity;
    for (const [meal, list] of lists.entries()) {
      const segment = list[next[meal] ?? 0];
      if (segment !== undefined && sign * segment.rate > bestRate) {
        bestRate = sign * segment.rate;
        bestMeal = meal;
      }
    }
    const segment = lists[bestMeal]?.[next[bestMeal] ?? 0];
    if (segment === undefined) return;
    next[bestMeal] = (next[bestMeal] ?? 0) + 1;
    take(segment, bestMeal);
  }
}

/**
 * Whether some portions could keep the day's fat between 20 % and 35 % of energy: the day's fat excess at its most
 * negative (leanest extra portions, within the energy ceiling) must reach 0, and its fat surplus at its largest must too.
 */
function fatCanFit(combos: readonly Combo[], minKcal: number, targets: NutrientTargets): boolean {
  const bounds = combos.map(comboBounds);
  const extremum = (start: number, lists: Segment[][], sign: 1 | -1) => {
    let value = start;
    let spareKcal = targets.kcalMax - minKcal;
    mergeSegments(lists, sign, (segment) => {
      if (spareKcal <= 0) return;
      const kcal = Math.min(segment.kcal, spareKcal);
      value += segment.rate * kcal;
      spareKcal -= kcal;
    });
    return value;
  };
  const leanest = extremum(
    bounds.reduce((sum, bound) => sum + bound.minFatExcessKcal, 0),
    bounds.map((bound) => bound.lean),
    -1,
  );
  if (leanest > 0) return false;
  const fattest = extremum(
    bounds.reduce((sum, bound) => sum + bound.minFatSurplusKcal, 0),
    bounds.map((bound) => bound.fatty),
    1,
  );
  return fattest >= 0;
}

/** Four-food meals are drawn only from this many best-liked candidates: they are rarely needed, and they are most of the subsets. */
const FOUR_ITEM_POOL = 10;

/**
 * Every 2–3-food subset of a meal's candidates, and the 4-food subsets of its first FOUR_ITEM_POOL, as ascending index
 * lists. Where visit says a subset cannot grow into a kept one (it returns false: two mains, a protein family twice, or
 * more energy than the meal may hold at the smallest portions, which every larger subset keeps too), its larger
 * subsets are skipped.
 */
function forEachSubset(count: number, visit: (indices: readonly number[]) => boolean): void {
  // Reused lists, one per subset size: the meal's few thousand subsets then cost no allocation until one is kept.
  const pair = [0, 0];
  const triple = [0, 0, 0];
  const quad = [0, 0, 0, 0];
  for (let a = 0; a < count; a += 1) {
    pair[0] = triple[0] = quad[0] = a;
    for (let b = a + 1; b < count; b += 1) {
      pair[1] = triple[1] = quad[1] = b;
      if (!visit(pair)) continue;
      for (let c = b + 1; c < count; c += 1) {
        triple[2] = quad[2] = c;
        if (!visit(triple)) continue;
        for (let d = c + 1; d < Math.min(count, FOUR_ITEM_POOL); d += 1) {
          quad[3] = d;
          visit(quad);
        }
      }
    }
  }
}

/**
 * The meal model as a test on a subset of a meal's candidates: role caps (one main at most), no protein family twice
 * and, for kosher, no meat with milk, which forbid it; no anchor where the slot wants one, which costs points. Roles and families are indexed once per meal,
 * so a subset costs a few integer operations.
 */
function mealRuleCheck(
  ordered: readonly Candidate[],
  meal: MealSlot,
  kosher: boolean,
): (indices: readonly number[]) => "forbidden" | "no anchor" | "ok" {
  const roleOf = ordered.map(({ food }) => MEAL_ROLES.indexOf(mealRole(food)));
  const families = new Map<string, number>();
  const familyBit = ordered.map(({ food }) =>
    proteinFamilies(food).reduce((bits, family) => {
      if (!families.has(family)) families.set(family, 1 << families.size);
      return bits | (families.get(family) ?? 0);
    }, 0),
  );
  const complete = ordered.map(({ food }) => isCompleteMain(food));
  const starchRole = MEAL_ROLES.indexOf("starch");
  const meat = ordered.map(({ food }) => kosher && isMeat(food));
  const milk = ordered.map(({ food }) => kosher && isMilk(food));
  const caps = MEAL_ROLES.map((role) => ROLE_CAPS[meal][role]);
  const anchors = ANCHOR_ROLES[meal].map((role) => MEAL_ROLES.indexOf(role));
  const counts = new Array<number>(MEAL_ROLES.length).fill(0);
  return (indices) => {
    counts.fill(0);
    let familyMask = 0;
    let hasMeat = false;
    let hasMilk = false;
    let hasComplete = false;
    for (const index of indices) {
      hasComplete ||= complete[index] === true;
      const role = roleOf[index] ?? 0;
      counts[role] = (counts[role] ?? 0) + 1;
      if ((counts[role] ?? 0) > (caps[role] ?? 0)) return "forbidden";
      const bit = familyBit[index] ?? 0;
      if ((familyMask & bit) !== 0) return "forbidden";
      familyMask |= bit;
      hasMeat ||= meat[index] === true;
      hasMilk ||= milk[index] === true;
    }
    if (hasMeat && hasMilk) return "forbidden";
    if (hasComplete && (counts[starchRole] ?? 0) > 0) return "forbidden";
    return anchors.length === 0 || anchors.some((role) => (counts[role] ?? 0) > 0) ? "ok" : "no anchor";
  };
}

/**
 * Kosher across meals (meal-roles kosherDayConflict): a day with dairy in the meal after a meat meal is skipped as it
 * comes, which keeps the enumeration's order; such days are few, as most meals hold no meat or no dairy.
 */
function breaksKosherDay(combos: readonly Combo[]): boolean {
  return (
    kosherDayConflict((meal) => combos[MEAL_SLOTS.indexOf(meal)]?.items.map(({ food }) => food) ?? []) !==
    undefined
  );
}

/** Candidate indices in the order a greedy fill takes them: ascending key, ties by index (that is, by preference). */
function orderBy(count: number, key: (index: number) => number): number[] {
  return Array.from({ length: count }, (_, index) => index).sort((a, b) => key(a) - key(b) || a - b);
}

function mealCombos(
  candidates: readonly Candidate[],
  meal: MealSlot,
  kcal: { low: number; high: number; aim: number },
  kosher: boolean,
): Combo[] {
  const { low: lowKcal, high: highKcal, aim: aimKcal } = kcal;
  const combos: Combo[] = [];
  const ordered = [...candidates].sort(
    (a, b) => b.preference - a.preference || compareIds(a.food.id, b.food.id),
  );
  const keepsMealRules = mealRuleCheck(ordered, meal, kosher);
  const minKcalOf = ordered.map(({ food }) => (food.energyKcal * food.portionMinG) / 100);
  const maxKcalOf = ordered.map(({ food }) => (food.energyKcal * food.portionMaxG) / 100);
  const valueOf = ordered.map((item) => item.preference - ITEM_COST);
  const proteinDensity = (index: number) => {
    const { food } = ordered[index] as Candidate;
    return food.proteinG / food.energyKcal;
  };
  // The protein fill takes the densest foods first; the fat fill the leanest (least fat excess per kcal) first.
  const densestFirst = orderBy(ordered.length, (index) => -proteinDensity(index));
  const leanestFirst = orderBy(ordered.length, (index) => {
    const candidate = ordered[index] as Candidate;
    return fatExcessPerG(candidate) / candidate.food.energyKcal;
  });
  const inSubset = new Uint8Array(ordered.length);
  forEachSubset(ordered.length, (indices) => {
    let minKcal = 0;
    let maxKcal = 0;
    let preferenceScore = -(EXTRA_ITEM_COST[indices.length] ?? 0);
    for (const index of indices) {
      minKcal += minKcalOf[index] ?? 0;
      maxKcal += maxKcalOf[index] ?? 0;
      preferenceScore += valueOf[index] ?? 0;
    }
    if (minKcal > highKcal) return false;
    if (maxKcal < lowKcal) return true;
    const rules = keepsMealRules(indices);
    if (rules === "forbidden") return false;
    for (const index of indices) inSubset[index] = 1;
    // Protein at the meal's share: smallest portions, then the energy left spent on the densest foods (a fractional knapsack).
    let proteinG = 0;
    let fatExcessKcal = 0;
    for (const index of indices) {
      const { food } = ordered[index] as Candidate;
      proteinG += (food.proteinG * food.portionMinG) / 100;
      fatExcessKcal += fatExcessPerG(ordered[index] as Candidate) * food.portionMinG;
    }
    let spareKcal = Math.max(0, aimKcal - minKcal);
    for (const index of densestFirst) {
      if (inSubset[index] === 0 || spareKcal <= 0) continue;
      const { food } = ordered[index] as Candidate;
      const extraKcal = Math.min(spareKcal, (maxKcalOf[index] ?? 0) - (minKcalOf[index] ?? 0));
      proteinG += (extraKcal * food.proteinG) / food.energyKcal;
      spareKcal -= extraKcal;
    }
    // Least fat excess at the meal's share: smallest portions, then the energy left from the leanest foods first.
    spareKcal = Math.max(0, aimKcal - minKcal);
    for (const index of leanestFirst) {
      if (inSubset[index] === 0 || spareKcal <= 0) continue;
      const candidate = ordered[index] as Candidate;
      const grams = Math.min(
        candidate.food.portionMaxG - candidate.food.portionMinG,
        (100 * spareKcal) / candidate.food.energyKcal,
      );
      fatExcessKcal += fatExcessPerG(candidate) * grams;
      spareKcal -= (candidate.food.energyKcal * grams) / 100;
    }
    for (const index of indices) inSubset[index] = 0;
    preferenceScore -= ENERGY_MISFIT_WEIGHT * Math.max(0, minKcal - aimKcal, aimKcal - maxKcal);
    if (rules === "no anchor") preferenceScore -= NO_ANCHOR_COST;
    const items = indices.map((index) => ordered[index] as Candidate);
    let cuisineCount = 0;
    let sharedWithLower = 0;
    let sharedWithHigher = 0;
    for (const item of items) {
      if (item.cuisineMatch) cuisineCount += 1;
      sharedWithLower += item.sharedWith & 1;
      sharedWithHigher += (item.sharedWith >> 1) & 1;
    }
    combos.push({
      items,
      preferenceScore,
      proteinAtShareG: proteinG,
      fatExcessKcal: Math.max(0, fatExcessKcal),
      minKcal,
      maxKcal,
      cuisineCount,
      sharedWithLower,
      sharedWithHigher,
    });
    return true;
  });
  return combos;
}

/**
 * What one plan's searches share (the planner makes one per plan): its fits (FitMemo), and each meal's combinations.
 * A narrower search or a second day offers most meals the very candidates the first search had; their 2–4-food
 * combinations are then the same, and enumerating them was a fifth of a plan's time
 * (docs/decisions/088-one-plans-searches-share-their-work.md).
 */
export class SearchMemo {
  readonly fits = new FitMemo();
  private readonly combos = new Map<string, Combo[]>();
  private readonly ids = new WeakMap<Candidate, number>();
  private nextId = 0;

  /** mealCombos, once per list of the same candidate objects, meal, energy window and kosher rule. */
  mealCombos(...args: Parameters<typeof mealCombos>): Combo[] {
    const [candidates, meal, kcal, kosher] = args;
    const ids = candidates.map((candidate) => {
      let id = this.ids.get(candidate);
      if (id === undefined) {
        id = this.nextId;
        this.nextId += 1;
        this.ids.set(candidate, id);
      }
      return id;
    });
    const key = `${meal}:${kcal.low}:${kcal.high}:${kcal.aim}:${kosher}:${ids.join()}`;
    let known = this.combos.get(key);
    if (known === undefined) {
      known = mealCombos(...args);
      this.combos.set(key, known);
    }
    return known;
  }
}

/**
 * An upper bound on a day's protein: every food at its smallest portion, then the energy left under the day's ceiling
 * spent on the most protein-dense foods first, each meal capped at the top of its band. With the meal caps nested in the
 * day's, this greedy fill is the optimum of the relaxation (a laminar polymatroid), so it is as tight as it can be.
 */
function dayProteinBound(
  combos: readonly Combo[],
  minKcal: number,
  targets: NutrientTargets,
  mealHighKcal: readonly number[],
): number {
  const bounds = combos.map(comboBounds);
  let proteinG = bounds.reduce((sum, bound) => sum + bound.minProteinG, 0);
  let spareDayKcal = targets.kcalMax - minKcal;
  const spareMealKcal = combos.map((combo, meal) => (mealHighKcal[meal] ?? 0) - combo.minKcal);
  mergeSegments(
    bounds.map((bound) => bound.protein),
    1,
    (segment, meal) => {
      const kcal = Math.min(segment.kcal, Math.max(0, spareDayKcal), Math.max(0, spareMealKcal[meal] ?? 0));
      proteinG += kcal * segment.rate;
      spareDayKcal -= kcal;
      spareMealKcal[meal] = (spareMealKcal[meal] ?? 0) - kcal;
    },
  );
  return proteinG;
}

/**
 * A group's combinations in descending score order (ties by index, as a stable sort would leave them), sorted only as
 * far as the search reads: a pass rarely looks past the first few of a group, so a heap, built when the group is first
 * read and popped on demand, replaces a full sort per pass.
 */
class LazySorted {
  private heap: number[] | undefined;
  private readonly order: number[] = [];

  constructor(
    private readonly members: readonly number[],
    private readonly scores: Float64Array,
  ) {}

  /** The index (into the meal's combinations) at a position of the sorted order; undefined past the end. */
  at(position: number): number | undefined {
    if (this.heap === undefined) {
      this.heap = [...this.members];
      for (let parent = (this.heap.length >> 1) - 1; parent >= 0; parent -= 1)
        this.siftDown(this.heap, parent);
    }
    const heap = this.heap;
    while (this.order.length <= position && heap.length > 0) {
      const top = heap[0] ?? 0;
      const last = heap.pop() ?? 0;
      if (heap.length > 0) {
        heap[0] = last;
        this.siftDown(heap, 0);
      }
      this.order.push(top);
    }
    return this.order[position];
  }

  /** Whether the combination at index a comes before the one at index b. */
  private before(a: number, b: number): boolean {
    const difference = (this.scores[a] ?? 0) - (this.scores[b] ?? 0);
    return difference > 0 || (difference === 0 && a < b);
  }

  private siftDown(heap: number[], start: number): void {
    const count = heap.length;
    let parent = start;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= count) return;
      const right = left + 1;
      const first = right < count && this.before(heap[right] ?? 0, heap[left] ?? 0) ? right : left;
      if (!this.before(heap[first] ?? 0, heap[parent] ?? 0)) return;
      [heap[parent], heap[first]] = [heap[first] ?? 0, heap[parent] ?? 0];
      parent = first;
    }
  }
}

/** A binary max-heap of keys (the enumeration's node indices) by score, in two parallel arrays. */
class MaxHeap {
  private readonly keys: number[] = [];
  private readonly scores: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, score: number): void {
    let child = this.keys.length;
    this.keys.push(key);
    this.scores.push(score);
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if ((this.scores[parent] ?? 0) >= score) break;
      this.keys[child] = this.keys[parent] ?? 0;
      this.scores[child] = this.scores[parent] ?? 0;
      child = parent;
    }
    this.keys[child] = key;
    this.scores[child] = score;
  }

  /** Removes and returns the best key; only called when size > 0. */
  pop(): number {
    const top = this.keys[0] ?? 0;
    const lastKey = this.keys.pop() ?? 0;
    const lastScore = this.scores.pop() ?? 0;
    const count = this.keys.length;
    if (count === 0) return top;
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= count) break;
      const right = left + 1;
      const larger = right < count && (this.scores[right] ?? 0) > (this.scores[left] ?? 0) ? right : left;
      if ((this.scores[larger] ?? 0) <= lastScore) break;
      this.keys[parent] = this.keys[larger] ?? 0;
      this.scores[parent] = this.scores[larger] ?? 0;
      parent = larger;
    }
    this.keys[parent] = lastKey;
    this.scores[parent] = lastScore;
    return top;
  }
}

/**
 * A meal's combinations that move the day's counted rules alike. For each other plan number, a shared margin is 3 × the
 * items the other plan may also use − the items: a day keeps the sharing rule (at most a third of its items open to each
 * other plan) when its meals' margins sum to 0 or less. The cuisine margin is 2 × the cuisine items − the items: a day
 * is mostly from the cuisine when they sum to 1 or more.
 */
interface ComboGroup {
  /** Indices into the meal's combinations. */
  members: number[];
  sharedMargins: readonly [number, number];
  cuisineMargin: number;
}

/** A group as one pass reads it: its members in the pass's score order. */
interface PassGroup {
  group: ComboGroup;
  sorted: LazySorted;
  topScore: number;
}

/** A partial day in the enumeration: meals 0 to `meal` chosen, this meal's choice being its group's at `position`. */
interface DayNode {
  parent: DayNode | undefined;
  meal: number;
  group: PassGroup;
  position: number;
  /** Score of the meals before this one. */
  baseScore: number;
  /** The day's margins with this meal's choice. */
  shared0: number;
  shared1: number;
  cuisine: number;
  /** The best score the meals after this one can add, given those margins. */
  restScore: number;
}

const MEAL_COUNT = MEAL_SLOTS.length;
/** Margins move by at most this much per meal (four items, all or none shared), so sums past it settle the verdict. */
const MARGIN_STEP = { sharedUp: 8, sharedDown: 4, cuisine: 4 } as const;

/**
 * Enumerates whole days in exact descending score order among those that keep the sharing rule (and, when asked, have a
 * cuisine majority), so no visit is spent on a day those counted rules forbid. It is a best-first search over partial
 * days (A*) whose estimate is exact: the best completion of a partial day, from a table memoised over the margins, which
 * are all that link the meals. Each day it returns is the best one left.
 */
class DayEnumerator {
  private readonly nodes: DayNode[] = [];
  private readonly heap = new MaxHeap();
  private readonly rest = new Map<number, number>();
  /** Per meal, the groups no other group beats on score and every margin at once: all a best completion needs. */
  private readonly fronts: PassGroup[][];

  constructor(
    private readonly combos: readonly (readonly Combo[])[],
    private readonly scores: readonly Float64Array[],
    private readonly groups: readonly (readonly PassGroup[])[],
    private readonly cuisineMajority: boolean,
  ) {
    this.fronts = groups.map((meal) =>
      meal.filter((candidate, index) =>
        meal.every(
          (other, otherIndex) =>
            otherIndex === index || !DayEnumerator.beats(other, candidate, otherIndex < index),
        ),
      ),
    );
    this.pushHeads(undefined, 0, 0, 0, 0, 0);
  }

  /** Whether group a is at least as good as b on score and every margin (ties broken by `first`). */
  private static beats(a: PassGroup, b: PassGroup, first: boolean): boolean {
    const [a0, a1] = a.group.sharedMargins;
    const [b0, b1] = b.group.sharedMargins;
    if (a.topScore < b.topScore || a0 > b0 || a1 > b1 || a.group.cuisineMargin < b.group.cuisineMargin)
      return false;
    const equal =
      a.topScore === b.topScore && a0 === b0 && a1 === b1 && a.group.cuisineMargin === b.group.cuisineMargin;
    return !equal || first;
  }

  get exhausted(): boolean {
    return this.heap.size === 0;
  }

  /** The next best day's combinations, meal by meal; undefined when none is left. */
  next(): Combo[] | undefined {
    while (this.heap.size > 0) {
      const node = this.nodes[this.heap.pop()] as DayNode;
      const sibling = node.group.sorted.at(node.position + 1);
      if (sibling !== undefined) {
        const next: DayNode = { ...node, position: node.position + 1 };
        this.push(next, next.baseScore + this.scoreOf(node.meal, sibling) + next.restScore);
      }
      const index = node.group.sorted.at(node.position) ?? 0;
      if (node.meal < MEAL_COUNT - 1) {
        const baseScore = node.baseScore + this.scoreOf(node.meal, index);
        this.pushHeads(node, node.meal + 1, baseScore, node.shared0, node.shared1, node.cuisine);
        continue;
      }
      const day: Combo[] = [];
      for (let at: DayNode | undefined = node; at !== undefined; at = at.parent)
        day[at.meal] = this.combos[at.meal]?.[at.group.sorted.at(at.position) ?? 0] as Combo;
      return day;
    }
    return undefined;
  }

  private scoreOf(meal: number, index: number): number {
    return this.scores[meal]?.[index] ?? 0;
  }

  private push(node: DayNode, score: number): void {
    this.nodes.push(node);
    this.heap.push(this.nodes.length - 1, score);
  }

  private pushHeads(
    parent: DayNode | undefined,
    meal: number,
    baseScore: number,
    shared0: number,
    shared1: number,
    cuisine: number,
  ): void {
    for (const group of this.groups[meal] ?? []) {
      const node: DayNode = {
        parent,
        meal,
        group,
        position: 0,
        baseScore,
        shared0: shared0 + group.group.sharedMargins[0],
        shared1: shared1 + group.group.sharedMargins[1],
        cuisine: cuisine + group.group.cuisineMargin,
        restScore: 0,
      };
      node.restScore = this.bestRest(meal + 1, node.shared0, node.shared1, node.cuisine);
      if (node.restScore > -Infinity) this.push(node, baseScore + group.topScore + node.restScore);
    }
  }

  /** The best score meals from `meal` on can add to a day with these margins; -Infinity when no choice keeps the rules. */
  private bestRest(meal: number, shared0: number, shared1: number, cuisine: number): number {
    const mealsLeft = MEAL_COUNT - meal;
    if (shared0 - MARGIN_STEP.sharedDown * mealsLeft > 0 || shared1 - MARGIN_STEP.sharedDown * mealsLeft > 0)
      return -Infinity;
    if (this.cuisineMajority && cuisine + MARGIN_STEP.cuisine * mealsLeft < 1) return -Infinity;
    if (mealsLeft === 0) return 0;
    // Margins beyond what the meals left can undo all lead to the same verdicts: clamping them shares table entries.
    const floor = -MARGIN_STEP.sharedUp * mealsLeft;
    const clamped0 = Math.max(shared0, floor);
    const clamped1 = Math.max(shared1, floor);
    const clampedCuisine = this.cuisineMajority ? Math.min(cuisine, 1 + MARGIN_STEP.cuisine * mealsLeft) : 0;
    const key = ((meal * 128 + clamped0 + 64) * 128 + clamped1 + 64) * 128 + clampedCuisine + 64;
    const known = this.rest.get(key);
    if (known !== undefined) return known;
    let best = -Infinity;
    for (const group of this.fronts[meal] ?? []) {
      const rest = this.bestRest(
        meal + 1,
        clamped0 + group.group.sharedMargins[0],
        clamped1 + group.group.sharedMargins[1],
        clampedCuisine + group.group.cuisineMargin,
      );
      if (group.topScore + rest > best) best = group.topScore + rest;
    }
    this.rest.set(key, best);
    return best;
  }
}

/** Each meal's combinations grouped by their margins; the cuisine margin counts only when a pass asks for a majority. */
function groupCombos(allCombos: readonly (readonly Combo[])[], cuisineMajority: boolean): ComboGroup[][] {
  return allCombos.map((list) => {
    const bySignature = new Map<number, ComboGroup>();
    for (const [index, combo] of list.entries()) {
      const count = combo.items.length;
      const shared0 = 3 * combo.sharedWithLower - count;
      const shared1 = 3 * combo.sharedWithHigher - count;
      const cuisineMargin = cuisineMajority ? 2 * combo.cuisineCount - count : 0;
      // Margins lie within ±16, so each fits five bits of the key.
      const signature = ((shared0 + 16) * 32 + shared1 + 16) * 32 + cuisineMargin + 16;
      let group = bySignature.get(signature);
      if (group === undefined) {
        group = { members: [], sharedMargins: [shared0, shared1], cuisineMargin };
        bySignature.set(signature, group);
      }
      group.members.push(index);
    }
    return [...bySignature.values()];
  });
}

/**
 * Branch and bound over the choice of foods. Each meal's 2–4-food combinations are scored and grouped by how they move
 * the day's counted rules; days are then visited in exact order of total score among those that keep the sharing rule
 * (DayEnumerator). Days are cut before any portion is fitted when bounds show they cannot work: energy at the smallest
 * or largest portions outside the day's window, protein under the energy ceiling short of the floor (a
 * fractional-knapsack bound), or fat unable to reach 20–35 %. The first day whose fitted portions keep every rule with
 * protein met is the best-scoring such day of its pass. Passes (PASSES) add a rising Lagrangian weight on protein,
 * first among days mostly from the chosen cuisine, then among all. If no day meets protein, the valid day with the least
 * shortfall is returned and the caller reports it. Fit and visit budgets are counts, so results do not depend on machine
 * load; the wall-clock limit is only a safety net.
 */
export function searchDay(
  byMeal: Record<(typeof MEAL_SLOTS)[number], readonly Candidate[]>,
  targets: NutrientTargets,
  limits: SearchLimits,
): SearchResult {
  const started = limits.now();
  const target = targets.targetKcal;
  const mealHighKcal = MEAL_SLOTS.map((meal) => (MEAL_SHARES[meal] + MEAL_SHARE_BAND) * target);
  const combosOf = limits.memo?.mealCombos.bind(limits.memo) ?? mealCombos;
  const allCombos = MEAL_SLOTS.map((meal, index) =>
    combosOf(
      byMeal[meal],
      meal,
      {
        low: (MEAL_SHARES[meal] - MEAL_SHARE_BAND) * target,
        high: mealHighKcal[index] ?? 0,
        aim: MEAL_SHARES[meal] * target,
      },
      limits.kosher === true,
    ),
  );
  if (allCombos.some((list) => list.length === 0)) return { status: "infeasible", fits: 0 };

  let fits = 0;
  /**
   * The best valid day that breaks a macro bound or misses protein, ranked as things give way: least protein above its
   * ceilings, then least energy-share breach, then least protein shortfall, then least breach of the absolute bounds.
   */
  let bestShort:
    | {
        portions: Portion[];
        proteinShortG: number;
        boundBreach: number;
        shareBreach: number;
        proteinOverKcal: number;
      }
    | undefined;
  let exhausted = true;
  const groupsByMajority = new Map<boolean, ComboGroup[][]>();
  const passes = limits.requireCuisineMajority ? PASSES.filter((pass) => pass.cuisineMajority) : PASSES;
  const fitShares = passes.reduce((sum, pass) => sum + pass.fitShare, 0);
  const visitsPerPass = VISITS_PER_FIT * limits.maxFits;
  type Found = Extract<SearchResult, { status: "found" | "timeout" }>;
  /** Visits days until a fit meets protein (returned), or the fit or visit limit or the clock is reached. */
  const visit = (days: DayEnumerator, fitLimit: number, visitLimit: number): Found | undefined => {
    let visited = 0;
    while (fits < fitLimit && visited < visitLimit) {
      const combos = days.next();
      if (combos === undefined) return undefined;
      visited += 1;
      if (visited % 64 === 1 && limits.now() - started > limits.timeLimitMs) {
        return bestShort ? { status: "found", ...bestShort, fits } : { status: "timeout", fits };
      }
      if (limits.kosher === true && breaksKosherDay(combos)) continue;
      const minKcal = combos.reduce((sum, combo) => sum + combo.minKcal, 0);
      const maxKcal = combos.reduce((sum, combo) => sum + combo.maxKcal, 0);
      if (minKcal > targets.kcalMax || maxKcal < targets.kcalMin) continue;
      const proteinBoundG = dayProteinBound(combos, minKcal, targets, mealHighKcal);
      // Once a day keeping every bound exists, only days that could beat its protein are worth fitting.
      const bestProteinG =
        bestShort === undefined || bestShort.boundBreach > BOUND_SLACK_KCAL
          ? -Infinity
          : targets.proteinMinG - bestShort.proteinShortG;
      if (proteinBoundG < targets.proteinMinG && proteinBoundG <= bestProteinG + 0.5) continue;
      if (!fatCanFit(combos, minKcal, targets)) continue;
      fits += 1;
      const items = combos.flatMap((combo) => combo.items);
      const fit = limits.memo?.fits.fit(items, targets) ?? fitPortions(items, targets);
      if (fit.hardBreach > 1e-6) continue;
      const boundBreach = fit.boundBreach > BOUND_SLACK_KCAL ? fit.boundBreach : 0;
      const shareBreach = fit.shareBreach > BOUND_SLACK_KCAL ? fit.shareBreach : 0;
      // Sodium and saturated fat do not hold the search back, as fibre does: the planner's swaps (meal-day-limits.ts) bring
      // a day under them at a few dozen fits, where searching on would spend the whole budget on a quarter of the days.
      if (
        fit.proteinShortG <= 1e-6 &&
        (boundBreach === 0 || boundBreach - sodiumSatFatBreach(fit.portions) <= BOUND_SLACK_KCAL)
      )
        return {
          status: "found",
          portions: fit.portions,
          proteinShortG: 0,
          boundBreach,
          shareBreach: 0,
          proteinOverKcal: 0,
          fits,
        };
      const rank = (day: {
        proteinOverKcal: number;
        shareBreach: number;
        proteinShortG: number;
        boundBreach: number;
      }) => [
        day.proteinOverKcal,
        day.shareBreach,
        day.proteinShortG > 0.5 ? day.proteinShortG : 0,
        day.boundBreach - day.shareBreach,
      ];
      const candidate = {
        portions: fit.portions,
        proteinShortG: fit.proteinShortG,
        boundBreach,
        shareBreach,
        proteinOverKcal: fit.proteinOverKcal > BOUND_SLACK_KCAL ? fit.proteinOverKcal : 0,
      };
      if (bestShort === undefined || ranksBefore(rank(candidate), rank(bestShort))) bestShort = candidate;
    }
    return undefined;
  };
  for (const [index, { proteinWeight, cuisineMajority, fitShare }] of passes.entries()) {
    let groups = groupsByMajority.get(cuisineMajority);
    if (groups === undefined) {
      groups = groupCombos(allCombos, cuisineMajority);
      groupsByMajority.set(cuisineMajority, groups);
    }
    // The pass's score of a combination: preference, plus the protein weight times proteinAtShareG, less the fat penalty.
    const scores = allCombos.map((list) => {
      const table = new Float64Array(list.length);
      for (const [at, combo] of list.entries())
        table[at] =
          combo.preferenceScore +
          proteinWeight * combo.proteinAtShareG -
          FAT_EXCESS_WEIGHT * combo.fatExcessKcal;
      return table;
    });
    const passGroups = groups.map((meal, mealIndex) => {
      const table = scores[mealIndex] as Float64Array;
      return meal.map((group): PassGroup => {
        let topScore = -Infinity;
        for (const at of group.members) topScore = Math.max(topScore, table[at] ?? -Infinity);
        return { group, sorted: new LazySorted(group.members, table), topScore };
      });
    });
    const days = new DayEnumerator(allCombos, scores, passGroups, cuisineMajority);
    const found = visit(days, fits + Math.ceil((limits.maxFits * fitShare) / fitShares), visitsPerPass);
    if (found !== undefined) return found;
    // A cuisine-majority day a little short of protein often has a neighbour that meets it: before the passes that drop
    // the cuisine majority, the last pass that keeps it goes on, with a second budget, from where it stopped.
    const lastMajority = cuisineMajority && passes[index + 1]?.cuisineMajority !== true;
    if (
      lastMajority &&
      bestShort !== undefined &&
      bestShort.proteinShortG <= NEAR_MISS_SHARE * targets.proteinMinG
    ) {
      const more = visit(days, fits + limits.maxFits, visitsPerPass);
      if (more !== undefined) return more;
    }
    if (!days.exhausted) exhausted = false;
  }
  if (bestShort !== undefined) return { status: "found", ...bestShort, fits };
  return exhausted ? { status: "infeasible", fits } : { status: "exhausted", fits };
}
