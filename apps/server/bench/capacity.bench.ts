import { spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { WriteProfileRequest } from "@fitwise/contracts/profile";
import type { MealItemWire, WorkoutItemWire } from "@fitwise/contracts/plans";
import { ACTIVITY_LEVELS } from "@fitwise/engine/nutrition/energy";
import { randomPlanRequest } from "@fitwise/engine/nutrition/meal-profiles";
import { seededUnit } from "@fitwise/engine/nutrition/seeded-hash";

/**
 * bench:capacity — how many distinct people one instance serves. USERS people (default 200), each a
 * new account, go through one first-day session against the real app on loopback (PGlite; PostgreSQL
 * too when DATABASE_URL is set), CONCURRENCY of them at once, arriving 25 ms apart; a bare Fastify
 * route in the same server process is the yardstick. Every call is real HTTP with keep-alive; a
 * refused call (429/503) is retried after its Retry-After, as the web app does, and its latency runs
 * from the first attempt to the answer that counted.
 *
 * The session (the proportions are our assumption of a first day, not measured usage — there is no
 * usage data yet; 1 in 4 people is Pro):
 *   sign up 1 · write the profile 1 · fresh meal day plans: Pro 3 (days 1–3; days 4–7 reuse them),
 *   free 1 (day 1) · fresh workout week 1 · stored meal-plan reads: Pro 4 (days 4–7), free 1 ·
 *   replacements: Pro 2 meal items + 1 exercise, free 1 Breakfast item · logs: 1 weigh-in, 3 meal
 *   items eaten, 2 workout sets · reads: 3 profile reads, 1 progress read.
 *
 * Then each call kind alone, a fixed number of calls at 2 at once, with the server process's CPU time
 * (process.cpuUsage: the main thread, the plan worker and PGlite together) before and after: CPU per
 * call kind. From those, "people per instance per day" under the assumptions in PEOPLE_PER_DAY below.
 * Prints tables and one JSON line. On a shared machine the figures are noisy: the load average is in
 * the JSON line, compare only runs at a similar load.
 * Run: npm run bench:capacity [-- users concurrency]
 */
const USERS = Number(process.argv[2] ?? 200);
const CONCURRENCY = Number(process.argv[3] ?? USERS);
const ARRIVAL_GAP_MS = 25;
/** A call refused more often than this counts as failed (the web app gives up too). */
const MAX_ATTEMPTS = 20;
/** 1 in PRO_EVERY people is Pro. */
const PRO_EVERY = 4;
const here = dirname(fileURLToPath(import.meta.url));

const CALL_KINDS = [
  "signUp",
  "profileWrite",
  "mealPlanFresh",
  "workoutPlanFresh",
  "mealPlanStored",
  "replaceMeal",
  "replaceExercise",
  "logWeight",
  "logMealEaten",
  "logWorkoutSet",
  "profileRead",
  "progressRead",
] as const;
type CallKind = (typeof CALL_KINDS)[number];

/**
 * A returning person's day, in calls, and the share of new people, from which a person-day's CPU is
 * counted. Assumptions, stated: a daily active person opens the app about three times (3 profile reads,
 * 2 meal-plan reads, 1 progress read), ticks 3 meal items, weighs in on 1 day in 2, logs 4 sets on the 3
 * training days of 7, replaces 1 item in 3 days and asks for a fresh plan (reset, goal change, a new
 * week) 1 day in 5; 1 daily active person in 10 is new and runs the bench's whole session instead.
 */
const RETURNING_DAY: Partial<Record<CallKind, number>> = {
  profileRead: 3,
  mealPlanStored: 2,
  progressRead: 1,
  logMealEaten: 3,
  logWeight: 0.5,
  logWorkoutSet: (4 * 3) / 7,
  replaceMeal: 0.33,
  mealPlanFresh: 0.2,
  workoutPlanFresh: 0.05,
};
const PEOPLE_PER_DAY = {
  newShare: 0.1,
  /** The busiest hour carries this share of a day's calls (an evening peak: 2.4× an even spread). */
  peakHourShare: 0.1,
  /** At the peak the instance runs at most this share of what it sustained in the bench (headroom). */
  peakUtilisation: 0.7,
};

interface Answer {
  status: number;
  body: string;
  retryAfterS: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

function send(method: string, url: string, body?: unknown, token?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            retryAfterS: Number(res.headers["retry-after"] ?? 1),
          }),
        );
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface KindRecord {
  latenciesMs: number[];
  refusals: number;
  /** 422s: the engine found no answer (e.g. no other Breakfast food suits a vegan without soy); the person is told so. */
  noAnswer: number;
  failures: number;
  /** When each successful call ended (ms since the run began), for the sustained rate. */
  endedAtMs: number[];
}

