import { describe, expect, it } from "vitest";
import { EXPERIENCE_LEVELS } from "./exercise.types";
import {
  MAJOR_MUSCLE_GROUPS,
  MAX_SETS_PER_EXERCISE,
  MIN_SETS_PER_EXERCISE,
  VOLUME_BANDS,
  weeklySetTarget,
} from "./training-prescription";
import { DAY_TEMPLATES, chooseSplit } from "./training-splits";

describe("chooseSplit", () => {
  it.each([
    [3, "Full Body", ["Full Body", "Full Body", "Full Body"]],
    [4, "Upper/Lower", ["Upper", "Lower", "Upper", "Lower"]],
    [5, "Upper/Lower + Full Body", ["Upper", "Lower", "Full Body", "Upper", "Lower"]],
    [6, "Push/Pull/Legs", ["Push", "Pull", "Legs", "Push", "Pull", "Legs"]],
  ])("plans %i days as %s", (count, name, days) => {
    expect(chooseSplit(count)).toEqual({ name, days });
  });

  it.each([0, 1, 2, 7])("has no split for %i days", (count) => {
    expect(chooseSplit(count)).toBeUndefined();
  });

  it.each([3, 4, 5, 6])("puts every major group on at least two days of the %i-day split", (count) => {
    const split = chooseSplit(count);
    for (const level of EXPERIENCE_LEVELS) {
      for (const [group, parts] of Object.entries(MAJOR_MUSCLE_GROUPS)) {
        const days = (split?.days ?? []).filter((focus) =>
          DAY_TEMPLATES[focus].some(
            (slot) =>
              slot.parts.some((part) => parts.includes(part)) &&
              (slot.minLevel === undefined ||
                EXPERIENCE_LEVELS.indexOf(slot.minLevel) <= EXPERIENCE_LEVELS.indexOf(level)),
          ),
        );
        expect(days.length, `${group} at ${level}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("lists compound slots before isolation slots in every day template", () => {
    for (const slots of Object.values(DAY_TEMPLATES)) {
      const firstIsolation = slots.findIndex((slot) => slot.mechanic === "isolation");
      expect(slots.slice(firstIsolation).every((slot) => slot.mechanic === "isolation")).toBe(true);
    }
  });
});

describe("volume bands", () => {
  it("rise with experience and follow the stated bands", () => {
    expect(VOLUME_BANDS).toEqual({
      Beginner: { min: 6, max: 10 },
      Intermediate: { min: 10, max: 16 },
      Advanced: { min: 12, max: 20 },
    });
  });

  it("aim inside each band and allow more sets per exercise as the level rises", () => {
    for (const level of EXPERIENCE_LEVELS) {
      expect(weeklySetTarget(level)).toBeGreaterThanOrEqual(VOLUME_BANDS[level].min);
      expect(weeklySetTarget(level)).toBeLessThanOrEqual(VOLUME_BANDS[level].max);
      expect(MAX_SETS_PER_EXERCISE[level]).toBeGreaterThanOrEqual(MIN_SETS_PER_EXERCISE);
    }
    expect(MAX_SETS_PER_EXERCISE.Beginner).toBeLessThan(MAX_SETS_PER_EXERCISE.Intermediate);
    expect(MAX_SETS_PER_EXERCISE.Intermediate).toBeLessThan(MAX_SETS_PER_EXERCISE.Advanced);
  });
});
