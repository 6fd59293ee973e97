import { describe, expect, it } from "vitest";
import type { Weekday, WorkoutItem } from "./exercise.types";
import { coachFindings } from "./workout-oracle.fixture";
import type { WorkoutPlanRequest } from "./workout-planner";

const REQUEST: WorkoutPlanRequest = {
  goal: "Gain Muscle Mass",
  level: "Intermediate",
  days: ["Monday", "Tuesday", "Thursday"],
  workoutType: "Home Workout",
  equipment: ["dumbbells"],
  ageYears: 40,
  seed: 1,
};

function exercise(day: Weekday, name: string, sets: number): WorkoutItem {
  return {
    id: `${day}-${name}`,
    day,
    kind: "exercise",
    exerciseId: name,
    name,
    bodyPart: "",
    videoUrl: "",
    sets,
    reps: "8-12",
  };
}

function rest(day: Weekday): WorkoutItem {
  return {
    id: `${day}-rest`,
    day,
    kind: "rest",
    exerciseId: "rest-day",
    name: "Rest Day",
    bodyPart: "Rest Day",
    videoUrl: "",
    sets: 0,
    reps: "",
  };
}

const RESTS = (["Wednesday", "Friday", "Saturday", "Sunday"] as const).map(rest);

describe("the independent coach's reading of a week", () => {
  it("finds nothing wrong with a push, pull and legs week on the chosen days", () => {
    const week = [
      exercise("Monday", "Dumbbell Bench Press", 4),
      exercise("Monday", "Push-Up", 3),
      exercise("Tuesday", "One-Arm Dumbbell Row", 4),
      exercise("Thursday", "Goblet Squat", 4),
      ...RESTS,
    ];
    expect(coachFindings(REQUEST, week)).toEqual([]);
  });

  it("finds the chest trained two days running, close-grip push-ups included", () => {
    const week = [
      exercise("Monday", "Dumbbell Bench Press", 4),
      exercise("Tuesday", "Push-Ups - Close Triceps Position", 4),
      exercise("Thursday", "Goblet Squat", 4),
      ...RESTS,
    ];
    expect(coachFindings(REQUEST, week)).toEqual(["chest: 4 hard sets on Monday and 4 on Tuesday"]);
  });

  it("finds a gym machine and a kettlebell at home with dumbbells only, and a jump at 70", () => {
    const week = [
      exercise("Monday", "Barbell Bench Press", 4),
      exercise("Tuesday", "Kettlebell Swing", 3),
      exercise("Thursday", "Box Jump", 3),
      ...RESTS,
    ];
    expect(coachFindings({ ...REQUEST, ageYears: 70 }, week)).toEqual([
      "Monday: Barbell Bench Press needs a gym",
      "Tuesday: Kettlebell Swing needs kettlebell",
      "Thursday: Box Jump is high-impact at 70",
    ]);
  });

  it("finds a session on a day the person did not choose and a chosen day left empty", () => {
    const week = [
      exercise("Monday", "Push-Up", 3),
      exercise("Wednesday", "Goblet Squat", 3),
      ...RESTS.slice(1),
    ];
    expect(coachFindings(REQUEST, week)).toEqual([
      "Tuesday: a chosen day without exercises",
      "Wednesday: training on a rest day",
      "Thursday: a chosen day without exercises",
    ]);
  });
});
