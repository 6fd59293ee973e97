// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlanChangeNotice } from "./PlanChangeNotice";

afterEach(cleanup);

const change = {
  change_id: "0b6f7d1e-6f8b-4a55-9a55-3c1f1f0f2a10",
  lines: ["Day 1 Lunch: Chicken salad (250 g) → Turkey wrap (230 g)"],
};

describe("PlanChangeNotice (decision 069)", () => {
  it("keeps a polite live region on the page, empty until there is a change", () => {
    const { container } = render(
      <PlanChangeNotice change={null} undoing={false} onUndo={vi.fn()} onDismiss={vi.fn()} />,
    );
    const region = container.querySelector("[aria-live='polite']");
    expect(region).not.toBeNull();
    expect(region?.textContent).toBe("");
  });

  it("lists before → after and hands Undo and Dismiss to the page", () => {
    const onUndo = vi.fn();
    const onDismiss = vi.fn();
    render(<PlanChangeNotice change={change} undoing={false} onUndo={onUndo} onDismiss={onDismiss} />);
    expect(screen.getByRole("listitem").textContent).toBe(change.lines[0]);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("shows the undo under way and takes no second press", () => {
    const onUndo = vi.fn();
    render(<PlanChangeNotice change={change} undoing onUndo={onUndo} onDismiss={vi.fn()} />);
    const button = screen.getByRole("button", { name: "Undoing…" });
    expect(button.hasAttribute("disabled")).toBe(true);
    fireEvent.click(button);
    expect(onUndo).not.toHaveBeenCalled();
  });
});
