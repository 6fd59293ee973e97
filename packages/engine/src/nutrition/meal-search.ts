import { MEAL_SLOTS } from "./food.types";
import { compareIds } from "./seeded-hash";
import type { Candidate } from "./meal-candidates";
import { fitPortions, type Portion } from "./meal-portions";
import { FAT_ENERGY_SHARE, MEAL_SHARE_BAND, MEAL_SHARES, type NutrientTargets } from "./meal-targets";

/**
 * Each item costs preference points, and a meal's third and fourth items cost more, so a meal grows past two foods
 * only when they are well liked (a cuisine dish, a favourite) or the day needs them for protein or energy: people eat
 * two or three things at a meal, rarely four.
 */
const ITEM_COST = 2.5;
const EXTRA_ITEM_COST = [0, 0, 0, 3, 7] as const;
/** Preference points lost per kcal that a meal's smallest portions already exceed its share (or its largest miss it). */
const ENERGY_MISFIT_WEIGHT = 0.05;
/** When the search is widened to other plans' shares, each such item costs this much more, so few are used. */
const FOREIGN_COST = 5;
/**
 * Each plan number has its own third of the foods and may borrow one item from the others: two plans then share at
 * most two items, a third of the eight a day has at least.
 */
export const MAX_FOREIGN_ITEMS = 1;
/** Combinations kept per meal after the energy screen, best first. */
const COMBOS_PER_MEAL = 400;

export interface SearchLimits {
  /** Days whose portions are fitted before the search settles for the best found; fixed so results do not depend on load. */
  maxFits: number;
  /** Wall-clock safety net; past it the search stops even if it has not met its fit budget. */
  timeLimitMs: number;
  now: () => number;
  /** Items from other plan numbers' shares allowed in one day; one each keeps any two of plans 1–3 within a third. */
  maxForeignItems?: number;
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
  foreignCount: number;
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
  | { status: "found"; portions: Portion[]; proteinShortG: number; fits: number }
  | { status: "infeasible"; fits: number }
  /** The fit or visit budget ran out before any valid day was found. */
  | { status: "exhausted"; fits: number }
  /** The wall-clock limit passed before any valid day was found. */
  | { status: "timeout"; fits: number };

/**
 * The search's passes. The first orders days by preference alone; later ones add a Lagrangian weight (preference points
 * per gram of protein), steering the search to days that can meet the floor when the best-liked ones cannot. All but
 * the last two accept only days with most items from the chosen cuisine (issue 3: "a majority where the cuisine has
 * such dishes"); those two drop it, so a day that must leave the cuisine to meet protein is still found.
 */
const PASSES = [
  { proteinWeight: 0, cuisineMajority: true },
  { proteinWeight: 0.1, cuisineMajority: true },
  { proteinWeight: 0.3, cuisineMajority: true },
  { proteinWeight: 1, cuisineMajority: true },
  { proteinWeight: 4, cuisineMajority: true },
  { proteinWeight: 1, cuisineMajority: false },
  { proteinWeight: 4, cuisineMajority: false },
] as const;
/** Days visited (fitted or cut) per pass before the next pass raises the protein weight. */
const VISITS_PER_PASS = 1000;

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

/** Every 2–3-food subset of a meal's candidates, and the 4-food subsets of its first FOUR_ITEM_POOL, as ascending index lists. */
function forEachSubset(count: number, visit: (indices: readonly number[]) => void): void {
  // Reused lists, one per subset size: the meal's few thousand subsets then cost no allocation until one is kept.
  const pair = [0, 0];
  const triple = [0, 0, 0];
  const quad = [0, 0, 0, 0];
  for (let a = 0; a < count; a += 1) {
    pair[0] = triple[0] = quad[0] = a;
    for (let b = a + 1; b < count; b += 1) {
      pair[1] = triple[1] = quad[1] = b;
      visit(pair);
      for (let c = b + 1; c < count; c += 1) {
        triple[2] = quad[2] = c;
        visit(triple);
        for (let d = c + 1; d < Math.min(count, FOUR_ITEM_POOL); d += 1) {
          quad[3] = d;
          visit(quad);
        }
      }
    }
  }
}

/** Candidate indices in the order a greedy fill takes them: ascending key, ties by index (that is, by preference). */
function orderBy(count: number, key: (index: number) => number): number[] {
  return Array.from({ length: count }, (_, index) => index).sort((a, b) => key(a) - key(b) || a - b);
}

function mealCombos(
  candidates: readonly Candidate[],
  lowKcal: number,
  highKcal: number,
  aimKcal: number,
): Combo[] {
  const combos: Combo[] = [];
  const ordered = [...candidates].sort(
    (a, b) => b.preference - a.preference || compareIds(a.food.id, b.food.id),
  );
  const minKcalOf = ordered.map(({ food }) => (food.energyKcal * food.portionMinG) / 100);
  const maxKcalOf = ordered.map(({ food }) => (food.energyKcal * food.portionMaxG) / 100);
  const valueOf = ordered.map((item) => item.preference - ITEM_COST - (item.foreign ? FOREIGN_COST : 0));
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
    if (minKcal > highKcal || maxKcal < lowKcal) return;
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
    const items = indices.map((index) => ordered[index] as Candidate);
    let cuisineCount = 0;
    let foreignCount = 0;
    for (const item of items) {
      if (item.cuisineMatch) cuisineCount += 1;
      if (item.foreign) foreignCount += 1;
    }
    combos.push({
      items,
      preferenceScore,
      proteinAtShareG: proteinG,
      fatExcessKcal: Math.max(0, fatExcessKcal),
      minKcal,
      maxKcal,
      cuisineCount,
      foreignCount,
    });
  });
  return combos;
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

