// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RestTimer } from "./RestTimer";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-27T10:00:00Z") });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("RestTimer", () => {
  it("counts down from the clock, says when the rest is over, and offers to close", () => {
    const endsAtMs = Date.now() + 90_000;
    render(
      <RestTimer
        endsAtMs={endsAtMs}
        totalSeconds={90}
        alert={false}
        onAddTime={() => {}}
        onSkip={() => {}}
      />,
    );
    const clock = screen.getByRole("timer", { name: "Rest time left" });
    expect(clock.getAttribute("data-seconds")).toBe("90");
    expect(screen.getByText("Rest for 1:30.")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(clock.getAttribute("data-seconds")).toBe("60");
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(clock.getAttribute("data-seconds")).toBe("0");
    expect(screen.getByText("Rest over: next set")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("adds 15 s or skips on request", () => {
    const onAddTime = vi.fn();
    const onSkip = vi.fn();
    render(
      <RestTimer
        endsAtMs={Date.now() + 60_000}
        totalSeconds={60}
        alert={false}
        onAddTime={onAddTime}
        onSkip={onSkip}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "+15 s" }));
    expect(onAddTime).toHaveBeenCalledWith(15);
    fireEvent.click(screen.getByRole("button", { name: "Skip rest" }));
    expect(onSkip).toHaveBeenCalledOnce();
  });
});
