import { describe, expect, it } from "vitest";
import {
  AGE_RANGE_MESSAGE,
  bodyDataFrom,
  convertWeight,
  toFeetInches,
  toggleInOrder,
  validateBodyData,
  workoutDaysInRange,
} from "./profile-fields";
import type { BodyData } from "./profile-fields";

const filled: BodyData = {
  age: "34",
  gender: "male",
  unit: "metric",
  weight: "80",
  feet: 5,
  inches: 10,
  activity: 1.55,
};
const calculator = { missingAge: "Please enter your age." };
const settings = { missingAge: AGE_RANGE_MESSAGE };

describe("validateBodyData", () => {
  it("asks for every empty field in the screen's words", () => {
    expect(validateBodyData({ ...filled, age: "", weight: " " }, calculator).errors).toEqual({
      age: "Please enter your age.",
      weight: "Please enter your weight.",
    });
    expect(validateBodyData({ ...filled, age: "", gender: "" }, settings).errors).toEqual({
      age: "Age must be between 13 and 85.",
      gender: "Please select your gender.",
    });
  });

  it("keeps age to whole years from 13 to 85 (docs/product.md §6)", () => {
    for (const age of ["12", "86"]) {
      expect(validateBodyData({ ...filled, age }, calculator).errors.age).toBe(
        "Age must be between 13 and 85.",
      );
    }
    // 35.5 is within the range: the message names the fraction, the real problem.
    expect(validateBodyData({ ...filled, age: "35.5" }, calculator).errors.age).toBe(
      "Age must be a whole number of years, such as 35.",
    );
    expect(validateBodyData({ ...filled, age: "13" }, calculator).ageYears).toBe(13);
    expect(validateBodyData({ ...filled, age: "85" }, calculator).ageYears).toBe(85);
  });

  it("converts pounds with 2.20462 and words the weight bounds in the unit shown", () => {
    expect(validateBodyData({ ...filled, unit: "imperial", weight: "176" }, calculator).weightKg).toBeCloseTo(
      176 / 2.20462,
      10,
    );
    expect(validateBodyData({ ...filled, weight: "20" }, calculator).errors.weight).toBe(
      "Weight must be between 25 and 350 kg.",
    );
    expect(validateBodyData({ ...filled, unit: "imperial", weight: "40" }, calculator).errors.weight).toBe(
      "Weight must be between 56 and 771 pounds.",
    );
  });

  it("returns the parsed figures only while every field is valid", () => {
    expect(validateBodyData(filled, settings)).toEqual({
      errors: {},
      ageYears: 34,
      weightKg: 80,
      gender: "male",
    });
    // A decimal comma is a decimal mark, not a thousands separator: 80,5 kg, not 805.
    expect(validateBodyData({ ...filled, weight: "80,5" }, settings).weightKg).toBe(80.5);
    expect(convertWeight("80,5", "imperial")).toBe(String(Math.round(80.5 * 2.20462 * 100) / 100));
    const invalid = validateBodyData({ ...filled, weight: "abc" }, calculator);
    expect(invalid.ageYears).toBeUndefined();
    expect(invalid.weightKg).toBeUndefined();
    expect(validateBodyData({ ...filled, gender: "" }, settings).ageYears).toBeUndefined();
  });
});

describe("bodyDataFrom", () => {
  it("starts from the stored profile, rounding the weight to 2 decimals", () => {
    expect(
      bodyDataFrom(
        { ageYears: 40, gender: "female", weightKg: 72.456, heightCm: 167.64, activity: 1.725 },
        { gender: "", activity: 1.375 },
      ),
    ).toEqual({
      age: "40",
      gender: "female",
      unit: "metric",
      weight: "72.46",
      feet: 5,
      inches: 6,
      activity: 1.725,
    });
  });

  it("takes the screen's defaults for what is missing or not a listed activity level", () => {
    const empty = { ageYears: null, gender: null, weightKg: null, heightCm: null, activity: null };
    expect(bodyDataFrom(empty, { gender: "male", activity: 1.2 })).toEqual({
      age: "",
      gender: "male",
      unit: "metric",
      weight: "",
      feet: 4,
      inches: 0,
      activity: 1.2,
    });
    expect(bodyDataFrom({ ...empty, activity: 1.3 }, { gender: "", activity: 1.375 }).activity).toBe(1.375);
  });
});

describe("toFeetInches", () => {
  it("defaults to 4 ft 0 in (docs/product.md §6) and round-trips a stored height", () => {
    expect(toFeetInches(null)).toEqual({ feet: 4, inches: 0 });
    expect(toFeetInches(177.8)).toEqual({ feet: 5, inches: 10 });
  });

  it("stays inside the select's 4 ft 0 in to 8 ft 11 in", () => {
    expect(toFeetInches(100)).toEqual({ feet: 4, inches: 0 });
    expect(toFeetInches(300)).toEqual({ feet: 8, inches: 11 });
  });
});

describe("convertWeight", () => {
  it("keeps the body weight when the unit changes", () => {
    expect(convertWeight("80", "imperial")).toBe("176.37");
    expect(convertWeight("176.37", "metric")).toBe("80");
    expect(convertWeight("", "metric")).toBe("");
  });
});

describe("workoutDaysInRange", () => {
  it("accepts 3 to 6 days (docs/product.md §6.4)", () => {
    expect([2, 3, 6, 7].map((count) => workoutDaysInRange(Array.from({ length: count })))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("toggleInOrder", () => {
  const week = ["Monday", "Tuesday", "Wednesday"] as const;

  it("adds an unselected item in list order and removes a selected one", () => {
    expect(toggleInOrder(week, ["Wednesday"], "Monday")).toEqual(["Monday", "Wednesday"]);
    expect(toggleInOrder(week, ["Monday", "Wednesday"], "Monday")).toEqual(["Wednesday"]);
  });
});
