import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { matchExercise } from "./workout-import.names";
import { parseWorkoutFile } from "./workout-import.parser";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseWorkoutFile", () => {
  it("reads Strong's comma layout: work sets kept, warm-ups, timer rows, timed sets and bad values left out", () => {
    const file = parseWorkoutFile(fixture("strong-export.csv"), "kg");
    expect(file?.format).toBe("strong");
    expect(
      file?.sets.map((set) => [set.line, set.date, set.exerciseName, set.reps, set.loadKg, set.rpe]),
    ).toEqual([
      [3, "2025-03-03", "Bench Press (Barbell)", 8, 80, 8],
      [4, "2025-03-03", "Bench Press (Barbell)", 7, 80, 9],
      [5, "2025-03-03", "Overhead Press (Barbell)", 10, 45, null],
      [6, "2025-03-03", "Triceps Pushdown (Cable - Straight Bar)", 12, 30, null],
      [8, "2025-03-05", "Squat (Barbell)", 5, 100, 8.5],
      [9, "2025-03-05", "Squat (Barbell)", 5, 100, null],
      [10, "2025-03-05", "Lunge (Dumbbell)", 10, 20, null],
      [12, "2025-03-05", "Zercher Squat (Barbell)", 8, 60, null],
    ]);
    expect(file?.skipped).toEqual([
      { line: 2, reason: "a warm-up set; only work sets are logged." },
      { line: 7, reason: "a rest timer, not a set." },
      { line: 11, reason: "no reps: a timed or distance set, and the logger counts reps." },
      { line: 13, reason: "900 kg is more than the 500 kg the logger holds." },
      { line: 14, reason: '"yesterday" is not a date (like 2024-01-31 18:02 or 31 Jan 2024, 18:02).' },
    ]);
  });

  it("reads the same weights as pounds when the person's Strong was set to pounds", () => {
    const file = parseWorkoutFile(fixture("strong-export.csv"), "lb");
    expect(file?.sets[0]?.loadKg).toBe(36.29);
    expect(file?.sets.find((set) => set.line === 13)?.loadKg).toBe(408.23);
  });

  it("reads Strong's older semicolon layout with a unit per row and decimal commas", () => {
    const file = parseWorkoutFile(fixture("strong-export-semicolon.csv"), "kg");
    expect(file?.format).toBe("strong");
    expect(file?.sets.map((set) => [set.exerciseName, set.loadKg, set.reps, set.rpe])).toEqual([
      ["Deadlift (Barbell)", 100, 5, null],
      ["Deadlift (Barbell)", 102.5, 4, null],
      ["Deadlift (Barbell)", 102.06, 6, 7],
      ["Romanian Deadlift (Dumbbell)", 30, 10, null],
    ]);
  });

  it("reads Hevy's layout in pounds with written dates, leaving out warm-ups, cardio and assisted sets", () => {
    const file = parseWorkoutFile(fixture("hevy-export.csv"), "kg");
    expect(file?.format).toBe("hevy");
    expect(file?.sets.map((set) => [set.line, set.date, set.exerciseName, set.loadKg, set.reps])).toEqual([
      [3, "2025-07-26", "Lat Pulldown (Cable)", 54.43, 10],
      [4, "2025-07-26", "Lat Pulldown (Cable)", 54.43, 9],
      [5, "2025-07-26", "Pull Up", 0, 8],
      [6, "2025-07-26", "Seated Cable Row - V Grip (Cable)", 45.36, 12],
      [7, "2025-07-26", "Bicep Curl (Dumbbell)", 11.34, 12],
      [10, "2099-12-31", "Pull Up", 0, 8],
    ]);
    expect(file?.skipped.map((row) => row.line)).toEqual([2, 8, 9]);
  });

  it("knows neither app's header", () => {
    expect(parseWorkoutFile("date,weight_kg\n2025-01-01,80\n", "kg")).toBeNull();
    expect(parseWorkoutFile("", "kg")).toBeNull();
  });
});

describe("matchExercise", () => {
  it("finds our exercise for both apps' common names, and none for a movement we do not hold", () => {
    const names: Record<string, string> = {
      "Bench Press (Barbell)": "Barbell Bench Press",
      "Squat (Barbell)": "Barbell Squat",
      "Deadlift (Barbell)": "Barbell Deadlift",
      "Overhead Press (Barbell)": "Standing Military Press",
      "Bent Over Row (Barbell)": "Bent Over Barbell Row",
      "Lat Pulldown (Cable)": "Wide-Grip Lat Pulldown",
      "Pull Up": "Pullups",
      "Chin Up": "Chin-Up",
      "Bicep Curl (Dumbbell)": "Dumbbell Bicep Curl",
      "Hammer Curl (Dumbbell)": "Hammer Curls",
      "Leg Extension (Machine)": "Leg Extensions",
      "Lying Leg Curl (Machine)": "Lying Leg Curls",
      "Lunge (Dumbbell)": "Dumbbell Lunges",
      "Romanian Deadlift (Dumbbell)": "Dumbbell Romanian Deadlift",
      "Romanian Deadlift (Barbell)": "Romanian Deadlift",
      "Hip Thrust (Barbell)": "Barbell Hip Thrust",
      "Seated Cable Row - V Grip (Cable)": "Seated Cable Rows",
      "Triceps Pushdown (Cable - Straight Bar)": "Triceps Pushdown",
      "Incline Bench Press (Dumbbell)": "Incline Dumbbell Press",
      "Push Up": "Push-Up",
      "Leg Press": "Leg Press",
      "Face Pull (Cable)": "Face Pull",
    };
    for (const [fileName, ours] of Object.entries(names))
      expect(matchExercise(fileName)?.name, fileName).toBe(ours);
    expect(matchExercise("Zercher Squat (Barbell)")).toBeUndefined();
    expect(matchExercise("Treadmill")).toBeUndefined();
  });
});
