import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptedOffer, parseIntent, parseIntents, type Intent } from "./intent-parser";
import { DAY_1, fixtureState } from "./trainer.fixture";

const state = fixtureState();
const parse = (message: string): Intent => parseIntent(message, state);
const idOf = (foodId: string): string => DAY_1.find((item) => item.foodId === foodId)?.id ?? "missing";
const firstExercise = state.workoutPlan.find((item) => item.bodyPart === "Chest");

describe("parseIntent: plan changes", () => {
  it.each([
    "swap the oatmeal",
    "Swap the OATMEAL!",
    "can you replace the oatmeal?",
    "something else instead of the oatmeal",
    "I don't want the oatmeal today",
  ])("replaces a named meal item: %s", (message) => {
    expect(parse(message)).toMatchObject({
      kind: "replace-meal",
      day: 1,
      itemIds: [idOf("us-oatmeal-peanut-butter-banana")],
    });
  });

  it.each([
    "replace my lunch",
    "Replace my lunch.",
    "REPLACE MY LUNCH please",
    "give me a different lunch",
    "swap lunch today",
  ])("replaces a whole meal: %s", (message) => {
    const lunchIds = DAY_1.filter((item) => item.slot === "Lunch").map((item) => item.id);
    expect(parse(message)).toEqual({
      kind: "replace-meal",
      day: 1,
      query: "Lunch",
      slot: "Lunch",
      itemIds: lunchIds,
    });
  });

  it("finds one item within a named meal", () => {
    expect(parse("swap the rice at dinner")).toMatchObject({
      kind: "replace-meal",
      day: 1,
      itemIds: [idOf("white-rice-cooked")],
    });
  });

  it("acts on a swap asked as a question, since the item is named", () => {
    expect(parse("What can I swap the oatmeal for?")).toMatchObject({
      kind: "replace-meal",
      itemIds: [idOf("us-oatmeal-peanut-butter-banana")],
    });
  });

  it("finds a named item on the day the message names", () => {
    expect(parse("swap the lentils on day 2")).toMatchObject({
      kind: "replace-meal",
      day: 2,
      itemIds: ["d2-lunch-lentils-boiled"],
    });
  });

  it.each([
    ["new meals for today", 1],
    ["Regenerate day 2", 2],
    ["regenerate Day Two!", 2],
    ["reset day 3 meal plan", 3],
    ["Can I get a new meal plan for tomorrow?", 2],
    ["new meals for Sunday", 7],
  ])("regenerates a day's meals: %s", (message, day) => {
    expect(parse(message)).toEqual({ kind: "regenerate-meals", day });
  });

  it.each([
    ["I'm allergic to peanuts", "peanuts", "allergy"],
    ["i am allergic to shellfish and sesame.", "shellfish and sesame", "allergy"],
    ["I have a gluten intolerance", "gluten", "allergy"],
    ["I'm lactose intolerant", "lactose", "allergy"],
    ["I don't like mushrooms", "mushrooms", "dislike"],
    ["I HATE olives!!", "olives", "dislike"],
    ["not a fan of broccoli", "broccoli", "dislike"],
    ["I only eat halal", "halal", "allergy"],
    ["we keep kosher at home", "kosher", "allergy"],
    ["I'm pescatarian now", "pescatarian", "allergy"],
  ])("adds an allergy or dislike: %s", (message, foodsText, severity) => {
    expect(parse(message)).toEqual({ kind: "add-avoidance", foodsText, severity });
  });

  it.each([
    [
      "allergic to peanuts and I hate onions",
      [
        ["peanuts", "allergy"],
        ["onions", "dislike"],
      ],
    ],
    [
      "I hate salmon but I'm allergic to shrimp",
      [
        ["salmon", "dislike"],
        ["shrimp", "allergy"],
      ],
    ],
    [
      "eggs, no dairy, I hate mushrooms",
      [
        ["eggs, no dairy", "allergy"],
        ["mushrooms", "dislike"],
      ],
    ],
    [
      "I'm allergic to tree nuts; also SOY, change my plan",
      [
        ["tree nuts", "allergy"],
        ["SOY", "allergy"],
      ],
    ],
  ])("keeps every avoidance of a message that states several: %s", (message, expected) => {
    expect(parseIntents(message, state)).toEqual(
      expected.map(([foodsText, severity]) => ({ kind: "add-avoidance", foodsText, severity })),
    );
  });

  it("does not read a bare list of foods as an avoidance", () => {
    expect(parseIntents("eggs, no dairy", state)).not.toContainEqual(
      expect.objectContaining({ kind: "add-avoidance" }),
    );
  });

  it("does not take a question about a rule for a new rule", () => {
    expect(parse("is the chicken halal?")).not.toMatchObject({ kind: "add-avoidance" });
  });

  it.each([
    ["make it Italian", "Italian"],
    ["Switch to Mexican food please", "Mexican"],
    ["I'd like Japanese meals", "Japanese"],
    ["change cuisine to middle eastern", "Middle Eastern"],
  ])("changes cuisine: %s", (message, cuisine) => {
    expect(parse(message)).toEqual({ kind: "change-cuisine", cuisine });
  });

  it("does not read liking vegan food as going vegan", () => {
    expect(parse("I like vegan food")).not.toMatchObject({ kind: "change-diet" });
  });

  it("does not read a food named after a country as a cuisine change", () => {
    expect(parse("I love greek yogurt")).not.toMatchObject({ kind: "change-cuisine" });
  });

  it.each([
    ["I went vegan", "vegan"],
    ["I'm vegetarian now", "vegetarian"],
    ["make my diet vegan", "vegan"],
    ["I eat meat again", "standard"],
    ["I'm no longer vegetarian", "standard"],
  ])("changes diet type: %s", (message, dietType) => {
    expect(parse(message)).toEqual({ kind: "change-diet", dietType });
  });

  it("replaces a named exercise from the plan, every day it appears", () => {
    const name = firstExercise?.name ?? "missing";
    const ids = state.workoutPlan.filter((item) => item.name === name).map((item) => item.id);
    for (const message of [
      `swap ${name}`,
      `Replace the ${name.toUpperCase()}!`,
      `I don't like ${name.toLowerCase()}`,
    ]) {
      expect(parse(message)).toEqual({ kind: "replace-exercise", query: name, itemIds: ids });
    }
  });

  it("limits an exercise swap to the weekday named", () => {
    const item = firstExercise;
    expect(parse(`swap the ${item?.name ?? ""} on ${item?.day ?? ""}`)).toEqual({
      kind: "replace-exercise",
      query: item?.name,
      day: item?.day,
      itemIds: [item?.id],
    });
  });

  it("recognises a library exercise that is not in the plan", () => {
    expect(parse("swap the barbell hip thrust")).toEqual({
      kind: "replace-exercise",
      query: "Barbell Hip Thrust",
      itemIds: [],
    });
  });

  it.each([
    ["move Monday's workout to Tuesday", "Monday", "Tuesday"],
    ["Move my workout from Friday to Sunday", "Friday", "Sunday"],
    ["can you shift wednesday's session to thursday?", "Wednesday", "Thursday"],
    ["I'd rather train on Sunday instead of Saturday", "Saturday", "Sunday"],
  ])("moves a workout: %s", (message, from, to) => {
    expect(parse(message)).toEqual({ kind: "move-workout", from, to });
  });

  it.each([
    ["make Friday a rest day", "Friday"],
    ["I can't train on Monday", "Monday"],
    ["Skip Saturday.", "Saturday"],
    ["I want Wednesday off", "Wednesday"],
  ])("makes a rest day: %s", (message, day) => {
    expect(parse(message)).toEqual({ kind: "rest-day", day });
  });

  it.each(["new workout plan", "Regenerate my workouts", "reset my workout plan please"])(
    "regenerates workouts: %s",
    (message) => {
      expect(parse(message)).toEqual({ kind: "regenerate-workouts" });
    },
  );

  it.each([
    ["I want to build muscle now", "Gain Muscle Mass"],
    ["I want to bulk!", "Gain Muscle Mass"],
    ["help me lose weight", "Lose Weight"],
    ["I'd like to lose fat instead", "Lose Weight"],
  ])("changes goal: %s", (message, goal) => {
    expect(parse(message)).toEqual({ kind: "change-goal", goal });
  });

  it.each([
    ["I'm advanced", "Advanced"],
    ["I'm an intermediate lifter now", "Intermediate"],
    ["change my level to beginner", "Beginner"],
  ])("changes experience level: %s", (message, level) => {
    expect(parse(message)).toEqual({ kind: "change-level", level });
  });
});

