import { describe, expect, it } from "vitest";
import { parseTrainerReply, UnexpectedReplyError } from "./chat-trainer";

describe("parseTrainerReply", () => {
  it("accepts both forms docs/product.md §8 allows", () => {
    expect(parseTrainerReply("Hello!")).toEqual({ message: "Hello!" });
    expect(parseTrainerReply({ message: "Swapped.", item_ids_updated: ["a"], active_day: 2 })).toEqual({
      message: "Swapped.",
      item_ids_updated: ["a"],
      active_day: 2,
    });
  });

  it.each([[null], [42], [{ reply: "x" }], [{ message: 3 }], [""], [{ message: "x", active_day: 9 }]])(
    "refuses anything else as an unexpected format: %j",
    (body) => {
      expect(() => parseTrainerReply(body)).toThrow(UnexpectedReplyError);
    },
  );
});
