import type { FitnessGoal } from "../profile.types";
import { simplify } from "./name-match";

/**
 * "How am I doing?" (docs/decisions/022): Alex answers from the user's logs — the weight trend, its weekly
 * rate and, for Pro, the adaptive target — instead of from the plans. Kept beside the intent parser
 * rather than inside it: the question needs the logs, which the trainer state does not carry.
 */
const PROGRESS_QUESTION =
  /\b(how am i (doing|going|progressing|getting on)|how is my (progress|weight)|hows my (progress|weight)|am i (on track|making progress|losing( weight)?|gaining( weight| muscle)?)|what is my (weight )?trend|my progress so far)\b/;

export function isProgressQuestion(message: string): boolean {
  return PROGRESS_QUESTION.test(simplify(message));
}

export interface ProgressSummary {
  goal: FitnessGoal;
  weighIns: number;
  trendKg: number | null;
  weeklyRateKg: number | null;
  /** The adaptive target's sentence (Pro), or null. */
  explanation: string | null;
  suggestedKcal: number | null;
  adaptiveStatus: "pro_required" | "not_enough_data" | "suggest" | "keep" | "wait";
}

const kg = (value: number) => `${(Math.round(value * 10) / 10).toLocaleString("en-US")} kg`;

/** Alex's answer in a few sentences of Markdown. */
export function progressReply(summary: ProgressSummary): string {
  if (summary.weighIns === 0)
    return "I can't tell yet: you haven't logged a weigh-in. Log your weight on **My Progress** (or on your diet page) a few mornings a week and tick the meals you eat, and I'll tell you how it's going.";
  const lines: string[] = [];
  if (summary.trendKg !== null) lines.push(`Your trend weight is **${kg(summary.trendKg)}**.`);
  if (summary.weeklyRateKg === null) {
    lines.push("Log another weigh-in on a different day and I can tell you which way it's heading.");
  } else {
    const rate = summary.weeklyRateKg;
    const direction =
      Math.abs(rate) < 0.05 ? "steady" : rate < 0 ? `down ${kg(-rate)} a week` : `up ${kg(rate)} a week`;
    const wanted = summary.goal === "Lose Weight" ? rate < -0.05 : rate > 0.05;
    // Too fast: losing over 1 kg a week (NHLBI Clinical Guidelines on Overweight and Obesity in
    // Adults, 1998: 0.5–1 kg a week) or gaining over 0.5 kg a week (Iraki et al., "Nutrition
    // recommendations for bodybuilders in the off-season", Sports 2019;7:154: 0.25–0.5 % of body
    // weight a week, i.e. under 0.5 kg for most people).
    const fast = summary.goal === "Lose Weight" ? rate < -1 : rate > 0.5;
    lines.push(
      `It's ${direction}${wanted ? (fast ? " — faster than I'd like; make sure you eat your whole plan." : " — right where your goal wants it. Keep going!") : ` — not yet the way your goal (${summary.goal.toLowerCase()}) wants.`}`,
    );
  }
  if (summary.adaptiveStatus === "suggest" && summary.explanation)
    lines.push(`${summary.explanation} You can accept it on **My Progress**.`);
  else if (summary.explanation) lines.push(summary.explanation);
  else if (summary.adaptiveStatus === "not_enough_data")
    lines.push("After two weeks of weigh-ins and ticked meals I can estimate what you really burn.");
  return lines.join(" ");
}