class Recorder {
  readonly kinds = new Map<CallKind, KindRecord>();
  readonly startedAt = performance.now();
  readonly failures: string[] = [];

  record(kind: CallKind): KindRecord {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { latenciesMs: [], refusals: 0, noAnswer: 0, failures: 0, endedAtMs: [] };
      this.kinds.set(kind, entry);
    }
    return entry;
  }
}

/** One call as a person makes it: retried after Retry-After while refused; undefined when it failed. */
async function call<T>(
  recorder: Recorder,
  kind: CallKind,
  url: string,
  body: unknown,
  token?: string,
): Promise<T | undefined> {
  const entry = recorder.record(kind);
  const started = performance.now();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const answer = await send("POST", url, body, token);
    if (answer.status === 200) {
      const ended = performance.now();
      entry.latenciesMs.push(ended - started);
      entry.endedAtMs.push(ended - recorder.startedAt);
      return JSON.parse(answer.body) as T;
    }
    if (answer.status === 422) {
      entry.noAnswer += 1;
      return undefined;
    }
    if (answer.status !== 429 && answer.status !== 503) {
      entry.failures += 1;
      if (recorder.failures.length < 10) recorder.failures.push(`${kind} ${answer.status} ${answer.body}`);
      return undefined;
    }
    entry.refusals += 1;
    await sleep(answer.retryAfterS * 1000);
  }
  entry.failures += 1;
  return undefined;
}

const WEEKDAY_SETS = [
  ["Monday", "Wednesday", "Friday"],
  ["Tuesday", "Thursday", "Saturday"],
  ["Monday", "Tuesday", "Thursday", "Friday"],
] as const;

/** Person `seed`: the engine's random plausible adult (meal-profiles.ts), as the onboarding form sends it. */
function profileOf(seed: number): WriteProfileRequest {
  const request = randomPlanRequest(seed);
  const unit = (key: string) => seededUnit(seed, key);
  return {
    user_full_name: `Capacity ${seed}`,
    // The same draws randomPlanRequest makes, so age and height belong to the same person as its weight.
    user_age: Math.round(18 + 57 * unit("age")),
    user_gender: request.gender,
    user_weight_in_kgs: request.weightKg,
    user_height_in_cm: Math.round((request.gender === "male" ? 165 : 152) + 25 * unit("height")),
    user_activity: (
      ACTIVITY_LEVELS[Math.floor(unit("activity") * ACTIVITY_LEVELS.length)] ?? ACTIVITY_LEVELS[0]
    ).factor,
    user_fitness_goal: request.goal,
    user_preferred_workout_days: [...(WEEKDAY_SETS[seed % WEEKDAY_SETS.length] ?? WEEKDAY_SETS[0])],
    user_workout_type: seed % 2 === 0 ? "Home Workout" : "GYM Workout",
    user_experience_level: "Beginner",
    user_diet_preference: request.dietType,
    user_food_preference: request.cuisine,
    user_preferred_protein_sources: [...request.proteinSources],
    user_fav_food: request.favouriteFoodsText,
    user_allergies: request.allergiesText,
  };
}

interface Person {
  seed: number;
  token: string;
  isPro: boolean;
  day1: MealItemWire[];
  week: WorkoutItemWire[];
}

const today = new Date().toISOString().slice(0, 10);

/** The first training day's items after its warm-up (the first item): exercises any person may change. */
function exercises(week: WorkoutItemWire[]): WorkoutItemWire[] {
  const firstDay = week.find((item) => !/\brest\b/i.test(item["Workout Name"]))?.Day;
  return week.filter((item) => item.Day === firstDay).slice(1, -1);
}

