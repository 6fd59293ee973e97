import { describe, expect, it } from "vitest";
import { editDistance } from "../nutrition/avoidances";
import { itemQuery, normaliseMessage } from "./message-words";

describe("normaliseMessage", () => {
  it.each([
    ["cambiar el pollo", "change the chicken"],
    ["swap the Hähnchen", "swap the chicken"],
    ["replace brekkie pls", "replace breakfast please"],
    ["allergic 2 nuts", "allergic to nuts"],
  ])("reads other languages and slang in English: %s", (message, read) => {
    expect(normaliseMessage(message)).toBe(read);
  });

  it.each([
    ["swpa the oatmeal", "swap the oatmeal"],
    ["regnerate day 2", "regenerate day 2"],
    ["im alergic to milk", "im allergic to milk"],
    ["swap my diner", "swap my dinner"],
    ["how much protien", "how much protein"],
  ])("puts keyword typos right: %s", (message, read) => {
    expect(normaliseMessage(message)).toBe(read);
  });

  it.each(["any chance you could help", "what that means", "reset day 2", "new snack", "my workout"])(
    "leaves real words and word forms alone: %s",
    (message) => {
      expect(normaliseMessage(message)).toBe(message);
    },
  );
});

describe("editDistance", () => {
  it("counts swapped neighbours as one slip and stops past the limit", () => {
    expect(editDistance("appel", "apple", 2)).toBe(1);
    expect(editDistance("steak", "step", 1)).toBe(2);
    expect(editDistance("salmon", "salmon", 0)).toBe(0);
  });
});

describe("itemQuery", () => {
  it("names plan items in the catalogue's words, only for finding them", () => {
    expect(itemQuery("the porridge")).toBe("the oatmeal");
    expect(itemQuery("RDLs")).toBe("romanian deadlift");
  });
});
