import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import {
  ImportWorkoutHistoryResponseSchema,
  type ImportWorkoutHistoryResponse,
} from "@fitwise/contracts/workout-import";
import { WorkoutHistoryResponseSchema } from "@fitwise/contracts/progress";
import { describeWithDatabases, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, errorOf } from "../../test/plan-journey.fixture";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describeWithDatabases("import_workout_history (docs/decisions/067)", ({ app, signUp }) => {
  const importFile = async (
    user: SignedUp,
    body: Record<string, unknown>,
  ): Promise<ImportWorkoutHistoryResponse> =>
    ImportWorkoutHistoryResponseSchema.parse(
      await callOk(app(), "import_workout_history", body, user.accessToken),
    );

  const historyOf = async (user: SignedUp) =>
    WorkoutHistoryResponseSchema.parse(await callOk(app(), "get_workout_history", {}, user.accessToken))
      .exercises;

  it("previews a Strong export without writing, imports it, and imports nothing the second time", async () => {
    const user = await signUp();
    const csv_text = fixture("strong-export.csv");
    const preview = await importFile(user, { csv_text, dry_run: true });
    expect(preview).toMatchObject({
      format: "strong",
      sets_new: 7,
      sets_already_logged: 0,
      first_date: "2025-03-03",
      last_date: "2025-03-05",
      rir_defaulted: true,
      skipped_count: 6,
      imported: 0,
      unmatched: [{ file_name: "Zercher Squat (Barbell)", sets: 1 }],
    });
    expect(preview.exercises.map((entry) => [entry.exercise_name, entry.sets])).toEqual([
      ["Barbell Bench Press", 2],
      ["Barbell Squat", 2],
      ["Dumbbell Lunges", 1],
      ["Standing Military Press", 1],
      ["Triceps Pushdown", 1],
    ]);
    expect(preview.skipped.find((row) => row.line === 12)?.reason).toBe(
      'no exercise of ours matches "Zercher Squat (Barbell)".',
    );
    expect(await historyOf(user)).toEqual([]);

    const done = await importFile(user, { csv_text, dry_run: false });
    expect(done.imported).toBe(7);
    const bench = (await historyOf(user)).find((entry) => entry.exercise_id === "barbell-bench-press");
    // RPE 8 and 9 become 2 and 1 reps in reserve.
    expect(bench?.sessions).toEqual([
      {
        date: "2025-03-03",
        sets: [
          { set_number: 1, reps: 8, load_kg: 80, rir: 2 },
          { set_number: 2, reps: 7, load_kg: 80, rir: 1 },
        ],
      },
    ]);

    const again = await importFile(user, { csv_text, dry_run: false });
    expect(again).toMatchObject({ imported: 0, sets_new: 0, sets_already_logged: 7 });
  });

  it("keeps a set the person logged in Fitwise over the file's set with the same number", async () => {
    const user = await signUp();
    await callOk(
      app(),
      "log_workout_set",
      { date: "2019-01-11", exercise_id: "barbell-deadlift", set_number: 1, reps: 3, load_kg: 120, rir: 1 },
      user.accessToken,
    );
    const done = await importFile(user, { csv_text: fixture("strong-export-semicolon.csv"), dry_run: false });
    expect(done).toMatchObject({ imported: 3, sets_already_logged: 1 });
    expect(done.exercises.find((entry) => entry.exercise_id === "barbell-deadlift")?.already_logged).toBe(1);
    const deadlift = (await historyOf(user)).find((entry) => entry.exercise_id === "barbell-deadlift");
    expect(deadlift?.sessions[0]?.sets.map((set) => [set.set_number, set.reps, set.load_kg])).toEqual([
      [1, 3, 120],
      [2, 4, 102.5],
      [3, 6, 102.06],
    ]);
  });

  it("imports a Hevy export in pounds and leaves out a set dated in the future", async () => {
    const user = await signUp();
    const done = await importFile(user, { csv_text: fixture("hevy-export.csv"), dry_run: false });
    expect(done).toMatchObject({ format: "hevy", imported: 5, last_date: "2025-07-26" });
    expect(done.skipped.find((row) => row.line === 10)?.reason).toBe("2099-12-31 is in the future.");
    const pulldown = (await historyOf(user)).find(
      (entry) => entry.exercise_name === "Wide-Grip Lat Pulldown",
    );
    expect(pulldown?.sessions[0]?.sets).toEqual([
      { set_number: 1, reps: 10, load_kg: 54.43, rir: 2 },
      { set_number: 2, reps: 9, load_kg: 54.43, rir: 0 },
    ]);
  });

  it("refuses a file that is neither app's export, and an empty one, with a message", async () => {
    const user = await signUp();
    const wrong = await callFunction(
      app(),
      "import_workout_history",
      { csv_text: "date,weight_kg\n2025-01-01,80\n" },
      user.accessToken,
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).code).toBe("unknown_workout_file");
    expect(errorOf(wrong).message).toMatch(/not a Strong or Hevy export/);
    const empty = await callFunction(app(), "import_workout_history", { csv_text: "" }, user.accessToken);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).issues).toEqual([
      expect.objectContaining({ path: "csv_text", message: "The file is empty." }),
    ]);
    const anonymous = await callFunction(app(), "import_workout_history", { csv_text: "x" });
    expect(anonymous.statusCode).toBe(401);
  });
});