async function session(recorder: Recorder, appUrl: string, bareUrl: string, seed: number) {
  const fn = (name: string) => `${appUrl}/functions/v1/${name}`;
  const signedUp = await call<{ access_token: string; user: { id: string } }>(
    recorder,
    "signUp",
    `${appUrl}/auth/v1/signup`,
    { email: `capacity-${seed}-${Date.now()}@example.com`, password: "correct horse battery staple" },
  );
  if (!signedUp) return undefined;
  const token = signedUp.access_token;
  await call(recorder, "profileWrite", fn("write_user_data"), profileOf(seed), token);
  const isPro = seed % PRO_EVERY === 0;
  if (isPro) await send("POST", `${bareUrl}/pro`, { userId: signedUp.user.id });
  const person: Person = { seed, token, isPro, day1: [], week: [] };

  const freshDays = isPro ? [1, 2, 3] : [1];
  for (const day of freshDays) {
    const items = await call<MealItemWire[]>(
      recorder,
      "mealPlanFresh",
      fn("openai_get_meal_plan"),
      { currentDay: day },
      token,
    );
    if (day === 1) person.day1 = items ?? [];
  }
  person.week =
    (await call<WorkoutItemWire[]>(recorder, "workoutPlanFresh", fn("openai_get_workout_plan"), {}, token)) ??
    [];
  for (const day of isPro ? [4, 5, 6, 7] : [1])
    await call(recorder, "mealPlanStored", fn("openai_get_meal_plan"), { currentDay: day }, token);

  const replaceable = person.day1.filter((item) => isPro || item.Meal === "Breakfast");
  for (const item of replaceable.slice(0, isPro ? 2 : 1))
    await call(
      recorder,
      "replaceMeal",
      fn("replace_diet_item"),
      { itemToReplace: { id: item.id }, column_name: "diet_one" },
      token,
    );
  const [exercise] = exercises(person.week);
  if (isPro && exercise)
    await call(
      recorder,
      "replaceExercise",
      fn("replace_workout_item"),
      { workoutToReplace: { id: exercise.id } },
      token,
    );

  await call(
    recorder,
    "logWeight",
    fn("log_weight"),
    { date: today, weight_kg: profileOf(seed).user_weight_in_kgs },
    token,
  );
  // Ticks what the day-1 plan now holds (a replaced item has a new id).
  const stored =
    (await call<MealItemWire[]>(
      recorder,
      "mealPlanStored",
      fn("openai_get_meal_plan"),
      { currentDay: 1 },
      token,
    )) ?? [];
  person.day1 = stored;
  for (const item of stored.slice(0, 3))
    await call(
      recorder,
      "logMealEaten",
      fn("log_meal_eaten"),
      { date: today, item_id: item.id, eaten: true },
      token,
    );
  for (const setNumber of [1, 2])
    await call(
      recorder,
      "logWorkoutSet",
      fn("log_workout_set"),
      {
        date: today,
        exercise_id: "barbell-bench-press",
        set_number: setNumber,
        reps: 10,
        load_kg: 40,
        rir: 2,
      },
      token,
    );
  for (let read = 0; read < 3; read += 1)
    await call(recorder, "profileRead", fn("get_user_data"), { table: "my_users" }, token);
  await call(recorder, "progressRead", fn("get_progress"), { today }, token);
  return person;
}

interface Stats {
  cpu: { user: number; system: number };
  rssBytes: number;
  heapUsedBytes: number;
  peakRssBytes: number;
}

async function stats(bareUrl: string): Promise<Stats> {
  return JSON.parse((await send("GET", `${bareUrl}/stats`)).body) as Stats;
}

const cpuMsBetween = (before: Stats, after: Stats) =>
  (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1000;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 1_048_576);

/** Successful calls per second between the 10th and the 90th percentile of their end times: the steady part of the run. */
function sustainedPerS(endedAtMs: number[]): number {
  if (endedAtMs.length < 10) return 0;
  const sorted = [...endedAtMs].sort((a, b) => a - b);
  const from = percentile(sorted, 0.1);
  const to = percentile(sorted, 0.9);
  const inside = sorted.filter((at) => at >= from && at <= to).length;
  return round(inside / Math.max((to - from) / 1000, 0.001), 2);
}

async function startServer(target: string) {
  const child = spawn(
    process.execPath,
    // --v8-pool-size=2 as `npm start` passes it (docs/decisions/037), so the server is measured as it runs.
    ["--v8-pool-size=2", "--import", "tsx", resolve(here, "capacity-server.ts"), target],
    { stdio: ["pipe", "pipe", "inherit"], env: process.env },
  );
  const lines = createInterface({ input: child.stdout });
  const urls = await new Promise<{ appUrl: string; bareUrl: string }>((done, fail) => {
    lines.once("line", (line) => done(JSON.parse(line) as { appUrl: string; bareUrl: string }));
    child.once("exit", (code) => fail(new Error(`capacity server exited with ${code}`)));
  });
  return {
    ...urls,
    stop: async () => {
      child.stdin.end();
      await new Promise((done) => child.once("exit", done));
    },
  };
}

