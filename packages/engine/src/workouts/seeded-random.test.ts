import { describe, expect, it } from "vitest";
import { createSeededRandom } from "./seeded-random";

describe("createSeededRandom", () => {
  it("repeats its sequence for the same seed and differs for another", () => {
    const draw = (seed: number) => {
      const random = createSeededRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it("stays in [0, 1) and spreads over the range", () => {
    const random = createSeededRandom(7);
    const values = Array.from({ length: 10_000 }, () => random.next());
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it("never draws an index whose weight is zero and follows the weights", () => {
    const random = createSeededRandom(1);
    const counts = [0, 0, 0];
    for (let draw = 0; draw < 6000; draw += 1) {
      const index = random.weightedIndex([1, 0, 3]);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(counts[1]).toBe(0);
    expect((counts[2] ?? 0) / (counts[0] ?? 1)).toBeGreaterThan(2.5);
    expect(random.weightedIndex([0, 0])).toBe(-1);
  });

  it("formats ids as eight hex digits", () => {
    expect(createSeededRandom(3).hex8()).toMatch(/^[0-9a-f]{8}$/);
  });
});
