/**
 * Messages a fitness app must not answer with a plan change (docs/decisions/008). We err on the side of referral:
 * a false alarm costs the user one extra message, a missed one could cost much more.
 */
export const RED_FLAGS = ["heart", "fainting", "eating-disorder", "pregnancy", "self-harm"] as const;
export type RedFlag = (typeof RED_FLAGS)[number];

/** Checked in this order: the most urgent wins when a message mentions several. */
const PATTERNS: readonly { flag: RedFlag; pattern: RegExp }[] = [
  {
    flag: "self-harm",
    pattern:
      /\b(kill(ing)? myself|suicid\w*|self ?harm\w*|hurt(ing)? myself|end (it all|my life)|want to die)\b/,
  },
  {
    flag: "heart",
    pattern:
      /\b(chest (pain|pains|hurts?|hurting|tightness|tight|pressure)|pain in (my|the) chest|heart (attack|palpitations?|is racing|is pounding|racing|pounding|skipping)|palpitations?|irregular heartbeat|(cant|can not|cannot|struggling to|trouble|difficulty) breath(e|ing))\b/,
  },
  {
    flag: "fainting",
    pattern:
      /\b(faint(ed|ing|s)?|pass(ed|es|ing)? out|black(ed|ing)? out|blackouts?|dizz(y|iness)|light ?headed(ness)?|vertigo|i collapsed)\b/,
  },
  {
    flag: "eating-disorder",
    pattern:
      /\b(purg(e|ed|es|ing)|starv(e|ed|ing) myself|make (myself|me) (throw up|vomit|sick)|made myself (throw up|vomit|sick)|throw(ing)? up after (i )?(eat|eating|meals?)|vomit(ing)? after (i )?(eat|eating|meals?)|laxatives?|diet pills?|anorexi\w*|bulimi\w*|binge(ing)? and purg\w*|eating disorder|(stop|stopped) eating (completely|altogether|entirely|for days)|not eating (at all|for days|anything)|(havent|have not|hadnt) eaten (in|for) (days|a week)|eat(ing)? nothing (all day|for days)|skip(ping)? (all )?(my )?meals to lose|hate (my body|myself) (when|after) (i )?eat\w*|disgusted with myself after eating)\b/,
  },
  {
    flag: "pregnancy",
    pattern:
      /\b(pregnan(t|cy)|expecting a baby|trying to conceive|breast ?feeding|postpartum|post partum|gave birth|just had a baby)\b/,
  },
];

function simplify(message: string): string {
  return message
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’‘`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function detectRedFlag(message: string): RedFlag | undefined {
  const text = simplify(message);
  return PATTERNS.find(({ pattern }) => pattern.test(text))?.flag;
}

const NO_CHANGE = "I haven't changed anything in your plans.";

/** Short, kind, and pointing to a person who can help; no numbers, no plan advice. */
export const RED_FLAG_REPLIES: Record<RedFlag, string> = {
  "self-harm": `I'm really sorry you're feeling this way, and I'm glad you told me. You don't have to handle this alone: if you might act on these thoughts, **call your local emergency number now**, or reach out to a crisis line, your doctor or someone you trust today. ${NO_CHANGE}`,
  heart: `I'm sorry you're dealing with that. Chest pain, pressure, a racing heart or trouble breathing need a doctor, not a training plan. **If it is happening now, stop exercising and call your local emergency number.** Otherwise, please see a doctor before your next workout. ${NO_CHANGE}`,
  fainting: `That sounds worrying. Please stop exercising, sit or lie down and have some water. Fainting or dizziness should be checked by a doctor before you train again; **if you hit your head, have chest pain or it keeps happening, call your local emergency number.** ${NO_CHANGE}`,
  "eating-disorder": `Thank you for trusting me with this. What you describe can seriously harm your health, and you deserve real support: please talk to your doctor or an eating-disorder helpline in your country. I won't lower your calories or change your plans; when you're ready, a professional can help you set targets that are safe for you.`,
  pregnancy: `Thanks for letting me know. Pregnancy, the months after birth and breastfeeding change what is safe to eat and how to train, so please check these plans with your doctor or midwife before following or changing them. ${NO_CHANGE}`,
};
