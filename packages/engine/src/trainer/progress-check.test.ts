import { describe, expect, it } from "vitest";
import { isProgressQuestion, progressReply, type ProgressSummary } from "./progress-check";

const SUMMARY: ProgressSummary = {
  goal: "Lose Weight",
  weighIns: 20,
  trendKg: 81.24,
  weeklyRateKg: -0.5,
  explanation: null,
  suggestedKcal: null,
  adaptiveStatus: "pro_required",
};

describe("isProgressQuestion", () => {
  it("recognises the ways people ask how they are doing", () => {
    for (const message of [
      "How am I doing?",
      "how's my progress",
      "Am I on track?",
      "am i losing weight",
      "What is my trend",
    ])
      expect(isProgressQuestion(message), message).toBe(true);
  });

  it("leaves other requests to the intent parser", () => {
    for (const message of [
      "Replace my lunch",
      "How do I do a push-up?",
      "I'm losing motivation",
      "how much protein",
    ])
      expect(isProgressQuestion(message), message).toBe(false);
  });
});

describe("progressReply", () => {
  it("asks for weigh-ins when there are none", () => {
    expect(progressReply({ ...SUMMARY, weighIns: 0, trendKg: null, weeklyRateKg: null })).toMatch(
      /haven't logged a weigh-in/,
    );
  });

  it("gives the trend and whether the pace suits the goal", () => {
    expect(progressReply(SUMMARY)).toBe(
      "Your trend weight is **81.2 kg**. It's down 0.5 kg a week — right where your goal wants it. Keep going!",
    );
    expect(progressReply({ ...SUMMARY, weeklyRateKg: -1.4 })).toMatch(/faster than I'd like/);
    expect(progressReply({ ...SUMMARY, goal: "Gain Muscle Mass" })).toMatch(
      /not yet the way your goal \(gain muscle mass\) wants/,
    );
  });

  it("passes on the adaptive target's sentence and where to accept it", () => {
    const reply = progressReply({
      ...SUMMARY,
      adaptiveStatus: "suggest",
      explanation:
        "Over 28 days you ate 2,000 kcal a day on average and lost 0.50 kg a week, so you burn about 2,550 kcal a day, so we suggest 2,150 kcal.",
      suggestedKcal: 2150,
    });
    expect(reply).toMatch(/so we suggest 2,150 kcal\. You can accept it on \*\*My Progress\*\*\.$/);
  });
});