/** The bare route: autocannon for its rate and latency, the server's CPU over the same run per request. */
async function measureBare(bareUrl: string) {
  const before = await stats(bareUrl);
  const result = await autocannon({ url: `${bareUrl}/bare`, connections: 50, duration: 3 });
  const after = await stats(bareUrl);
  const requests = result["2xx"];
  return {
    reqPerS: Math.round(requests / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerCall: round(cpuMsBetween(before, after) / Math.max(requests, 1), 4),
  };
}

/** Each call kind alone: `count` calls, 2 at a time, spread over the people; the server's CPU per call. */
async function cpuPerKind(appUrl: string, bareUrl: string, people: Person[]) {
  const fn = (name: string) => `${appUrl}/functions/v1/${name}`;
  const pro = people.filter((person) => person.isPro);
  let signUps = 0;
  const plans: Record<
    CallKind,
    { count: number; make: (index: number) => [string, unknown, string | undefined] }
  > = {
    signUp: {
      count: 20,
      make: () => [
        `${appUrl}/auth/v1/signup`,
        {
          email: `capacity-cpu-${signUps++}-${Date.now()}@example.com`,
          password: "correct horse battery staple",
        },
        undefined,
      ],
    },
    profileWrite: {
      count: 40,
      make: (i) => pick(people, i, (p) => [fn("write_user_data"), profileOf(p.seed), p.token]),
    },
    mealPlanFresh: {
      count: 30,
      make: (i) =>
        pick(pro, i, (p) => [
          fn("openai_get_meal_plan"),
          { currentDay: 1 + (i % 3), buttonPress: true },
          p.token,
        ]),
    },
    workoutPlanFresh: {
      count: 30,
      make: (i) => pick(pro, i, (p) => [fn("openai_get_workout_plan"), { buttonPress: true }, p.token]),
    },
    mealPlanStored: {
      count: 100,
      make: (i) => pick(people, i, (p) => [fn("openai_get_meal_plan"), { currentDay: 1 }, p.token]),
    },
    // A distinct (person, item) pair per call: a replaced item leaves the plan, so its id is not asked for again.
    replaceMeal: {
      count: 30,
      make: (i) =>
        pick(pro, i, (p) => [
          fn("replace_diet_item"),
          {
            itemToReplace: { id: p.day1[Math.floor(i / pro.length)]?.id ?? "none" },
            column_name: "diet_one",
          },
          p.token,
        ]),
    },
    replaceExercise: {
      count: 30,
      make: (i) =>
        pick(pro, i, (p) => [
          fn("replace_workout_item"),
          { workoutToReplace: { id: exercises(p.week)[Math.floor(i / pro.length)]?.id ?? "none" } },
          p.token,
        ]),
    },
    logWeight: {
      count: 60,
      make: (i) =>
        pick(people, i, (p) => [fn("log_weight"), { date: today, weight_kg: 70 + (i % 10) / 10 }, p.token]),
    },
    logMealEaten: {
      count: 60,
      make: (i) =>
        pick(people, i, (p) => [
          fn("log_meal_eaten"),
          { date: today, item_id: p.day1[0]?.id ?? "none", eaten: i % 2 === 0 },
          p.token,
        ]),
    },
    logWorkoutSet: {
      count: 60,
      make: (i) =>
        pick(people, i, (p) => [
          fn("log_workout_set"),
          {
            date: today,
            exercise_id: "barbell-bench-press",
            set_number: 1 + (i % 5),
            reps: 10,
            load_kg: 40,
            rir: 2,
          },
          p.token,
        ]),
    },
    profileRead: {
      count: 200,
      make: (i) => pick(people, i, (p) => [fn("get_user_data"), { table: "my_users" }, p.token]),
    },
    progressRead: {
      count: 60,
      make: (i) => pick(people, i, (p) => [fn("get_progress"), { today }, p.token]),
    },
  };
  // Fresh plans change the items' ids, so the replacements come last, after each Pro person's plans are read again.
  const order: CallKind[] = [
    ...CALL_KINDS.filter((kind) => !kind.startsWith("replace")),
    "replaceMeal",
    "replaceExercise",
  ];
  const out: Partial<Record<CallKind, { calls: number; failed: number; cpuMsPerCall: number }>> = {};
  for (const kind of order) {
    if (kind === "replaceMeal") await reread(appUrl, pro);
    const plan = plans[kind];
    const recorder = new Recorder();
    // Some of each kind first, unmeasured, so no figure pays for cold code.
    for (let i = 0; i < 2; i += 1) {
      const [url, body, token] = plan.make(plan.count + i);
      await call(recorder, kind, url, body, token);
    }
    const warm = new Recorder();
    const before = await stats(bareUrl);
    let next = 0;
    const lane = async () => {
      while (next < plan.count) {
        const [url, body, token] = plan.make(next++);
        await call(warm, kind, url, body, token);
      }
    };
    await Promise.all([lane(), lane()]);
    const after = await stats(bareUrl);
    const record = warm.record(kind);
    out[kind] = {
      calls: record.latenciesMs.length,
      failed: record.failures,
      cpuMsPerCall: round(cpuMsBetween(before, after) / Math.max(record.latenciesMs.length, 1), 3),
    };
    if (warm.failures.length > 0) console.error(`cpu ${kind}:`, warm.failures.slice(0, 3));
  }
  return out as Record<CallKind, { calls: number; failed: number; cpuMsPerCall: number }>;
}

/** Each person's current day-1 meals and week, read again (not measured). */
async function reread(appUrl: string, people: Person[]) {
  const fn = (name: string) => `${appUrl}/functions/v1/${name}`;
  for (const person of people) {
    person.day1 = JSON.parse(
      (await send("POST", fn("openai_get_meal_plan"), { currentDay: 1 }, person.token)).body,
    ) as MealItemWire[];
    person.week = JSON.parse(
      (await send("POST", fn("openai_get_workout_plan"), {}, person.token)).body,
    ) as WorkoutItemWire[];
  }
}

function pick<T>(people: Person[], index: number, make: (person: Person) => T): T {
  const person = people[index % people.length];
  if (!person) throw new Error("no people to call as");
  return make(person);
}

async function measureTarget(target: string) {
  const server = await startServer(target);
  try {
    const { appUrl, bareUrl } = server;
    const bare = await measureBare(bareUrl);
    const recorder = new Recorder();
    const before = await stats(bareUrl);
    const people: Person[] = [];
    let nextSeed = 0;
    const runner = async (lane: number) => {
      await sleep(lane * ARRIVAL_GAP_MS);
      while (nextSeed < USERS) {
        const person = await session(recorder, appUrl, bareUrl, nextSeed++);
        if (person) people.push(person);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, USERS) }, (_, lane) => runner(lane)));
    const after = await stats(bareUrl);
    const wallS = (performance.now() - recorder.startedAt) / 1000;
    if (recorder.failures.length > 0) console.error(`${target} failures:`, recorder.failures);

    const calls: Record<string, unknown> = {};
    let total = 0;
    for (const kind of CALL_KINDS) {
      const record = recorder.record(kind);
      total += record.latenciesMs.length;
      calls[kind] = {
        calls: record.latenciesMs.length,
        p50Ms: round(percentile(record.latenciesMs, 0.5)),
        p99Ms: round(percentile(record.latenciesMs, 0.99)),
        refusals: record.refusals,
        noAnswer: record.noAnswer,
        failed: record.failures,
      };
    }
    const serverCpuMs = cpuMsBetween(before, after);
    const mixReqPerS = round(total / wallS, 1);
    const cpu = await cpuPerKind(appUrl, bareUrl, people);
    const afterAll = await stats(bareUrl);
    return {
      sessions: people.length,
      wallS: round(wallS),
      freshPlansSustainedPerS: sustainedPerS(recorder.record("mealPlanFresh").endedAtMs),
      freshPlansOverallPerS: round(recorder.record("mealPlanFresh").latenciesMs.length / wallS, 2),
      sessionsPerMinute: round((people.length / wallS) * 60, 1),
      mixReqPerS,
      bare,
      ratioToBare: {
        mixReqPerS: round(mixReqPerS / Math.max(bare.reqPerS, 1), 4),
        cpuPerCall: Object.fromEntries(
          CALL_KINDS.map((kind) => [
            kind,
            round(cpu[kind].cpuMsPerCall / Math.max(bare.cpuMsPerCall, 0.0001), 0),
          ]),
        ),
      },
      /** Server CPU (all threads) over the mix, per wall second: 1000 = one core busy. */
      mixServerCpuMsPerS: round(serverCpuMs / wallS, 0),
      calls,
      cpu,
      memory: {
        rssMbAfterMix: mb(after.rssBytes),
        heapUsedMbAfterMix: mb(after.heapUsedBytes),
        peakRssMb: mb(afterAll.peakRssBytes),
      },
    };
  } finally {
    await server.stop();
  }
}

