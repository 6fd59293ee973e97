import { FITNESS_GOALS } from "../profile.types";
import { describe, expect, it } from "vitest";
import { EXPERIENCE_LEVELS, WEEKDAYS, type Weekday } from "./exercise.types";
import {
  MAX_SETS_PER_EXERCISE,
  MIN_SETS_PER_EXERCISE,
  VOLUME_BANDS,
  weeklySetTarget,
} from "./training-prescription";
import { DAY_TEMPLATES, placeSplit, recoveryGroupOf, type DayFocus } from "./training-splits";
import { weekdaySubsets } from "./weekday-subsets";

const index = (days: readonly Weekday[]): number[] => days.map((day) => WEEKDAYS.indexOf(day));

describe("placeSplit", () => {
  it.each([
    [["Monday", "Wednesday", "Friday"], "Full Body", ["Full Body", "Full Body", "Full Body"]],
    [["Monday", "Tuesday", "Thursday", "Friday"], "Upper/Lower", ["Upper", "Lower", "Upper", "Lower"]],
    [
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      "Upper/Lower",
      ["Upper", "Lower", "Upper", "Lower", "Upper"],
    ],
    [
      ["Monday", "Tuesday", "Thursday", "Friday", "Saturday"],
      "Upper/Lower",
      ["Upper", "Lower", "Upper", "Lower", "Upper"],
    ],
    [
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Saturday"],
      "Upper/Lower + Full Body",
      ["Upper", "Lower", "Upper", "Lower", "Full Body"],
    ],
    [
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      "Push/Pull/Legs",
      ["Push", "Pull", "Legs", "Push", "Pull", "Legs"],
    ],
  ] as const)("places %j as %s", (days, name, foci) => {
    expect(placeSplit(index(days))).toEqual({ name, days: foci });
  });

  it.each([0, 1, 2, 7])("has no split for %i days", (count) => {
    expect(placeSplit(Array.from({ length: count }, (_, day) => day))).toBeUndefined();
  });

  it("never gives consecutive calendar days (Sunday → Monday too) a shared major group, for every 3–6-day set", () => {
    const groupsOf = (focus: DayFocus): string[] =>
      DAY_TEMPLATES[focus].flatMap((slot) =>
        slot.parts.filter((part) => recoveryGroupOf(part) !== undefined),
      );
    const clashes: string[] = [];
    for (const days of weekdaySubsets(3, 6)) {
      const split = placeSplit(index(days));
      if (split === undefined) {
        clashes.push(`${days.join()}: no split`);
        continue;
      }
      for (const [position, day] of days.entries()) {
        const next = WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7] as Weekday;
        const nextPosition = days.indexOf(next);
        if (nextPosition < 0) continue;
        const today = groupsOf(split.days[position] ?? "Full Body");
        const tomorrow = groupsOf(split.days[nextPosition] ?? "Full Body");
        const shared = today.filter((group) => tomorrow.includes(group));
        if (shared.length > 0)
          clashes.push(`${days.join()} as ${split.days.join()}: ${shared.join()} on ${day} and ${next}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("trains every major group twice a week, three days in a row as full body round an arms-and-core day", () => {
    const short: string[] = [];
    for (const days of weekdaySubsets(3, 6)) {
      const split = placeSplit(index(days));
      for (const group of ["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes"]) {
        const count = (split?.days ?? []).filter((focus) =>
          DAY_TEMPLATES[focus].some((slot) => slot.parts.some((part) => part === group)),
        ).length;
        if (count < 2) short.push(`${days.join()}: ${group} ${count}×`);
      }
    }
    expect(short).toEqual([]);
    expect(placeSplit([0, 1, 2])?.days).toEqual(["Full Body", "Arms & Core", "Full Body"]);
  });

  it("lists compound slots before isolation slots in every day template", () => {
    for (const slots of Object.values(DAY_TEMPLATES)) {
      const firstIsolation = slots.findIndex((slot) => slot.mechanic === "isolation");
      expect(slots.slice(firstIsolation).every((slot) => slot.mechanic === "isolation")).toBe(true);
    }
  });
});

describe("volume bands", () => {
  it("rise with experience, sit lower for fat loss and follow the stated bands", () => {
    expect(VOLUME_BANDS).toEqual({
      "Gain Muscle Mass": {
        Beginner: { min: 6, max: 12 },
        Intermediate: { min: 9, max: 18 },
        Advanced: { min: 12, max: 22 },
      },
      "Lose Weight": {
        Beginner: { min: 5, max: 12 },
        Intermediate: { min: 7, max: 16 },
        Advanced: { min: 9, max: 18 },
      },
    });
  });

  it("aim inside each band and allow more sets per exercise as the level rises", () => {
    for (const goal of FITNESS_GOALS) {
      for (const level of EXPERIENCE_LEVELS) {
        expect(weeklySetTarget(goal, level)).toBeGreaterThanOrEqual(VOLUME_BANDS[goal][level].min);
        expect(weeklySetTarget(goal, level)).toBeLessThanOrEqual(VOLUME_BANDS[goal][level].max);
        expect(MAX_SETS_PER_EXERCISE[level]).toBeGreaterThanOrEqual(MIN_SETS_PER_EXERCISE);
      }
    }
    expect(MAX_SETS_PER_EXERCISE.Beginner).toBeLessThan(MAX_SETS_PER_EXERCISE.Intermediate);
    expect(MAX_SETS_PER_EXERCISE.Intermediate).toBeLessThan(MAX_SETS_PER_EXERCISE.Advanced);
  });
});