describe("parseIntent: questions", () => {
  it.each([
    ["how many calories today?", "calories", false],
    ["Calories?", "calories", false],
    ["how much protein do I have today", "protein", false],
    ["What are my macros?", "macros", false],
    ["how much protein should I eat?", "protein", true],
  ])("asks about the day's numbers: %s", (message, topic, advice) => {
    expect(parse(message)).toEqual({ kind: "ask-nutrition", day: 1, topic, advice });
  });

  it.each([
    ["how do I do a deadlift?", "barbell-deadlift"],
    ["How to do a goblet squat", "goblet-squat"],
    ["form tips for the bench press", "barbell-bench-press"],
    ["explain romanian deadlift", "romanian-deadlift"],
  ])("explains an exercise: %s", (message, exerciseId) => {
    expect(parse(message)).toMatchObject({ kind: "explain-exercise", exerciseId });
  });

  it("admits an exercise it does not know rather than matching something else", () => {
    expect(parse("how do I do a triple backflip?")).toEqual({
      kind: "explain-exercise",
      query: "triple backflip",
    });
  });

  it.each([
    ["how much water should I drink?", "hydration"],
    ["Am I drinking enough?", "hydration"],
    ["How much sleep do I need?", "sleep"],
    ["I'm new to the gym, where do I start?", "beginner"],
    ["any tips for a beginner?", "beginner"],
    ["I'm so sore after yesterday", "recovery"],
    ["how do I warm up?", "warm-up"],
  ])("answers from the beginner guide: %s", (message, topic) => {
    expect(parse(message)).toEqual({ kind: "guide", topic });
  });

  it.each(["what's my workout today?", "Which days do I train?"])(
    "asks about the workout plan: %s",
    (message) => {
      expect(parse(message).kind).toBe("ask-workout");
    },
  );

  it.each([
    ["thanks!", "thanks"],
    ["Thank you so much", "thanks"],
    ["hi", "greeting"],
    ["Hello Alex!", "greeting"],
    ["Good morning", "greeting"],
  ])("greets and thanks: %s", (message, kind) => {
    expect(parse(message).kind).toBe(kind);
  });
});

