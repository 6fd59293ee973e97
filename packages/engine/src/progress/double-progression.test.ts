import { describe, expect, it } from "vitest";
import { nextLoadKg, parseRepRange, suggestNextStep, type LoggedSet } from "./double-progression";

const sets = (reps: number[], loadKg: number, rir = 1): LoggedSet[] =>
  reps.map((count, index) => ({ setNumber: index + 1, reps: count, loadKg, rir }));

describe("parseRepRange", () => {
  it("reads ranges and single counts, not timed work", () => {
    expect(parseRepRange("8-12")).toEqual({ min: 8, max: 12 });
    expect(parseRepRange("12–15")).toEqual({ min: 12, max: 15 });
    expect(parseRepRange("10")).toEqual({ min: 10, max: 10 });
    expect(parseRepRange("30 sec")).toBeUndefined();
    expect(parseRepRange("12-8")).toBeUndefined();
  });
});

describe("suggestNextStep (double progression)", () => {
  it("adds 2.5 kg to a barbell lift when every set reaches the top with a rep in reserve", () => {
    expect(
      suggestNextStep({ sets: sets([12, 12, 12], 60), reps: "8-12", equipment: ["barbell", "bench"] }),
    ).toEqual({
      kind: "increase_load",
      loadKg: 62.5,
      reps: { min: 8, max: 12 },
    });
  });

  it("keeps the load while any set falls short of the top or was taken to failure", () => {
    expect(
      suggestNextStep({ sets: sets([12, 12, 10], 60), reps: "8-12", equipment: ["barbell"] })?.kind,
    ).toBe("same_load");
    expect(
      suggestNextStep({ sets: sets([12, 12, 12], 60, 0), reps: "8-12", equipment: ["barbell"] })?.kind,
    ).toBe("same_load");
  });

  it("takes the next dumbbell and the next kettlebell", () => {
    expect(nextLoadKg(["dumbbells"], 8)).toBe(9);
    expect(nextLoadKg(["dumbbells"], 10)).toBe(12.5);
    expect(nextLoadKg(["dumbbells"], 30)).toBe(32.5);
    expect(nextLoadKg(["kettlebell"], 16)).toBe(20);
    expect(nextLoadKg(["machine"], 40)).toBe(45);
  });

  it("asks for more reps when there is no external load", () => {
    expect(
      suggestNextStep({ sets: sets([15, 15], 0, 2), reps: "12-15", equipment: ["body weight"] }),
    ).toEqual({
      kind: "more_reps",
      loadKg: 0,
      targetReps: 16,
    });
  });

  it("judges the working sets (the heaviest load), not warm-up sets", () => {
    const logged = [
      ...sets([12], 40),
      ...sets([12, 12], 60).map((set) => ({ ...set, setNumber: set.setNumber + 1 })),
    ];
    expect(suggestNextStep({ sets: logged, reps: "8-12", equipment: ["barbell"] })?.kind).toBe(
      "increase_load",
    );
  });

  it("has nothing to say about timed work or an empty log", () => {
    expect(
      suggestNextStep({ sets: sets([1], 0), reps: "30 sec", equipment: ["body weight"] }),
    ).toBeUndefined();
    expect(suggestNextStep({ sets: [], reps: "8-12", equipment: ["barbell"] })).toBeUndefined();
  });
});
