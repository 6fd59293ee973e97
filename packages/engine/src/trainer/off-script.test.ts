import { describe, expect, it } from "vitest";
import { isGibberish, offScript } from "./off-script";

describe("messages Alex cannot act on", () => {
  it("tells keyboard mashing from words", () => {
    for (const message of ["asdfgh", "qwerty", "jkjkjkj", "xzcvbn mnbv", "lkasjdf laksjdf", "???", ""])
      expect(isGibberish(message), message).toBe(true);
    for (const message of ["strength training", "instructions", "lengths", "tell me a joke", "hi", "rhythm"])
      expect(isGibberish(message), message).toBe(false);
  });

  it("names the food of a 'can I eat …?' question, without what follows it", () => {
    expect(offScript("can I eat pizza?", "can i eat pizza")).toEqual({ topic: "food", food: "pizza" });
    expect(offScript("am I allowed ice cream on weekends", "am i allowed ice cream on weekends")).toEqual({
      topic: "food",
      food: "ice cream",
    });
    expect(offScript("is chocolate ok?", "is chocolate ok")).toEqual({ topic: "food", food: "chocolate" });
    expect(offScript("can I have some beer tonight", "can i have some beer tonight")).toEqual({
      topic: "food",
      food: "beer",
    });
  });

  it("calls a message about nothing Alex knows off-topic, and keeps fitness words on topic", () => {
    for (const text of ["whats the weather like", "who is the president", "can you order pizza for me"])
      expect(offScript(text, text), text).toEqual({ topic: "off-topic" });
    for (const text of ["should i go vegan", "is my workout too long for a beginner lol"])
      expect(offScript(text, text), text).toBeUndefined();
    expect(offScript("leave everything as it is", "leave everything as it is")).toEqual({ topic: "keep" });
  });
});
