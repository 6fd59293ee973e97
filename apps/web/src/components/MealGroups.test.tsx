// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { MealGroups } from "./MealGroups";

afterEach(cleanup);

function item(id: string, slot: MealItem["slot"], name: string, energyKcal: number): MealItem {
  return {
    id,
    slot,
    name,
    grams: 150,
    energyKcal,
    proteinG: 12,
    carbsG: 30,
    fatG: 6,
    foodId: id,
    image: "dish",
  };
}

const DAY: MealItem[] = [
  item("b1", "Breakfast", "Porridge oats", 320),
  item("b2", "Breakfast", "Banana", 105),
  item("l1", "Lunch", "Chicken salad", 540),
  item("d1", "Dinner", "Lentil curry", 610),
];

describe("MealGroups", () => {
  it("shows the four meals in order with their calories, and the open meal's items with their portions", () => {
    render(<MealGroups items={DAY} openMeal="Breakfast" onToggle={() => {}} onReplace={() => {}} />);
    const headers = screen
      .getAllByRole("button", { expanded: true })
      .concat(screen.getAllByRole("button", { expanded: false }));
    const meals = headers.map((header) => header.querySelector("[data-meal]")?.getAttribute("data-meal"));
    expect(meals.sort()).toEqual(["Breakfast", "Dinner", "Lunch", "Snacks"]);
    const breakfast = screen.getByRole("button", { expanded: true });
    expect(breakfast.textContent).toContain("425");
    const rows = screen.getAllByTestId("meal-item");
    expect(rows.map((row) => within(row).getByText(/Porridge oats|Banana/).textContent)).toEqual([
      "Porridge oats",
      "Banana",
    ]);
    expect(rows[0]?.textContent).toContain("150 g");
  });

  it("says a meal has no items rather than showing an empty list, and opens a meal on click", () => {
    const onToggle = vi.fn();
    render(<MealGroups items={DAY} openMeal="Snacks" onToggle={onToggle} onReplace={() => {}} />);
    expect(screen.getByText("No snacks items in this plan.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Dinner/ }));
    expect(onToggle).toHaveBeenCalledWith("Dinner");
  });

  it("replaces the item whose button is pressed, and holds every Replace while one is under way", () => {
    const onReplace = vi.fn();
    const { rerender } = render(
      <MealGroups items={DAY} openMeal="Breakfast" onToggle={() => {}} onReplace={onReplace} />,
    );
    fireEvent.click(screen.getByRole("button", { name: /Replace Banana/ }));
    expect(onReplace).toHaveBeenCalledWith(DAY[1]);
    rerender(
      <MealGroups
        items={DAY}
        openMeal="Breakfast"
        onToggle={() => {}}
        onReplace={onReplace}
        replacingId="b2"
      />,
    );
    const replaceButtons = screen.getAllByRole("button", { name: /Replac/ });
    expect(replaceButtons.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getAllByTestId("meal-item")[1]?.getAttribute("aria-busy")).toBe("true");
  });

  it("marks locked meals with a Pro badge and leaves empty meals out of a shared plan", () => {
    render(
      <MealGroups
        items={DAY}
        openMeal={null}
        onToggle={() => {}}
        onReplace={() => {}}
        lockedMeals={new Set(["Lunch", "Dinner"])}
        emptyMeals="leave-out"
      />,
    );
    expect(screen.queryByRole("button", { name: /Snacks/ })).toBeNull();
    expect(within(screen.getByRole("button", { name: /Lunch/ })).getByText("Pro")).toBeTruthy();
    expect(within(screen.getByRole("button", { name: /Breakfast/ })).queryByText("Pro")).toBeNull();
  });
});
