import { describe, expect, it } from "vitest";
import { EXERCISE_LIBRARY } from "../workouts/exercise-library";
import { closeReadings, rankByName } from "./fuzzy-names";

const ITEMS = ["Oatmeal with peanut butter and banana", "Brown rice, cooked", "White rice, cooked", "Banana"];
const byName = (query: string) => rankByName(query, ITEMS, (name) => name);

describe("rankByName", () => {
  it("puts a name the query says outright before one that only contains it", () => {
    expect(byName("banana").map(({ name, exact }) => [name, exact])).toEqual([
      ["Banana", true],
      ["Oatmeal with peanut butter and banana", false],
    ]);
  });

  it.each([
    ["oatmael", "Oatmeal with peanut butter and banana"],
    ["brwn rice", "Brown rice, cooked"],
    ["bananna", "Banana"],
  ])("finds a name through typos: %s", (query, name) => {
    expect(byName(query)[0]?.name).toBe(name);
  });

  it("needs every word of the query, typos or not", () => {
    expect(byName("capital of france")).toEqual([]);
    expect(rankByName("capital of france", EXERCISE_LIBRARY, (exercise) => exercise.name)).toEqual([]);
  });

  it("searches a whole library strictly: one slip in a short word is not a match", () => {
    expect(rankByName("steak", EXERCISE_LIBRARY, (exercise) => exercise.name)).toEqual([]);
    expect(rankByName("deadlfit", EXERCISE_LIBRARY, (exercise) => exercise.name)[0]?.name).toMatch(
      /Deadlift/,
    );
  });

  it("uses aliases only when the name says nothing, and ranks them below names", () => {
    const ranked = rankByName(
      "fish",
      ["Salmon, baked", "Apple"],
      (name) => name,
      (name) => (name.startsWith("Salmon") ? "seafood fish" : ""),
    );
    expect(ranked.map(({ name }) => name)).toEqual(["Salmon, baked"]);
  });

  it("does no typo search when asked for whole words only", () => {
    expect(
      rankByName(
        "oatmael",
        ITEMS,
        (name) => name,
        () => "",
        false,
      ),
    ).toEqual([]);
  });
});

describe("closeReadings", () => {
  it("lists the readings when the query names several in part and none outright", () => {
    expect(closeReadings(byName("rice")).map(({ name }) => name)).toEqual([
      "Brown rice, cooked",
      "White rice, cooked",
    ]);
  });

  it("is empty when one reading is clear", () => {
    expect(closeReadings(byName("brown rice"))).toEqual([]);
    expect(closeReadings(byName("banana"))).toEqual([]);
  });
});
