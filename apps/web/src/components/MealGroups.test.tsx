// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { MealGroups } from "./MealGroups";

afterEach(cleanup);

/** Each item's recipe disclosure asks get_recipe through TanStack Query, so rows need a client. */
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

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
    render(<MealGroups items={DAY} openMeal="Breakfast" onToggle={() => {}} onReplace={() => {}} />, {
      wrapper,
    });
    const headers = screen
      .getAllByRole("button", { expanded: true })
      .concat(screen.getAllByRole("button", { expanded: false }));
    const meals = headers.map((header) => header.querySelector("[data-meal]")?.getAttribute("data-meal"));
    expect(meals.sort()).toEqual(["Breakfast", "Dinner", "Lunch", "Snacks"]);
    const breakfast = screen.getByRole("button", { expanded: true });
    expect(breakfast.textContent).toContain("425");
    const rows = screen.getAllByTestId("meal-item");
    expect(rows.map((row) => within(row).getByText(/^(Porridge oats|Banana)$/).textContent)).toEqual([
      "Porridge oats",
      "Banana",
    ]);
    expect(rows[0]?.textContent).toContain("150 g");
  });

  it("says a meal has no items rather than showing an empty list, and opens a meal on click", () => {
    const onToggle = vi.fn();
    render(<MealGroups items={DAY} openMeal="Snacks" onToggle={onToggle} onReplace={() => {}} />, {
      wrapper,
    });
    expect(screen.getByText("No snacks items in this plan.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Dinner/ }));
    expect(onToggle).toHaveBeenCalledWith("Dinner");
  });

  it("replaces the item whose button is pressed, and holds every Replace while one is under way", () => {
    const onReplace = vi.fn();
    const { rerender } = render(
      <MealGroups items={DAY} openMeal="Breakfast" onToggle={() => {}} onReplace={onReplace} />,
      { wrapper },
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
      { wrapper },
    );
    expect(screen.queryByRole("button", { name: /Snacks/ })).toBeNull();
    expect(within(screen.getByRole("button", { name: /Lunch/ })).getByText("Pro")).toBeTruthy();
    expect(within(screen.getByRole("button", { name: /Breakfast/ })).queryByText("Pro")).toBeNull();
    // A locked meal's header shows no figures: a free user is not sent its items (docs/decisions/055).
    expect(screen.getByRole("button", { name: /Lunch/ }).textContent).not.toMatch(/kcal/);
    expect(screen.getByRole("button", { name: /Breakfast/ }).textContent).toMatch(/kcal/);
  });

  it("gives every shown item a closed recipe disclosure named after the item", () => {
    render(<MealGroups items={DAY} openMeal="Breakfast" onToggle={() => {}} onReplace={() => {}} />, {
      wrapper,
    });
    const recipes = screen.getAllByTestId("recipe");
    expect(recipes).toHaveLength(2);
    expect(recipes.map((recipe) => recipe.querySelector("summary")?.textContent)).toEqual([
      "Recipe for Porridge oats",
      "Recipe for Banana",
    ]);
    expect(recipes.every((recipe) => !(recipe as HTMLDetailsElement).open)).toBe(true);
  });
});
