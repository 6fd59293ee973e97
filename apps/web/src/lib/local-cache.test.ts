import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readCache, recordVisitSource, writeCache } from "./local-cache";
import { MemoryStorage } from "./test-support";

beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("recordVisitSource", () => {
  it('records "unknown" on a first visit without a source', () => {
    expect(recordVisitSource("")).toBe("unknown");
    expect(localStorage.getItem("source")).toBe("unknown");
  });

  it("stores the query parameter on every visit and keeps it on later visits without one", () => {
    expect(recordVisitSource("?source=newsletter&x=1")).toBe("newsletter");
    expect(recordVisitSource("?x=1")).toBe("newsletter");
    expect(recordVisitSource("?source=podcast")).toBe("podcast");
    expect(localStorage.getItem("source")).toBe("podcast");
  });
});

describe("readCache and writeCache", () => {
  it("stores strings as they are and other values as JSON", () => {
    writeCache("user_food_preference", "Italian");
    writeCache("user_preferred_protein_sources", ["Eggs", "Tofu"]);
    writeCache("user_pro", 1);
    expect(localStorage.getItem("user_food_preference")).toBe("Italian");
    expect(readCache("user_preferred_protein_sources")).toEqual(["Eggs", "Tofu"]);
    expect(readCache("user_pro")).toBe(1);
  });

  it("reads numbers stored as text, as the original app stored them", () => {
    localStorage.setItem("user_goal_tdee", "2104.55");
    expect(readCache("user_goal_tdee")).toBe(2104.55);
  });

  it("answers null for a missing key or a value of the wrong shape", () => {
    expect(readCache("user_goal_tdee")).toBeNull();
    localStorage.setItem("user_gender", "other");
    localStorage.setItem("Day1", "{broken");
    expect(readCache("user_gender")).toBeNull();
    expect(readCache("Day1")).toBeNull();
  });
});
