// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MealPlanDay } from "@fitwise/contracts/plans";
import { createMealPlanner } from "@fitwise/engine/nutrition/meal-planner";
import { randomPlanRequest } from "@fitwise/engine/nutrition/meal-profiles";
import { explainPlanNote } from "@fitwise/engine/nutrition/plan-notes";
import { DayHeader } from "./DayHeader";
import { DayNotes } from "./DayNotes";

afterEach(cleanup);

const FIBRE = "Fibre gave way: 72 g, outside 25–60 g, since no day of these foods found keeps it inside.";
const CARBS = "Carbohydrate gave way: 118 g, under the 130 g a day adults need (IOM RDA).";

/** Days with a note, planned by the real planner for random people (the benchmark's profiles). */
const PROFILES = 24;
let notedDays: string[][] = [];

beforeAll(async () => {
  const planner = await createMealPlanner();
  notedDays = Array.from({ length: PROFILES }, (_, index) =>
    planner.plan(randomPlanRequest(1_000 + index)),
  ).flatMap((outcome) => (outcome.ok && outcome.plan.notes.length > 0 ? [outcome.plan.notes] : []));
}, 60_000);

describe("DayNotes", () => {
  it("shows each note in plain words beside the totals, with why under a disclosure", () => {
    render(<DayNotes notes={[CARBS, FIBRE]} />);
    const section = screen.getByRole("region", { name: "2 limits gave way on this day" });
    expect(within(section).getByText("Fibre is high on this day: 72 g, we aim for 25–60 g.")).toBeTruthy();
    expect(
      within(section).getByText("Carbohydrate is low on this day: 118 g, under the 130 g a day."),
    ).toBeTruthy();
    const why = within(section).getAllByText("Why?")[1] as HTMLElement;
    fireEvent.click(why);
    expect(
      within(section).getByText(/swapping a bean or lentil dish for another dish lowers it/),
    ).toBeTruthy();
    expect(within(section).getByText(`Planner's note: ${FIBRE}`)).toBeTruthy();
    expect(within(section).getByText(/Why is carbohydrate low\?/)).toBeTruthy();
  });

  it("shows a note it cannot read as the planner wrote it, and nothing for a day without notes", () => {
    const { container } = render(<DayNotes notes={[]} />);
    expect(container.innerHTML).toBe("");
    render(<DayNotes notes={["Iron gave way: 6 mg, under 8 mg."]} />);
    expect(screen.getByText("Iron gave way: 6 mg, under 8 mg.")).toBeTruthy();
  });

  it("shows every note of the planner's own days (notesShownPct 100)", () => {
    let shown = 0;
    for (const notes of notedDays) {
      render(<DayNotes notes={notes} />);
      const section = screen.getByTestId("day-notes");
      const text = section.textContent ?? "";
      // Every note is on screen in its plain words, with the planner's own words under "Why?" (or as the plain words).
      if (notes.every((note) => text.includes(explainPlanNote(note).plain) && text.includes(note)))
        shown += 1;
      cleanup();
    }
    const notesShownPct = notedDays.length === 0 ? 100 : (100 * shown) / notedDays.length;
    expect(notedDays.length).toBeGreaterThanOrEqual(2);
    expect(notesShownPct).toBe(100);
  });
});

describe("DayHeader", () => {
  const day = (dayKind: MealPlanDay["dayKind"]): MealPlanDay => ({
    notes: [],
    dayKind,
    weekday: "Wednesday",
    targetKcal: 2200,
  });

  it("says whether the day is a training or a rest day, with its own target", () => {
    render(<DayHeader day={day("training")} />);
    expect(screen.getByTestId("day-kind").textContent).toBe(
      "Training day (Wednesday): 2,200 kcal, with more carbohydrate for your workout.",
    );
    cleanup();
    render(<DayHeader day={day("rest")} />);
    expect(screen.getByTestId("day-kind").textContent).toMatch(/^Rest day \(Wednesday\)/);
  });

  it("says nothing while food on training days is off", () => {
    const { container } = render(<DayHeader day={day(null)} />);
    expect(container.innerHTML).toBe("");
  });
});