/** List positions per meal stay below COMBOS_PER_MEAL, so four of them pack exactly into one double. */
const KEY_BASE = 1024;
const positionOf = (key: number, meal: number) => Math.floor(key / KEY_BASE ** meal) % KEY_BASE;

/**
 * A meal's combinations in descending score order (ties in list order, as a stable sort would leave them), sorted only
 * as far as the search reads: a pass rarely looks past the first few dozen of a thousand, so a heap built in linear
 * time and popped on demand replaces a full sort per pass.
 */
class LazySorted {
  private readonly heap: number[];
  private readonly order: number[] = [];

  constructor(
    private readonly combos: readonly Combo[],
    private readonly scores: readonly number[],
    private readonly limit: number,
  ) {
    this.heap = combos.map((_, index) => index);
    for (let parent = (this.heap.length >> 1) - 1; parent >= 0; parent -= 1) this.siftDown(parent);
  }

  /** The combination at a position of the sorted order and its score; undefined past the end or the limit. */
  at(position: number): { combo: Combo; score: number } | undefined {
    if (position >= this.limit) return undefined;
    while (this.order.length <= position && this.heap.length > 0) {
      const top = this.heap[0] ?? 0;
      const last = this.heap.pop() ?? 0;
      if (this.heap.length > 0) {
        this.heap[0] = last;
        this.siftDown(0);
      }
      this.order.push(top);
    }
    const index = this.order[position];
    if (index === undefined) return undefined;
    return { combo: this.combos[index] as Combo, score: this.scores[index] ?? 0 };
  }

  /** Whether the combination at index a comes before the one at index b. */
  private before(a: number, b: number): boolean {
    const difference = (this.scores[a] ?? 0) - (this.scores[b] ?? 0);
    return difference > 0 || (difference === 0 && a < b);
  }

  private siftDown(start: number): void {
    const count = this.heap.length;
    let parent = start;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= count) return;
      const right = left + 1;
      const first = right < count && this.before(this.heap[right] ?? 0, this.heap[left] ?? 0) ? right : left;
      if (!this.before(this.heap[first] ?? 0, this.heap[parent] ?? 0)) return;
      [this.heap[parent], this.heap[first]] = [this.heap[first] ?? 0, this.heap[parent] ?? 0];
      parent = first;
    }
  }
}

/** A binary max-heap of day keys by score, in two parallel arrays. */
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
 * Branch and bound over the choice of foods. Each meal's 2–4-food combinations are sorted by score; days are then
 * visited in exact order of total score (best-first over the four sorted lists). Days are cut before any portion is
 * fitted when bounds show they cannot work: energy at the smallest or largest portions outside the day's window,
 * protein under the energy ceiling short of the floor (a fractional-knapsack bound), or fat unable to reach 20–35 %.
 * The first day whose fitted portions keep every rule with protein met is the best-scoring such day of its pass.
 * Passes (PASSES) add a rising Lagrangian weight on protein, first among days mostly from the chosen cuisine, then
 * among all. If no day meets protein, the valid day with the least shortfall is returned and the caller reports it.
 * Fit and visit budgets are counts, so results do not depend on machine load; the wall-clock limit is only a safety net.
 */
