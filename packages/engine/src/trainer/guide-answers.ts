import type { BeginnerGuideSection } from "../guide/beginner-guide";

export const GUIDE_TOPICS = [
  "hydration",
  "sleep",
  "beginner",
  "protein",
  "measuring-food",
  "weigh-ins",
  "warm-up",
  "progression",
  "recovery",
  "consistency",
  "pain",
] as const;
export type GuideTopic = (typeof GUIDE_TOPICS)[number];

/** Words that find the guide's sentences on a topic; the topic's home section is searched first, the whole guide only if it says nothing. */
const TOPIC_SEARCH: Record<
  Exclude<GuideTopic, "beginner">,
  { sectionId?: string; words: readonly string[] }
> = {
  hydration: { sectionId: "hydration-and-nutrition", words: ["water", "drink", "hydrat", "litre"] },
  sleep: { words: ["sleep"] },
  protein: { sectionId: "hydration-and-nutrition", words: ["protein"] },
  "measuring-food": { sectionId: "measuring-food", words: ["scale", "weigh", "gram", "tare", "portion"] },
  "weigh-ins": { sectionId: "measuring-your-stats", words: ["weigh", "weight", "waist", "average", "photo"] },
  "warm-up": { words: ["warm-up", "warm up", "cool-down", "cool down"] },
  progression: { words: ["overload", "add a small", "more weight", "reps left", "load"] },
  recovery: { words: ["recover", "rest day", "48 hours", "soreness", "walking"] },
  consistency: {
    sectionId: "consistency-over-intensity",
    words: ["schedule", "miss", "most days", "slow weeks", "year", "trends"],
  },
  pain: {
    sectionId: "injuries-and-allergies",
    words: ["pain", "sore", "doctor", "physiotherapist", "stop the exercise"],
  },
};

/** Most sentences quoted per answer: the chat condenses, the guide page has the rest. */
const MAX_SENTENCES = 3;

function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=[A-Z"'])/).filter((sentence) => sentence.length > 0);
}

function quote(section: BeginnerGuideSection, lines: readonly string[]): string {
  return `${lines.map((line) => `> ${line}`).join("\n")}\n\n— *Beginner guide, "${section.title}"*`;
}

/** Sentences from the guide on the topic, grouped by the section they come from; empty when the guide says nothing. */
export function guideQuotes(
  guide: readonly BeginnerGuideSection[],
  topic: Exclude<GuideTopic, "beginner">,
): string[] {
  const { sectionId, words } = TOPIC_SEARCH[topic];
  const home = guide.filter((section) => section.id === sectionId);
  const fromHome = quotesFrom(home, words);
  return fromHome.length > 0 ? fromHome : quotesFrom(guide, words);
}

function quotesFrom(sections: readonly BeginnerGuideSection[], words: readonly string[]): string[] {
  const found: { section: BeginnerGuideSection; lines: string[] }[] = [];
  let count = 0;
  for (const section of sections) {
    const lines: string[] = [];
    for (const paragraph of section.paragraphs) {
      for (const sentence of sentences(paragraph)) {
        if (count >= MAX_SENTENCES) break;
        const lower = sentence.toLowerCase();
        if (words.some((word) => lower.includes(word))) {
          lines.push(sentence);
          count += 1;
        }
      }
    }
    if (lines.length > 0) found.push({ section, lines });
  }
  return found.map(({ section, lines }) => quote(section, lines));
}

/** The guide in one screen: each section's opening sentence. */
export function guideOverview(guide: readonly BeginnerGuideSection[]): string {
  return guide
    .map((section) => `- **${section.title}**: ${sentences(section.paragraphs[0] ?? "")[0] ?? ""}`)
    .join("\n");
}
