import type { MealPlanner, MealPlanOutcome, MealPlanRequest } from "@fitwise/engine/nutrition/meal-planner";
import type { TrainerDeps, TrainerOutcome } from "@fitwise/engine/trainer/trainer-actions";
import { PlanningBusyError, type PlanPool } from "../plans/plan-pool";

/** Meal solves one message may need: seven days, each with the brain's retries, and some margin. */
const MAX_SOLVES_PER_TURN = 30;

/** Thrown by the recording planner when the brain needs a solve it has not been given yet. */
class NeedsSolve extends Error {
  constructor(
    readonly key: string,
    readonly request: MealPlanRequest,
  ) {
    super("meal solve needed");
  }
}

/**
 * The brain is pure and synchronous, but solves belong in the plan workers (they would block the event loop
 * for seconds). So the brain runs against a planner that knows only the solves made so far; when it asks
 * for a new one, that solve runs in the pool and the brain starts again. The brain is deterministic for
 * its inputs, so each run repeats the last and gets one solve further; the rest of a run takes milliseconds.
 */
export async function runWithPool(
  pool: PlanPool,
  run: (deps: TrainerDeps) => TrainerOutcome,
  seed: number,
): Promise<TrainerOutcome> {
  const solved = new Map<string, MealPlanOutcome>();
  const planner: MealPlanner = {
    plan(request) {
      const key = JSON.stringify(request);
      const known = solved.get(key);
      if (known !== undefined) return known;
      throw new NeedsSolve(key, request);
    },
  };
  for (let solves = 0; solves <= MAX_SOLVES_PER_TURN; solves += 1) {
    try {
      return run({ mealPlanner: planner, seed });
    } catch (error) {
      if (!(error instanceof NeedsSolve)) throw error;
      solved.set(error.key, await solveInPool(pool, error.request));
    }
  }
  throw new Error(`the trainer needed more than ${MAX_SOLVES_PER_TURN} meal solves for one message`);
}

/** A busy pool reads to the brain as the engine's own time-out, which it retries once and then explains. */
async function solveInPool(pool: PlanPool, request: MealPlanRequest): Promise<MealPlanOutcome> {
  try {
    return await pool.run({ kind: "meal-plan", request });
  } catch (error) {
    if (!(error instanceof PlanningBusyError)) throw error;
    return {
      ok: false,
      error: {
        code: "PLAN_TIMEOUT",
        message: "Meal planning is busy right now. Please try again in a minute.",
      },
    };
  }
}
