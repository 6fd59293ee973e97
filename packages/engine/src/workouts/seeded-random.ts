/**
 * A tiny deterministic PRNG so a plan is reproducible from its seed (the engine may not call
 * Math.random). mulberry32 by Tommy Ettinger, public domain: 32-bit state, full 2^32 period,
 * passes gjrand's tests at this size; plenty for picking exercises.
 */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Index drawn with probability proportional to its (non-negative) weight; -1 when all are 0. */
  weightedIndex(weights: readonly number[]): number;
  /** Eight lowercase hex digits. */
  hex8(): string;
}

export function createSeededRandom(seed: number): SeededRandom {
  let state = Math.trunc(seed) >>> 0;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => nextUint32() / 4294967296;
  return {
    next,
    weightedIndex(weights) {
      const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
      if (total <= 0) return -1;
      let remaining = next() * total;
      let lastPositive = -1;
      for (let index = 0; index < weights.length; index += 1) {
        const weight = Math.max(0, weights[index] ?? 0);
        if (weight === 0) continue;
        lastPositive = index;
        remaining -= weight;
        if (remaining < 0) return index;
      }
      // Rounding can leave a sliver of `remaining`; it belongs to the last drawable index.
      return lastPositive;
    },
    hex8: () => nextUint32().toString(16).padStart(8, "0"),
  };
}
