/*
 * The benchmark's own coaching map of every exercise, written from a coach's reading of each movement and NOT read
 * from the planner's library fields (body part, secondary muscles, tier, flags): the benchmark judges the planner's
 * weeks with it. Sets count 1 for each prime mover and ½ for each synergist (Pelland et al., "The resistance
 * training dose-response", SportRxiv 2024). Squats and lunges count no hamstring sets (Kubo et al., Eur J Appl
 * Physiol 2019;119:1933-42). Rows are matched in order on the lower-cased name; the first match wins.
 */

export type CoachMuscle =
  | "Chest"
  | "Back"
  | "Shoulders"
  | "Biceps"
  | "Triceps"
  | "Quads"
  | "Hamstrings"
  | "Glutes"
  | "Calves"
  | "Core";

export type CoachKind = "strength" | "conditioning" | "drill" | "balance" | "bookend";

export interface CoachEntry {
  kind: CoachKind;
  prime: CoachMuscle[];
  synergists: CoachMuscle[];
  /** Works the legs hard enough to count as a leg session for recovery (conditioning only). */
  legs: boolean;
  /** Jumps, throws and catches: power work, 3–6 reps, never a hypertrophy set. */
  plyo: boolean;
  /** Advanced skill or high joint stress: not for beginners, not from 65. */
  topTier: boolean;
}

type Row = [pattern: RegExp, kind: CoachKind, prime: CoachMuscle[], synergists: CoachMuscle[]];

/** Advanced skill or joint stress a coach keeps from beginners and adults over 65 (the audit's list, widened). */
const TOP_TIER =
  /glute ham raise|pistol|shrimp|single-arm push-up|handstand|deficit single-leg calf|upright|bench dips|^dips|plyo push|clock push|weighted pull|rack pull|^good morning$|jm press|hanging pike|hanging leg raise|ab rollout|man maker|clean and press|push press|turkish get-up|front barbell squat|drag curl|renegade|wide-grip barbell bench/;

const PLYO = /plyo|clock push|jump|skater|burpee(?!.*step-back)|push press|clean/;

const LEG_CONDITIONING =
  /burpee|thruster|high pull|squat and press|squat to|clean|get-up|man maker|split jump|star jump|skater|bicycling|elliptical|running|rowing|stairmaster|bear crawl/;

const ROWS: readonly Row[] = [
  [/warm-up|cool-down/, "bookend", [], []],
  [/balance reach|tandem heel|standing march/, "balance", [], []],
  [/wall slide|halo|scapular pull|superman|snow angel|prone swimmer/, "drill", [], []],
  [
    /burpee|thruster|high pull|squat and press|bear crawl|inchworm|squat to|clean|get-up|man maker|jumping jacks|mountain climbers|high knees|butt kicks|skipping|marching|step jacks|shadow boxing|split jump|star jump|skater|bicycling|elliptical|running|rowing, stationary|stairmaster/,
    "conditioning",
    [],
    [],
  ],
  [/leg curl|glute ham|bridge walkout/, "strength", ["Hamstrings"], []],
  [
    /good morning|romanian|stiff-legged|staggered-stance deadlift|one-legged deadlift/,
    "strength",
    ["Hamstrings"],
    ["Glutes"],
  ],
  [/sumo deadlift/, "strength", ["Glutes"], ["Quads", "Hamstrings"]],
  [/^barbell deadlift|rack pull/, "strength", ["Glutes", "Hamstrings"], ["Back"]],
  [/hyperextension/, "strength", ["Glutes"], ["Hamstrings"]],
  [/pike push-up|handstand/, "strength", ["Shoulders"], ["Triceps"]],
  [
    /close triceps|push-up close-grip|close-grip knee push-up|close-grip barbell bench|close-grip floor press/,
    "strength",
    ["Triceps", "Chest"],
    [],
  ],
  [/bench dips|dips - triceps/, "strength", ["Triceps"], ["Chest"]],
  [/dips - chest/, "strength", ["Chest"], ["Triceps", "Shoulders"]],
  [/shoulder tap/, "strength", ["Core"], []],
  [
    /push-up|push-ups|bench press|floor press|chest press|squeeze press|incline dumbbell press|decline dumbbell/,
    "strength",
    ["Chest"],
    ["Triceps", "Shoulders"],
  ],
  [
    /reverse fly|reverse machine|rear delt|pull apart|face pull|y-t raise/,
    "strength",
    ["Shoulders"],
    ["Back"],
  ],
  [/fly|flyes|crossover|butterfly/, "strength", ["Chest"], []],
  [/pullover|straight-arm pulldown/, "strength", ["Back"], []],
  [/upright/, "strength", ["Shoulders"], []],
  [/chin-up|pull-up|pullups|pull ups|pulldown|row|high row/, "strength", ["Back"], ["Biceps"]],
  [/triceps|tricep|skullcrusher|jm press/, "strength", ["Triceps"], []],
  [/calf/, "strength", ["Calves"], []],
  [/pallof/, "strength", ["Core"], []],
  [/leg press/, "strength", ["Quads"], ["Glutes"]],
  [/press|military/, "strength", ["Shoulders"], ["Triceps"]],
  [/raise - with bands|lateral raise|front dumbbell raise/, "strength", ["Shoulders"], []],
  [/curl/, "strength", ["Biceps"], []],
  [/leg extension/, "strength", ["Quads"], []],
  [/step-up with knee raise/, "strength", ["Quads"], ["Glutes"]],
  [/squat|lunge|leg press|step-up|step up|sit-to-stand/, "strength", ["Quads"], ["Glutes"]],
  [
    /bridge|hip thrust|hip lift|hip extension|kickback|pull through|swing/,
    "strength",
    ["Glutes"],
    ["Hamstrings"],
  ],
  [/monster walk|abductor/, "strength", ["Glutes"], []],
  [
    /crunch|sit-up|twist|side bend|pallof|woodchop|wood chop|dead bug|bird dog|knee raise|leg raise|hanging pike|rollout|windmill|rotation|air bike|heel touchers/,
    "strength",
    ["Core"],
    [],
  ],
];

/** The coaching entry for an exercise name; undefined when no row matches (the benchmark reports those). */
export function coachEntry(name: string): CoachEntry | undefined {
  const text = name.toLowerCase();
  const row = ROWS.find(([pattern]) => pattern.test(text));
  if (row === undefined) return undefined;
  const [, kind, prime, synergists] = row;
  return {
    kind,
    prime,
    synergists,
    legs: kind === "conditioning" && LEG_CONDITIONING.test(text),
    plyo: PLYO.test(text),
    topTier: TOP_TIER.test(text),
  };
}

/**
 * Weekly fractional sets per muscle a coach would accept, by goal and level: ACSM position stand 2026 (Phillips et
 * al., Med Sci Sports Exerc 2026: ~10+ weekly sets per muscle for hypertrophy), Schoenfeld, Ogborn & Krieger,
 * J Sports Sci 2017 (more up to ~20 in trained lifters), ACSM 2009 (novices on low volume); fat loss keeps the
 * muscle with about a third less (Bickel et al., Med Sci Sports Exerc 2011).
 */
export const COACH_BANDS: Record<string, Record<string, { min: number; max: number }>> = {
  "Gain Muscle Mass": {
    Beginner: { min: 6, max: 12 },
    Intermediate: { min: 9, max: 18 },
    Advanced: { min: 12, max: 22 },
  },
  "Lose Weight": {
    Beginner: { min: 5, max: 12 },
    Intermediate: { min: 7, max: 16 },
    Advanced: { min: 9, max: 18 },
  },
};
