import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FITNESS_GOALS } from "../profile.types";
import { findExerciseById, findExerciseByName } from "./exercise-library";
import { EXPERIENCE_LEVELS, WEEKDAYS, WORKOUT_TYPES, type Weekday } from "./exercise.types";
import { auditWorkoutPlan } from "./plan-audit";
import { BANDED_MUSCLES, VOLUME_BANDS, isHeavyCompound, strengthReps } from "./training-prescription";
import { planWorkoutWeek, type WorkoutPlanRequest } from "./workout-planner";
import { weekdaySubsets } from "./weekday-subsets";

const DAY_SETS = weekdaySubsets(3, 6);
const COMBINATIONS = FITNESS_GOALS.flatMap((goal) =>
  EXPERIENCE_LEVELS.flatMap((level) =>
    WORKOUT_TYPES.flatMap((workoutType) => DAY_SETS.map((days) => ({ goal, level, workoutType, days }))),
  ),
);

function plan(request: WorkoutPlanRequest) {
  const outcome = planWorkoutWeek(request);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.plan;
}

describe("planWorkoutWeek over every goal × level × day set × workout type", () => {
  it("covers 98 day sets and 1176 combinations", () => {
    expect(DAY_SETS.length).toBe(35 + 35 + 21 + 7);
    expect(COMBINATIONS.length).toBe(2 * 3 * 2 * 98);
  });

  it("keeps every rule for each combination with random seeds", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const violations = COMBINATIONS.flatMap((combination) => {
          const request = { ...combination, seed };
          return auditWorkoutPlan(request, plan(request)).map(
            (violation) => `${JSON.stringify(request)}: ${violation}`,
          );
        });
        expect(violations).toEqual([]);
      }),
      { seed: 12, numRuns: 5 },
    );
  });

  it(
    "plans exactly the chosen days, rests the others, and keeps level, equipment and band without the audit",
    { timeout: 120_000 },
    () => {
      const home = new Set(["body weight", "dumbbells", "resistance band", "kettlebell", "pull-up bar"]);
      const problems: string[] = [];
      for (const combination of COMBINATIONS) {
        const label = JSON.stringify(combination);
        const result = plan({ ...combination, seed: 2024 });
        const trainedDays = [
          ...new Set(result.items.filter((item) => item.name !== "Rest Day").map((item) => item.day)),
        ];
        if (trainedDays.join() !== combination.days.join())
          problems.push(`${label}: trained ${trainedDays.join()}`);
        const restDays = result.items.filter((item) => item.name === "Rest Day").length;
        if (restDays !== 7 - combination.days.length) problems.push(`${label}: ${restDays} rest days`);
        const order = result.items.map((item) => WEEKDAYS.indexOf(item.day));
        if (order.some((value, index) => index > 0 && value < (order[index - 1] ?? 0)))
          problems.push(`${label}: days out of order`);
        for (const item of result.items) {
          if (item.name === "Rest Day") continue;
          const exercise = findExerciseById(item.exerciseId);
          if (exercise === undefined) {
            problems.push(`${label}: unknown ${item.name}`);
            continue;
          }
          if (EXPERIENCE_LEVELS.indexOf(exercise.level) > EXPERIENCE_LEVELS.indexOf(combination.level))
            problems.push(`${label}: ${exercise.name} above level`);
          if (
            combination.workoutType === "Home Workout" &&
            !exercise.equipment.every((equipment) => home.has(equipment))
          ) {
            problems.push(`${label}: ${exercise.name} needs gym equipment`);
          }
        }
        for (const muscle of BANDED_MUSCLES) {
          const sets = result.weeklyHardSets[muscle];
          const band = VOLUME_BANDS[combination.goal][combination.level];
          if (sets > band.max) problems.push(`${label}: ${muscle} ${sets} sets`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe("exercise choice a coach would sign", () => {
  const isStaple = (name: string): boolean => {
    const exercise = findExerciseByName(name);
    return (
      exercise !== undefined &&
      exercise.mechanic === "compound" &&
      (exercise.equipment.includes("barbell") || exercise.equipment.includes("dumbbells")) &&
      !exercise.unstable &&
      !exercise.highImpact &&
      [
        "horizontal press",
        "vertical press",
        "horizontal pull",
        "vertical pull",
        "squat",
        "hinge",
        "hip extension",
      ].includes(exercise.pattern)
    );
  };
  const strengthDays = (items: readonly { day: string; bodyPart: string; name: string }[]) =>
    WEEKDAYS.map((day) =>
      items.filter((item) => item.day === day && !["Warmup", "Cooldown", "Rest Day"].includes(item.bodyPart)),
    ).filter((day) => day.length > 0);

  it.each(EXPERIENCE_LEVELS)(
    "leads every %s gym muscle-gain day with a loadable staple, before any skill or plyometric move",
    (level) => {
      const problems: string[] = [];
      let barbell = 0;
      let exercises = 0;
      for (const [index, days] of DAY_SETS.entries()) {
        const week = plan({
          goal: "Gain Muscle Mass",
          level,
          workoutType: "GYM Workout",
          days,
          seed: index,
        });
        // An arms-and-core day has no staple to lead with.
        const armsDays = new Set(
          week.sessions.filter((session) => session.focus === "Arms & Core").map((session) => session.day),
        );
        for (const day of strengthDays(week.items)) {
          if (armsDays.has(day[0]?.day as Weekday)) continue;
          const names = day.map((item) => item.name);
          if (!isStaple(names[0] ?? ""))
            problems.push(`${days.join()}: ${day[0]?.day} starts with ${names[0]}`);
          const lastStaple = names.map(isStaple).lastIndexOf(true);
          const firstSkill = names.findIndex((name) => {
            const exercise = findExerciseByName(name);
            return (
              exercise !== undefined &&
              (exercise.highImpact ||
                (exercise.unstable && exercise.equipment.every((piece) => piece === "body weight")))
            );
          });
          if (firstSkill >= 0 && firstSkill < lastStaple)
            problems.push(`${days.join()}: ${names[firstSkill]} before a staple`);
          exercises += names.length;
          barbell += names.filter((name) => findExerciseByName(name)?.equipment.includes("barbell")).length;
        }
      }
      expect(problems).toEqual([]);
      if (level !== "Beginner") expect(barbell / exercises).toBeGreaterThan(0.25);
    },
  );

  it("gives beginners simple, stable movements at home and in the gym", () => {
    let unstable = 0;
    let exercises = 0;
    for (const workoutType of WORKOUT_TYPES) {
      for (const [index, days] of DAY_SETS.entries()) {
        for (const item of plan({ goal: "Lose Weight", level: "Beginner", workoutType, days, seed: index })
          .items) {
          const exercise = findExerciseById(item.exerciseId);
          if (exercise === undefined || ["Warmup", "Cooldown"].includes(exercise.bodyPart)) continue;
          exercises += 1;
          if (exercise.unstable || exercise.highImpact) unstable += 1;
        }
      }
    }
    expect(unstable / exercises).toBeLessThan(0.05);
  });
});

describe("planWorkoutWeek", () => {
  const request: WorkoutPlanRequest = {
    goal: "Gain Muscle Mass",
    level: "Beginner",
    days: ["Monday", "Wednesday", "Friday"],
    workoutType: "GYM Workout",
    seed: 5,
  };

  it("is deterministic for a seed and varies between seeds", () => {
    expect(plan(request)).toEqual(plan(request));
    const names = (seed: number) =>
      plan({ ...request, seed })
        .items.map((item) => item.name)
        .join("|");
    const distinct = new Set([1, 2, 3, 4, 5, 6].map(names));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it("does not depend on the order the days are given in", () => {
    const shuffled = plan({ ...request, days: ["Friday", "Monday", "Wednesday"] });
    expect(shuffled).toEqual(plan(request));
  });

  it("wraps each training day in a warm-up and cool-down and names the split", () => {
    const result = plan(request);
    expect(result.split).toBe("Full Body");
    const monday = result.items.filter((item) => item.day === "Monday");
    expect(monday[0]).toMatchObject({ bodyPart: "Warmup", sets: 1, reps: "1" });
    expect(monday.at(-1)).toMatchObject({
      bodyPart: "Cooldown",
      sets: 1,
      reps: "1",
    });
    expect(result.items.find((item) => item.day === "Tuesday")).toMatchObject({
      day: "Tuesday",
      name: "Rest Day",
      bodyPart: "Rest Day",
      videoUrl: "",
      sets: 0,
      reps: "0",
    });
    expect(monday[1]?.videoUrl).toBe(
      `https://www.youtube.com/results?search_query=${encodeURIComponent(`${monday[1]?.name} proper form`)}`,
    );
  });

  it("prescribes 8–12 reps for muscle gain (5–8 on heavy lifts) and 12–15 plus a conditioning finisher for fat loss", () => {
    const heavy = (name: string): boolean => {
      const exercise = findExerciseByName(name);
      return exercise !== undefined && isHeavyCompound(exercise);
    };
    const gain = plan({ ...request, level: "Intermediate", workoutType: "GYM Workout" })
      .items.filter((item) => item.day === "Monday")
      .slice(1, -1);
    expect(gain.some((item) => heavy(item.name))).toBe(true);
    for (const item of gain) expect(item.reps).toBe(heavy(item.name) ? "5-8" : "8-12");
    const lose = plan({ ...request, goal: "Lose Weight" })
      .items.filter((item) => item.day === "Monday")
      .slice(1, -1);
    expect(lose.slice(0, -1).every((item) => item.reps === (heavy(item.name) ? "6-10" : "12-15"))).toBe(true);
    expect(["Cardio", "Full Body"]).toContain(lose.at(-1)?.bodyPart);
  });

  it("prescribes power moves as 3–6 reps, wherever they land", () => {
    const jump = findExerciseByName("Freehand Jump Squat");
    const squat = findExerciseByName("Barbell Squat");
    if (jump === undefined || squat === undefined) throw new Error("library entries missing");
    for (const goal of ["Lose Weight", "Gain Muscle Mass"] as const) {
      expect(strengthReps(jump, goal, "Advanced")).toBe("3-6");
      expect(strengthReps(squat, goal, "Beginner")).toBe("8-10");
    }
    expect(strengthReps(squat, "Gain Muscle Mass", "Advanced")).toBe("5-8");
  });

  it("gives three days in a row full-body sessions round an arms-and-core day, each session within its cap", () => {
    const week = plan({ ...request, days: ["Monday", "Tuesday", "Wednesday"], level: "Intermediate" });
    expect(week.sessions.map((session) => session.focus)).toEqual(["Full Body", "Arms & Core", "Full Body"]);
    for (const session of week.sessions) {
      expect(session.hardSets).toBeLessThanOrEqual(24);
      expect(session.estimatedMinutes).toBeGreaterThan(20);
      expect(session.estimatedMinutes).toBeLessThanOrEqual(90);
    }
    for (const muscle of ["Quads", "Hamstrings", "Glutes", "Chest", "Back"] as const)
      expect(week.weeklyHardSets[muscle]).toBeGreaterThanOrEqual(8);
  });

  it("gives beginners fewer sets per week than advanced lifters", () => {
    const total = (level: WorkoutPlanRequest["level"]) =>
      Object.values(plan({ ...request, level }).weeklyHardSets).reduce((sum, sets) => sum + sets, 0);
    expect(total("Beginner")).toBeLessThan(total("Intermediate"));
    expect(total("Intermediate")).toBeLessThan(total("Advanced"));
  });

  it.each<[string, Weekday[], string]>([
    ["too few days", ["Monday", "Tuesday"], "invalid_day_count"],
    ["too many days", [...WEEKDAYS], "invalid_day_count"],
    ["no days", [], "invalid_day_count"],
    ["a repeated day", ["Monday", "Monday", "Tuesday"], "duplicate_days"],
    ["an unknown day", ["Monday", "Tuesday", "Funday" as Weekday], "invalid_days"],
  ])("refuses %s with a clear error", (_label, days, code) => {
    const outcome = planWorkoutWeek({ ...request, days });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.message.length).toBeGreaterThan(20);
    }
  });

  it("names the repeated day and the day count in its messages", () => {
    const repeated = planWorkoutWeek({ ...request, days: ["Monday", "Friday", "Friday"] });
    expect(repeated.ok ? "" : repeated.error.message).toContain("Friday");
    const few = planWorkoutWeek({ ...request, days: ["Monday"] });
    expect(few.ok ? "" : few.error.message).toBe(
      "Please select at least 3 days and at most 6 days for your workout (you chose 1).",
    );
  });

  it("refuses an unknown goal, level, workout type or seed", () => {
    const codes = [
      planWorkoutWeek({ ...request, goal: "Get Strong" as never }),
      planWorkoutWeek({ ...request, level: "Expert" as never }),
      planWorkoutWeek({ ...request, workoutType: "Park Workout" as never }),
      planWorkoutWeek({ ...request, seed: Number.NaN }),
    ].map((outcome) => (outcome.ok ? "ok" : outcome.error.code));
    expect(codes).toEqual(["invalid_goal", "invalid_level", "invalid_workout_type", "invalid_seed"]);
  });
});
