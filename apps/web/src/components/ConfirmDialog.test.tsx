// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog";

afterEach(cleanup);

/** A page with a Reset button that asks first, as /diet and /workouts do. */
function ResetPage({ onReset }: { onReset(): void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Reset my workout plan
      </button>
      <ConfirmDialog
        open={asking}
        title="Reset your workout plan?"
        confirmLabel="Yes, reset my workouts"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onReset();
        }}
      >
        <p>A new week replaces every workout.</p>
      </ConfirmDialog>
    </>
  );
}

describe("ConfirmDialog", () => {
  it("runs the reset only after the named confirm button, and Cancel runs nothing", () => {
    const onReset = vi.fn();
    render(<ResetPage onReset={onReset} />);
    const dialog = document.querySelector("dialog");
    expect(dialog?.open).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Reset my workout plan" }));
    expect(dialog?.open).toBe(true);
    expect(dialog?.textContent).toContain("Reset your workout plan?");
    expect(onReset).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog?.open).toBe(false);
    expect(onReset).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Reset my workout plan" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, reset my workouts" }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(dialog?.open).toBe(false);
  });
});