export function searchDay(
  byMeal: Record<(typeof MEAL_SLOTS)[number], readonly Candidate[]>,
  targets: NutrientTargets,
  limits: SearchLimits,
): SearchResult {
  const started = limits.now();
  const target = targets.targetKcal;
  const mealHighKcal = MEAL_SLOTS.map((meal) => (MEAL_SHARES[meal] + MEAL_SHARE_BAND) * target);
  const allCombos = MEAL_SLOTS.map((meal, index) =>
    mealCombos(
      byMeal[meal],
      (MEAL_SHARES[meal] - MEAL_SHARE_BAND) * target,
      mealHighKcal[index] ?? 0,
      MEAL_SHARES[meal] * target,
    ),
  );
  if (allCombos.some((list) => list.length === 0)) return { status: "infeasible", fits: 0 };

  let fits = 0;
  let bestShort: { portions: Portion[]; proteinShortG: number } | undefined;
  let exhausted = true;
  const fitsPerPass = Math.ceil(limits.maxFits / PASSES.length);
  // A day's cuisine margin (its cuisine items less the others) is the sum of its meals'. The best each meal can do, and
  // their sum: at 0 or below no day is mostly from the cuisine, and the passes that ask for it are skipped.
  const cuisineMargin = (combo: Combo) => 2 * combo.cuisineCount - combo.items.length;
  const bestMealMargin = allCombos.map((list) => Math.max(...list.map(cuisineMargin)));
  const bestCuisineMargin = bestMealMargin.reduce((sum, margin) => sum + margin, 0);
  // Each meal's combinations in search order for a pass, best first, with their scores: preference, plus the protein
  // weight times proteinAtShareG, less the fat penalty. A pass that asks for a cuisine majority sees only combinations
  // that some majority day holds (with the other meals at their best margins), so its visits are not spent on days
  // that cannot have one. Passes that share both settings share the sort.
  const sortedByPass = new Map<string, LazySorted[]>();
  const sortedFor = (proteinWeight: number, cuisineMajority: boolean) => {
    const key = `${proteinWeight}:${cuisineMajority}`;
    let sorted = sortedByPass.get(key);
    if (sorted === undefined) {
      sorted = allCombos.map((list, meal) => {
        const othersBest = bestCuisineMargin - (bestMealMargin[meal] ?? 0);
        const accepted = list.filter((combo) => !cuisineMajority || cuisineMargin(combo) + othersBest > 0);
        return new LazySorted(
          accepted,
          accepted.map(
            (combo) =>
              combo.preferenceScore +
              proteinWeight * combo.proteinAtShareG -
              FAT_EXCESS_WEIGHT * combo.fatExcessKcal,
          ),
          COMBOS_PER_MEAL,
        );
      });
      sortedByPass.set(key, sorted);
    }
    return sorted;
  };
  for (const { proteinWeight, cuisineMajority } of PASSES) {
    if (cuisineMajority && bestCuisineMargin <= 0) continue;
    const sorted = sortedFor(proteinWeight, cuisineMajority);
    // Days are keyed by their four list positions packed into one number (each below KEY_BASE), so the heap and the
    // seen-set hold plain numbers rather than arrays and strings.
    const scoreOf = (key: number) => {
      let score = 0;
      for (let meal = 0; meal < 4; meal += 1) {
        const value = sorted[meal]?.at(positionOf(key, meal))?.score;
        if (value === undefined) return undefined;
        score += value;
      }
      return score;
    };
    const heap = new MaxHeap();
    const seen = new Set<number>([0]);
    const firstScore = scoreOf(0);
    // A meal with no combination this pass accepts leaves the pass nothing to visit.
    if (firstScore !== undefined) heap.push(0, firstScore);
    const passLimit = fits + fitsPerPass;
    let visited = 0;
    while (heap.size > 0 && fits < passLimit && visited < VISITS_PER_PASS) {
      visited += 1;
      if (visited % 64 === 1 && limits.now() - started > limits.timeLimitMs) {
        return bestShort ? { status: "found", ...bestShort, fits } : { status: "timeout", fits };
      }
      const key = heap.pop();
      for (let meal = 0; meal < 4; meal += 1) {
        const next = key + KEY_BASE ** meal;
        if (seen.has(next)) continue;
        seen.add(next);
        const score = scoreOf(next);
        if (score !== undefined) heap.push(next, score);
      }
      const combos = [0, 1, 2, 3].map((meal) => sorted[meal]?.at(positionOf(key, meal))?.combo as Combo);
      if (cuisineMajority) {
        const itemCount = combos.reduce((sum, combo) => sum + combo.items.length, 0);
        if (2 * combos.reduce((sum, combo) => sum + combo.cuisineCount, 0) <= itemCount) continue;
      }
      if (
        combos.reduce((sum, combo) => sum + combo.foreignCount, 0) >
        (limits.maxForeignItems ?? Number.POSITIVE_INFINITY)
      )
        continue;
      const minKcal = combos.reduce((sum, combo) => sum + combo.minKcal, 0);
      const maxKcal = combos.reduce((sum, combo) => sum + combo.maxKcal, 0);
      if (minKcal > targets.kcalMax || maxKcal < targets.kcalMin) continue;
      const proteinBoundG = dayProteinBound(combos, minKcal, targets, mealHighKcal);
      // Once a valid day exists, only days that could beat its protein are worth fitting.
      const bestProteinG =
        bestShort === undefined ? -Infinity : targets.proteinMinG - bestShort.proteinShortG;
      if (proteinBoundG < targets.proteinMinG && proteinBoundG <= bestProteinG + 0.5) continue;
      if (!fatCanFit(combos, minKcal, targets)) continue;
      fits += 1;
      const fit = fitPortions(
        combos.flatMap((combo) => combo.items),
        targets,
      );
      if (fit.hardBreach > 1e-6) continue;
      if (fit.proteinShortG <= 1e-6)
        return { status: "found", portions: fit.portions, proteinShortG: 0, fits };
      if (bestShort === undefined || fit.proteinShortG < bestShort.proteinShortG)
        bestShort = { portions: fit.portions, proteinShortG: fit.proteinShortG };
    }
    if (heap.size > 0) exhausted = false;
  }
  if (bestShort !== undefined) return { status: "found", ...bestShort, fits };
  return exhausted ? { status: "infeasible", fits } : { status: "exhausted", fits };
}
