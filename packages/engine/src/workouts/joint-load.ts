import type { Exercise, MovementPattern } from "./exercise.types";

/** Joints and regions people report pain in (docs/decisions/046-pain-notes.md). */
export const JOINTS = ["knee", "shoulder", "lower back", "wrist", "elbow", "hip", "ankle", "neck"] as const;
export type Joint = (typeof JOINTS)[number];

/**
 * What loads each joint, read from the exercise data: the movement pattern, jumping (highImpact), and the
 * name where the pattern does not tell (a bent-over row is a horizontal pull that loads the lower back; a
 * push-up rests the body on the wrists). Conservative on purpose: a painful joint is rested until the person
 * says it is better, and the planner fills the slot from the muscle group's partners (decision 013's pools).
 */
const LOADS: Record<Joint, { patterns: readonly MovementPattern[]; impact: boolean; names?: RegExp }> = {
  knee: {
    patterns: ["squat", "lunge", "knee extension", "knee flexion"],
    impact: true,
    names: /\b(run|running|stair|skip|skipping|jump|hop|hops|lunges?|squats?|step[- ]?ups?|pistol|skater)\b/i,
  },
  ankle: {
    patterns: ["calf raise", "lunge"],
    impact: true,
    names: /\b(run|running|stair\w*|skip|skipping|jump|hop|hops|skater|high knees|butt kicks)\b/i,
  },
  "lower back": {
    patterns: ["hinge", "trunk rotation"],
    impact: false,
    names:
      /\b(bent[- ]over|good morning|deadlifts?|superman|hyperextensions?|back extensions?|swing|thrusters?|clean|man maker|barbell squat|front barbell squat)\b/i,
  },
  shoulder: {
    patterns: ["vertical press", "raise", "fly"],
    impact: false,
    names:
      /\b(dips?|pike|handstand|upright row|pull[- ]?ups?|pullups|chin[- ]?ups?|push press|overhead|halo|windmill|get[- ]up|military|arnold|snow angel|wall slide|shoulder tap)\b/i,
  },
  wrist: {
    patterns: [],
    impact: false,
    names:
      /\b(push[- ]?ups?|plank|burpees?|bear crawl|mountain climbers?|handstand|dips?|floor press|inchworm|renegade|man maker|clean)\b/i,
  },
  elbow: {
    patterns: ["curl", "triceps extension"],
    impact: false,
    names: /\b(dips?|close[- ]grip|skullcrusher|jm press|chin[- ]?ups?|tricep press)\b/i,
  },
  hip: {
    patterns: ["lunge", "hip abduction"],
    impact: true,
    names: /\b(sumo|cossack|split|pistol|kickback|plie)\b/i,
  },
  neck: {
    patterns: ["trunk flexion", "vertical press"],
    impact: false,
    names: /\b(handstand|overhead|shrugs?)\b/i,
  },
};

export function loadsJoint(exercise: Exercise, joint: Joint): boolean {
  const load = LOADS[joint];
  return (
    load.patterns.includes(exercise.pattern) ||
    (load.impact && exercise.highImpact) ||
    (load.names?.test(exercise.name) ?? false)
  );
}

/** Whether any of the joints is loaded; an empty or absent list loads nothing. */
export function loadsAnyJoint(exercise: Exercise, joints: readonly Joint[] | null | undefined): boolean {
  return (joints ?? []).some((joint) => loadsJoint(exercise, joint));
}