describe("parseIntent: red flags come before anything else", () => {
  it.each([
    ["I have chest pain, swap push-ups", "heart"],
    ["my heart is racing when I run", "heart"],
    ["I fainted during my workout", "fainting"],
    ["I feel dizzy and lightheaded", "fainting"],
    ["I've been purging after meals", "eating-disorder"],
    ["I'm starving myself to lose weight, lower my calories", "eating-disorder"],
    ["I make myself throw up after eating", "eating-disorder"],
    ["I'm pregnant, make it vegan", "pregnancy"],
    ["I'm breastfeeding", "pregnancy"],
    ["I want to kill myself", "self-harm"],
  ])("%s", (message, flag) => {
    expect(parse(message)).toEqual({ kind: "red-flag", flag });
  });

  it.each(["I'm starving, what can I eat?", "my knees cave in on squats", "swap the Greek yogurt"])(
    "does not flag ordinary fitness talk: %s",
    (message) => {
      expect(parse(message).kind).not.toBe("red-flag");
    },
  );
});

describe("parseIntent: what it does not understand", () => {
  it.each([
    ["what's the weather like", { kind: "unknown", about: { topic: "off-topic" } }],
    ["asdf qwerty", { kind: "unknown", about: { topic: "gibberish" } }],
    ["", { kind: "unknown", about: { topic: "gibberish" } }],
    ["   ", { kind: "unknown", about: { topic: "gibberish" } }],
    ["?!", { kind: "unknown", about: { topic: "gibberish" } }],
    ["should I go vegan?", { kind: "unknown" }],
    ["tell me a joke", { kind: "unknown", about: { topic: "off-topic" } }],
    ["regenerate day 9", { kind: "unknown" }],
    ["can I eat pizza?", { kind: "unknown", about: { topic: "food", food: "pizza" } }],
  ] as const)("%j is unknown, and what it is about", (message, intent) => {
    expect(parse(message)).toEqual(intent);
  });

  it("reports a swap of something that is in neither plan", () => {
    expect(parse("swap the pizza")).toEqual({ kind: "not-found", query: "pizza", day: 1 });
  });

  it("never throws, whatever the text", () => {
    const words = [
      "swap",
      "the",
      "my",
      "lunch",
      "monday",
      "to",
      "day",
      "2",
      "vegan",
      "allergic",
      "rest",
      "move",
      "?",
      "how",
      "do",
      "i",
      "italian",
      "protein",
      "push-ups",
      "'s",
      "!",
      "🏋️",
      "\n",
    ];
    const sentence = fc.array(fc.constantFrom(...words), { maxLength: 30 }).map((parts) => parts.join(" "));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.string({ maxLength: 300 }), sentence),
        (message) => {
          expect(typeof parse(message).kind).toBe("string");
        },
      ),
      { seed: 12, numRuns: 1000 },
    );
  }, 60_000);

  it("reads only the start of a very long message, which bounds the work on pasted text", () => {
    const head = "I went vegan ";
    const long = `${head}${"and so on ".repeat(5000)}but make it Italian`;
    expect(parse(long)).toEqual({ kind: "change-diet", dietType: "vegan" });
    expect(parse(`${"x".repeat(1000)} make it Italian`)).toEqual({
      kind: "unknown",
      about: { topic: "gibberish" },
    });
  });
});