/**
 * One instance is one Node process. Its event loop is one thread and its plan pool one worker
 * (decision 020), so one core's worth of CPU (1,000 CPU-ms a second) is what we count it to have, on
 * 2 vCPUs. On PostgreSQL the database's own CPU is in another process and not in these figures.
 */
const INSTANCE_CPU_MS_PER_S = 1000;

/**
 * People per instance per day from the CPU per call kind: a person-day's CPU (PEOPLE_PER_DAY's mix of
 * new and returning people; a new person's day is the bench session as it ran), the busiest hour's share
 * of the day, and the instance's CPU, of which the peak may use peakUtilisation. Fresh plans are bounded
 * separately by what the plan worker's core can solve (1,000 ms over a fresh plan's CPU).
 */
function peoplePerDay(measured: Awaited<ReturnType<typeof measureTarget>>) {
  const firstDay: Partial<Record<CallKind, number>> = {};
  for (const kind of CALL_KINDS) {
    const record = measured.calls[kind] as { calls: number };
    firstDay[kind] = record.calls / Math.max(measured.sessions, 1);
  }
  const cpuOf = (day: Partial<Record<CallKind, number>>) =>
    CALL_KINDS.reduce((sum, kind) => sum + (day[kind] ?? 0) * measured.cpu[kind].cpuMsPerCall, 0);
  const { newShare, peakHourShare, peakUtilisation } = PEOPLE_PER_DAY;
  const personDayCpuMs = newShare * cpuOf(firstDay) + (1 - newShare) * cpuOf(RETURNING_DAY);
  const personDayFreshPlans =
    newShare * (firstDay.mealPlanFresh ?? 0) + (1 - newShare) * (RETURNING_DAY.mealPlanFresh ?? 0);
  const peakHourS = 3600 * peakUtilisation;
  const freshPlanCapacityPerS =
    INSTANCE_CPU_MS_PER_S / Math.max(measured.cpu.mealPlanFresh.cpuMsPerCall, 0.001);
  const byCpu = (INSTANCE_CPU_MS_PER_S * peakHourS) / (personDayCpuMs * peakHourShare);
  const byFreshPlans = (freshPlanCapacityPerS * peakHourS) / (personDayFreshPlans * peakHourShare);
  // The same bound with the fresh-plan rate this run sustained: a floor, as low as the machine's load made it.
  const byMeasuredFreshPlans =
    (measured.freshPlansSustainedPerS * peakHourS) / (personDayFreshPlans * peakHourShare);
  return {
    personDayCpuMs: round(personDayCpuMs, 1),
    personDayFreshPlans: round(personDayFreshPlans, 2),
    freshPlanCapacityPerS: round(freshPlanCapacityPerS, 1),
    byCpu: Math.round(byCpu),
    byFreshPlans: Math.round(byFreshPlans),
    byMeasuredFreshPlans: Math.round(byMeasuredFreshPlans),
    peoplePerInstancePerDay: Math.round(Math.min(byCpu, byFreshPlans)),
  };
}

const targets = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const out: Record<string, unknown> = {
  users: USERS,
  concurrency: CONCURRENCY,
  proShare: 1 / PRO_EVERY,
  assumptions: { returningDay: RETURNING_DAY, ...PEOPLE_PER_DAY },
  loadAverageAtStart: round(loadavg()[0] ?? 0, 2),
};
for (const target of targets) {
  const measured = await measureTarget(target);
  const people = peoplePerDay(measured);
  out[target] = { ...measured, ...people };
  console.log(`\n${target}: ${measured.sessions} sessions in ${measured.wallS} s`);
  console.table(measured.calls);
  console.table(measured.cpu);
  console.log(JSON.stringify({ bare: measured.bare, memory: measured.memory, ...people }));
}
out.loadAverageAtEnd = round(loadavg()[0] ?? 0, 2);
agent.destroy();
console.log(JSON.stringify({ bench: "capacity", ...out }));
