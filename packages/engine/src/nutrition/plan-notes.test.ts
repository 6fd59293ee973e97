import { describe, expect, it } from "vitest";
import { explainPlanNote, explainPlanNotes } from "./plan-notes";

describe("explainPlanNote", () => {
  it("says a fibre note above the range in plain words, with why and what to change", () => {
    const plain = explainPlanNote(
      "Fibre gave way: 72 g, outside 25–60 g, since no day of these foods found keeps it inside.",
    );
    expect(plain).toMatchObject({ topic: "fibre", direction: "high" });
    expect(plain.plain).toBe("Fibre is high on this day: 72 g, we aim for 25–60 g.");
    expect(plain.why).toMatch(/WHO\/FAO/);
    expect(plain.why).toMatch(/swapping a bean or lentil dish/);
  });

  it("tells a fibre note under the range from one above it", () => {
    const plain = explainPlanNote(
      "Fibre gave way: 18 g, outside 25–60 g, since no day of these foods found keeps it inside.",
    );
    expect(plain).toMatchObject({ topic: "fibre", direction: "low" });
    expect(plain.plain).toBe("Fibre is low on this day: 18 g, we aim for 25–60 g.");
  });

  it("reads the carbohydrate, protein and energy-share notes the planner writes", () => {
    expect(
      explainPlanNote("Carbohydrate gave way: 118 g, under the 130 g a day adults need (IOM RDA).").plain,
    ).toBe("Carbohydrate is low on this day: 118 g, under the 130 g a day.");
    expect(
      explainPlanNote(
        "Carbohydrate gave way: 38 % of energy, under 40 %, since no day of these foods found keeps it higher.",
      ).plain,
    ).toBe("Carbohydrate is low on this day: 38 % of energy, under 40 %.");
    expect(explainPlanNote("Protein gave way: 180 g, above 2.4 g/kg (168 g).").plain).toBe(
      "Protein is high on this day: 180 g, above 2.4 g/kg (168 g).",
    );
    expect(
      explainPlanNote(
        "Protein is 95 g, short of the 110 g target: the planner found no day of 1800 kcal from a vegan diet that reaches it, though one may exist.",
      ),
    ).toMatchObject({
      topic: "protein",
      direction: "low",
      plain: "Protein is low on this day: 95 g, short of the 110 g target.",
    });
  });

  it("keeps a note that already reads plainly and a note it does not know, word for word", () => {
    const lowered = "Protein target lowered from 140 g to 120 g: more would be over 35 % of your 1371 kcal.";
    expect(explainPlanNote(lowered)).toMatchObject({ topic: "protein", direction: "low", plain: lowered });
    const unknown = "Iron gave way: 6 mg, under 8 mg.";
    expect(explainPlanNote(unknown)).toMatchObject({ topic: "other", plain: unknown });
  });

  it("reads bounds the planner may add later by their first word (sodium, saturated fat)", () => {
    expect(
      explainPlanNote("Sodium gave way: 2,640 mg, above 2,300 mg, since no day keeps it lower."),
    ).toMatchObject({
      topic: "sodium",
      direction: "high",
      plain: "Sodium is high on this day: 2,640 mg, above 2,300 mg.",
    });
    expect(explainPlanNote("Saturated fat gave way: 12 % of energy, above 10 %.").topic).toBe(
      "saturated fat",
    );
  });

  it("explains a fallback day and drops blank notes", () => {
    const notes = explainPlanNotes(["", "Planned by the quick fallback because the search ran out of time."]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ topic: "fallback", plain: "This day was planned by a quicker method." });
  });
});