describe("parseIntents: what people type", () => {
  const parseAll = (message: string): Intent[] => parseIntents(message, state);

  it.each([
    ["swap the otameal", "us-oatmeal-peanut-butter-banana"],
    ["swap the samlon", "salmon-baked"],
    ["swap the pollo", "chicken-breast-grilled"],
    ["replace the champignons", "mushrooms-sauteed"],
    ["something different instead of the fish", "salmon-baked"],
    ["can I get rid of the porridge", "us-oatmeal-peanut-butter-banana"],
    ["remove the oatmeal from my plan", "us-oatmeal-peanut-butter-banana"],
  ])("finds a plan item through typos, other languages and other words: %s", (message, foodId) => {
    expect(parse(message)).toMatchObject({ kind: "replace-meal", day: 1, itemIds: [idOf(foodId)] });
  });

  it("asks which one when two items are named alike, with a button per item that names it outright", () => {
    const intent = parse("swap the rice");
    expect(intent).toMatchObject({ kind: "clarify" });
    if (intent.kind !== "clarify") return;
    expect(intent.choices.map((choice) => choice.label)).toEqual([
      "Brown rice, cooked (Lunch)",
      "White rice, cooked (Dinner)",
    ]);
    expect(intent.choices.map((choice) => parse(choice.message))).toEqual([
      expect.objectContaining({ kind: "replace-meal", itemIds: [idOf("brown-rice-cooked")] }),
      expect.objectContaining({ kind: "replace-meal", itemIds: [idOf("white-rice-cooked")] }),
    ]);
  });

  it("asks which exercise when several in the plan share a word, and each button swaps one", () => {
    const intent = parse("remove squats from my plan");
    expect(intent).toMatchObject({ kind: "clarify" });
    if (intent.kind !== "clarify") return;
    expect(intent.choices.length).toBeGreaterThanOrEqual(2);
    for (const choice of intent.choices)
      expect(parse(choice.message)).toMatchObject({ kind: "replace-exercise" });
  });

  it("keeps what the message excludes out of a whole-meal swap", () => {
    expect(parse("swap lunch but not the chicken")).toEqual({
      kind: "replace-meal",
      day: 1,
      query: "Lunch",
      itemIds: [idOf("brown-rice-cooked")],
    });
    expect(parse("not the salmon, swap the mushrooms")).toMatchObject({
      itemIds: [idOf("mushrooms-sauteed")],
    });
  });

  it("swaps every exercise for a muscle group, on the day named", () => {
    const wednesdayLegs = state.workoutPlan
      .filter(
        (item) =>
          item.day === "Wednesday" && ["Quads", "Hamstrings", "Glutes", "Calves"].includes(item.bodyPart),
      )
      .map((item) => item.id);
    expect(parse("swap my leg exercises on wednesday")).toEqual({
      kind: "replace-exercise",
      query: "Legs",
      bodyPart: "Legs",
      day: "Wednesday",
      itemIds: wednesdayLegs,
    });
  });

  it("reads two requests in one message, in order, and drops small talk beside them", () => {
    expect(parseAll("make friday a rest day and swap the push ups").map((intent) => intent.kind)).toEqual([
      "rest-day",
      "replace-exercise",
    ]);
    expect(parseAll("swap the apple and the salmon")).toEqual([
      expect.objectContaining({ itemIds: [idOf("apple")] }),
      expect.objectContaining({ itemIds: [idOf("salmon-baked")] }),
    ]);
    expect(parseAll("Hi! Swap the oatmeal.").map((intent) => intent.kind)).toEqual(["replace-meal"]);
    expect(parseAll("I hurt my knee, can you change my workouts?")).toEqual([
      { kind: "pain", joint: "knee" },
    ]);
  });

  it.each([
    ["my knee hurts when I squat", "knee"],
    ["bad shoulder", "shoulder"],
    ["I have lower back pain", "lower back"],
    ["sprained my ankle", "ankle"],
  ])("reads pain in a joint: %s", (message, joint) => {
    expect(parse(message)).toEqual({ kind: "pain", joint });
  });

  it("does not read a back exercise or the way back to a diet as pain", () => {
    expect(parse("back to a normal diet please")).toEqual({ kind: "change-diet", dietType: "standard" });
    expect(parse("different back exercises please")).toMatchObject({
      kind: "replace-exercise",
      bodyPart: "Back",
    });
  });

  it.each([
    ["I want to train five days a week", 5],
    ["i only have time for 3 workouts a week", 3],
    ["make it four training days", 4],
  ])("reads how many days a week to train, in words or digits: %s", (message, count) => {
    expect(parse(message)).toEqual({ kind: "set-training-days", count });
  });

  it("does not read a number of days past as a training week", () => {
    expect(parse("I trained 3 days ago")).not.toMatchObject({ kind: "set-training-days" });
  });

  it.each(["you suck", "shut up you stupid bot", "f*** off alex"])("answers abuse calmly: %s", (message) => {
    expect(parse(message)).toEqual({ kind: "abuse" });
  });

  it("still acts on a request with a rude word in it", () => {
    expect(parse("swap the stupid oatmeal")).toMatchObject({ kind: "replace-meal" });
  });

  it("does not take an allergy for an exercise whose name is a typo away", () => {
    expect(parse("I have a gluten intolerance")).toEqual({
      kind: "add-avoidance",
      foodsText: "gluten",
      severity: "allergy",
    });
  });
});

