// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { FullNameField, fullNameProblem } from "./FullNameField";

afterEach(cleanup);

function Form() {
  const [name, setName] = useState("");
  return <FullNameField value={name} onChange={(event) => setName(event.target.value)} />;
}

describe("FullNameField", () => {
  it("stops at 200 characters and then says so, instead of a server refusal", () => {
    render(<Form />);
    const field = screen.getByLabelText<HTMLInputElement>("Full name");
    expect(field.maxLength).toBe(200);
    fireEvent.change(field, { target: { value: "Ada Lovelace" } });
    expect(field.getAttribute("aria-describedby")).toBeNull();
    fireEvent.change(field, { target: { value: "A".repeat(200) } });
    const hint = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(
      "That is the longest name we keep: 200 characters. Anything longer is cut off.",
    );
  });

  it("names the problem of a name the form cannot send", () => {
    expect(fullNameProblem("  ")).toBe("Please enter your full name.");
    expect(fullNameProblem("A".repeat(10_000))).toBe(
      "Please keep your full name to 200 characters or fewer.",
    );
    expect(fullNameProblem(` ${"A".repeat(200)} `)).toBeNull();
  });
});
