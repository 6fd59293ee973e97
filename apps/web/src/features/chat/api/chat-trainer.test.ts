import { describe, expect, it } from "vitest";
import { TrainerReplySchema } from "./chat-trainer";

describe("TrainerReplySchema", () => {
  it("accepts both forms docs/product.md §8 allows", () => {
    expect(TrainerReplySchema.parse("Hello!")).toEqual({ message: "Hello!" });
    expect(TrainerReplySchema.parse({ message: "Swapped.", item_ids_updated: ["a"], active_day: 2 })).toEqual(
      {
        message: "Swapped.",
        item_ids_updated: ["a"],
        active_day: 2,
      },
    );
  });

  it.each([
    [null],
    [42],
    [{ reply: "x" }],
    [{ message: 3 }],
    [""],
    ["  "],
    [{ message: "x", active_day: 9 }],
  ])("refuses anything else as an unexpected format: %j", (body) => {
    expect(TrainerReplySchema.safeParse(body).success).toBe(false);
  });
});