describe("pain notes", () => {
  it.each([
    ["protect my knee", { kind: "protect-joint", joint: "knee" }],
    ["swap the exercises that load my shoulder", { kind: "protect-joint", joint: "shoulder" }],
    ["avoid lower back exercises", { kind: "protect-joint", joint: "lower back" }],
    ["my knee is better now", { kind: "joint-better", joint: "knee" }],
    ["my shoulder doesn't hurt anymore", { kind: "joint-better", joint: "shoulder" }],
    ["the pain is gone", { kind: "joint-better" }],
    ["my knee is not better, it still hurts", { kind: "pain", joint: "knee" }],
  ])("%s", (message, intent) => {
    expect(parse(message)).toEqual(intent);
  });

  it("reads a bare yes as the offer the last reply made, and nothing else as one", () => {
    const offer = 'Shall I swap them? Say "protect my knee" or press Yes.';
    expect(acceptedOffer("yes please", offer)).toBe("protect my knee");
    expect(acceptedOffer("Yeah", offer)).toBe("protect my knee");
    expect(acceptedOffer("yes, and swap the oatmeal too please", offer)).toBeUndefined();
    expect(acceptedOffer("yes", "Here is your week.")).toBeUndefined();
    expect(acceptedOffer("no thanks", offer)).toBeUndefined();
  });
});

