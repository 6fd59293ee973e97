import { describe, expect, it } from "vitest";
import { exerciseIdOf } from "./exercise-library";
import type { WorkoutItem, WorkoutItemKind } from "./exercise.types";
import { bookendGuide, effortGuide, itemGuide, restSeconds, sessionMinutes } from "./prescription-guide";
import { planWorkoutWeek } from "./workout-planner";

const KIND_OF_BODY_PART: Record<string, WorkoutItemKind> = {
  Warmup: "warmup",
  Cooldown: "cooldown",
  "Rest Day": "rest",
};
const item = (name: string, bodyPart: string, sets: number, reps: string): WorkoutItem => ({
  id: name,
  day: "Monday",
  kind: KIND_OF_BODY_PART[bodyPart] ?? "exercise",
  exerciseId: exerciseIdOf(name),
  name,
  bodyPart: bodyPart,
  videoUrl: "",
  sets: sets,
  reps: reps,
});

describe("prescription guide", () => {
  it("shows warm-up and cool-down as minutes and a description, not 1 set of 1 rep", () => {
    const warmup = itemGuide(
      item("Lower Body Dynamic Warm-Up", "Warmup", 1, "1"),
      "Gain Muscle Mass",
      "Beginner",
    );
    expect(warmup).toEqual({
      kind: "bookend",
      minutes: 8,
      description: expect.stringContaining("Leg swings"),
    });
    const cooldown = itemGuide(
      item("Full Body Stretching Cool-Down", "Cooldown", 1, "1"),
      "Lose Weight",
      "Advanced",
    );
    expect(cooldown.kind === "bookend" && cooldown.minutes).toBe(5);
  });

  it("rests longer for heavy compound lifts than for isolation and fat-loss work, and 1:1 for intervals", () => {
    const squat = item("Barbell Squat", "Quads", 4, "5-8");
    expect(restSeconds(squat, "Gain Muscle Mass", "Advanced")).toBe(150);
    expect(restSeconds(squat, "Gain Muscle Mass", "Intermediate")).toBe(120);
    expect(restSeconds(item("Goblet Squat", "Quads", 3, "8-12"), "Gain Muscle Mass", "Intermediate")).toBe(
      90,
    );
    expect(restSeconds(item("Freehand Jump Squat", "Quads", 3, "3-6"), "Lose Weight", "Intermediate")).toBe(
      180,
    );
    expect(restSeconds(item("Leg Extensions", "Quads", 3, "8-12"), "Gain Muscle Mass", "Advanced")).toBe(60);
    expect(restSeconds(squat, "Lose Weight", "Advanced")).toBe(60);
    expect(restSeconds(item("Jumping Jacks", "Cardio", 4, "30 sec"), "Lose Weight", "Intermediate")).toBe(30);
    const guide = itemGuide(squat, "Gain Muscle Mass", "Advanced");
    expect(guide.kind === "exercise" && guide.restText).toBe("2.5 min");
  });

  it("estimates a training day between 30 and 100 minutes for every level", () => {
    for (const level of ["Beginner", "Intermediate", "Advanced"] as const) {
      const outcome = planWorkoutWeek({
        goal: "Gain Muscle Mass",
        level,
        days: ["Monday", "Wednesday", "Friday"],
        workoutType: "GYM Workout",
        seed: 1,
      });
      if (!outcome.ok) throw new Error(outcome.error.message);
      const monday = outcome.plan.items.filter((entry) => entry.day === "Monday");
      const minutes = sessionMinutes(monday, "Gain Muscle Mass", level);
      expect(minutes % 5).toBe(0);
      expect(minutes).toBeGreaterThanOrEqual(30);
      expect(minutes).toBeLessThanOrEqual(100);
    }
  });

  it("gives an effort guide by level in reps in reserve, and no maximal-lift advice under 18", () => {
    expect(effortGuide("Beginner", 30)).toMatch(/RIR 3/);
    expect(effortGuide("Intermediate", 30)).toMatch(/RIR 1–2/);
    expect(effortGuide("Advanced", 30)).toMatch(/0–2 reps in reserve/);
    const teen = effortGuide("Advanced", 16);
    expect(teen).toMatch(/RIR 2–3/);
    expect(teen).toMatch(/don't test how much you can lift for one rep/);
    expect(teen).not.toMatch(/failure/);
  });

  it("reads a warm-up as minutes without a goal or level (shared plan pages), and nothing else as one", () => {
    expect(bookendGuide(item("Lower Body Dynamic Warm-Up", "Warmup", 1, "1"))).toMatchObject({
      kind: "bookend",
      minutes: 8,
    });
    expect(bookendGuide(item("Full Body Stretching Cool-Down", "Cooldown", 1, "1"))?.minutes).toBe(5);
    expect(bookendGuide(item("Push-Up", "Chest", 3, "10-12"))).toBeUndefined();
  });
});
