// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AllergyField, type SavedAvoidances } from "./AllergyField";

afterEach(cleanup);

/** The field as a form holds it: the text lives in the parent's state. */
function Harness({ initial, saved }: { initial: string; saved?: SavedAvoidances }) {
  const [value, setValue] = useState(initial);
  return <AllergyField value={value} onChange={setValue} hint="Tell us what to leave out." saved={saved} />;
}

const field = () =>
  screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Allergies and foods to avoid" });

describe("AllergyField", () => {
  it("names every word it cannot place as the person types, and marks the field invalid", () => {
    render(<Harness initial="" />);
    fireEvent.change(field(), { target: { value: "peanuts, zorblax" } });
    expect(screen.getByRole("status").textContent).toBe(
      "We didn't recognise 'zorblax' — tell us another way, or pick from the list.",
    );
    expect(field().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(field(), { target: { value: "peanuts" } });
    expect(screen.getByRole("status").textContent).toBe("");
    expect(field().getAttribute("aria-invalid")).toBe("false");
  });

  it("adds a chip's words to the text and shows the chip pressed", () => {
    render(<Harness initial="" />);
    const chip = screen.getAllByRole("button")[0];
    if (!chip) throw new Error("no chips");
    expect(chip.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(chip);
    expect(field().value).not.toBe("");
    expect(chip.getAttribute("aria-pressed")).toBe("true");
  });

  it("has a chip for each of the EU's fourteen allergens, and a typed 'lupine' lights Lupin", () => {
    render(<Harness initial="lupine" />);
    for (const name of ["Milk", "Sesame", "Celery", "Mustard", "Lupin", "Molluscs", "Sulphites"])
      expect(screen.getByRole("button", { name }), name).toBeTruthy();
    expect(screen.getByRole("button", { name: "Lupin" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Molluscs" }));
    expect(field().value).toBe("lupine, molluscs");
    fireEvent.click(screen.getByRole("button", { name: "Lupin" }));
    expect(field().value).toBe("molluscs");
  });

  it("shows the server's verdict on the saved text while the field still holds it", () => {
    render(<Harness initial="no pork" saved={{ text: "no pork", unrecognised: ["pork-ish"] }} />);
    expect(screen.getByRole("status").textContent).toContain("'pork-ish'");
  });
});