describe("parseIntents: everyday phrasings, names and scope", () => {
  const DAY_2_WHITE_RICE = "d2-lunch-white-rice-cooked";
  const legsOn = (day: string) =>
    state.workoutPlan.filter(
      (item) => item.day === day && ["Quads", "Hamstrings", "Glutes", "Calves"].includes(item.bodyPart),
    );

  it.each([
    ["i'm not feeling the oatmeal today", "us-oatmeal-peanut-butter-banana"],
    ["the salmon looks gross, give me something else", "salmon-baked"],
    ["don't want the apple", "apple"],
    ["i'd rather not have the salmon", "salmon-baked"],
    ["I don't fancy the apple", "apple"],
    ["can i skip the mushrooms", "mushrooms-sauteed"],
    ["take out the mushrooms", "mushrooms-sauteed"],
    ["put something else in place of the salmon", "salmon-baked"],
    ["i'll pass on the salmon", "salmon-baked"],
    ["nix the apple", "apple"],
  ])("reads a swap said without a swap verb: %s", (message, foodId) => {
    expect(parse(message)).toMatchObject({ kind: "replace-meal", day: 1, itemIds: [idOf(foodId)] });
  });

  it.each([
    ["something different for lunch?", "Lunch"],
    ["lunch alternatives?", "Lunch"],
    ["switch up my lunch", "Lunch"],
    ["not a fan of today's dinner", "Dinner"],
  ])("reads a whole meal asked for anew: %s", (message, slot) => {
    expect(parse(message)).toMatchObject({ kind: "replace-meal", day: 1, slot });
  });

  it("does not take a question about skipping a meal for a swap", () => {
    expect(parse("is it bad to skip breakfast?").kind).not.toBe("replace-meal");
  });

  it("reads a day named by its place in the week out of the food's name", () => {
    expect(parse("swap the rice on the second day")).toMatchObject({
      kind: "replace-meal",
      day: 2,
      itemIds: [DAY_2_WHITE_RICE],
    });
  });

  it("keeps out what a new meal or a muscle-group swap excludes, and what a leading 'don't change' names", () => {
    expect(parse("new breakfast, not the yogurt though")).toMatchObject({
      kind: "replace-meal",
      itemIds: [idOf("us-oatmeal-peanut-butter-banana")],
    });
    expect(parse("don't change the apple, swap the yogurt at breakfast")).toMatchObject({
      kind: "replace-meal",
      itemIds: [idOf("greek-yogurt-nonfat")],
    });
    const saturdayLegs = legsOn("Saturday");
    const calves = saturdayLegs.filter((item) => /calf/i.test(item.name));
    expect(calves.length).toBeGreaterThan(0);
    expect(parse("swap my leg exercises on saturday but not the calf raises")).toEqual({
      kind: "replace-exercise",
      query: "Legs",
      bodyPart: "Legs",
      day: "Saturday",
      itemIds: saturdayLegs.filter((item) => !calves.includes(item)).map((item) => item.id),
    });
  });

  it("keeps a library exercise's whole name when a word inside it would end the object", () => {
    const plan = state.workoutPlan.filter((item) => item.name !== "Squat to Overhead Reach");
    expect(
      parseIntent("i don't want to do the squat to overhead reach", { ...state, workoutPlan: plan }),
    ).toEqual({ kind: "replace-exercise", query: "Squat to Overhead Reach", itemIds: [] });
  });

  it("finds a plan exercise named without its first word, 'to' and all", () => {
    const base = firstExercise;
    if (base === undefined) throw new Error("the fixture plan has no chest exercise");
    const squatToPress = { ...base, id: "squat-to-press", name: "Band Squat to Press" };
    const squat = { ...base, id: "squat", name: "Bodyweight Squat" };
    const plan = { ...state, workoutPlan: [squatToPress, squat] };
    expect(parseIntent("swap the squat to press", plan)).toEqual({
      kind: "replace-exercise",
      query: "Band Squat to Press",
      itemIds: ["squat-to-press"],
    });
  });

  it("swaps a named exercise that hurts, and gives pain advice when no exercise is named", () => {
    const pushUps = state.workoutPlan.filter((item) => item.name === "Push-Up").map((item) => item.id);
    expect(pushUps.length).toBeGreaterThan(0);
    for (const message of [
      "push ups hurt my wrist, replace them",
      "replace the push-ups because my wrist hurts",
    ])
      expect(parse(message)).toEqual({ kind: "replace-exercise", query: "Push-Up", itemIds: pushUps });
    expect(parse("I injured my shoulder, change my exercises")).toEqual({ kind: "pain", joint: "shoulder" });
    expect(parse("should i train through pain")).toEqual({ kind: "pain" });
  });

  it.each([
    ["do i train today?", { kind: "ask-workout", day: "Monday" }],
    ["is friday a rest day", { kind: "ask-workout", day: "Friday" }],
    ["when is leg day", { kind: "ask-workout" }],
    ["show me my routine", { kind: "ask-workout" }],
    ["what's up", { kind: "greeting" }],
    ["what is up", { kind: "greeting" }],
    ["morning alex", { kind: "greeting" }],
    ["hey, how are you?", { kind: "greeting" }],
    ["great", { kind: "thanks" }],
    ["much appreciated", { kind: "thanks" }],
    ["gracias", { kind: "thanks" }],
    ["is it ok to train when sore", { kind: "guide", topic: "recovery" }],
    ["i keep skipping the gym", { kind: "guide", topic: "consistency" }],
    ["how do i know if i'm progressing", { kind: "guide", topic: "progression" }],
    ["push monday's session to tuesday", { kind: "move-workout", from: "Monday", to: "Tuesday" }],
    ["monday's workout on tuesday please", { kind: "move-workout", from: "Monday", to: "Tuesday" }],
    ["I can't do friday, can I do it on sunday", { kind: "move-workout", from: "Friday", to: "Sunday" }],
    ["I'm bored of my workouts", { kind: "regenerate-workouts" }],
    ["change my whole workout", { kind: "regenerate-workouts" }],
    ["new exercises please", { kind: "regenerate-workouts" }],
    ["bored of the meals", { kind: "regenerate-meals", day: 1 }],
    ["train 3x a week", { kind: "set-training-days", count: 3 }],
    ["train twice a week", { kind: "set-training-days", count: 2 }],
    ["4 days/week", { kind: "set-training-days", count: 4 }],
  ])("%s", (message, intent) => {
    expect(parse(message)).toEqual(intent);
  });

  it("still explains an exercise asked about with 'what's a', and reads 'bored' alone as no plan change", () => {
    expect(parse("what's a good morning")).toMatchObject({ kind: "explain-exercise" });
    expect(parse("i'm bored").kind).not.toMatch(/^regenerate/);
  });

  it("cuts a message before 'and go', 'and drop'... as a new request", () => {
    expect(parseIntents("I want to train four days a week and go vegetarian", state)).toEqual([
      { kind: "set-training-days", count: 4 },
      { kind: "change-diet", dietType: "vegetarian" },
    ]);
  });
});
