import type {
  BodyPart,
  Equipment,
  Exercise,
  ExerciseTier,
  ExperienceLevel,
  Mechanic,
  MovementPattern,
  Muscle,
} from "./exercise.types";

/*
 * Names, primary and secondary muscles were checked against the public-domain Free Exercise DB
 * (github.com/yuhonas/free-exercise-db, extract in shared/data/exercises.csv); where that list
 * lacks a staple (burpee, kettlebell swing, pike push-up, Bulgarian split squat...) the common
 * coaching name is used. Levels are a coach's call, not the DB's, which rates e.g. the back squat
 * "beginner" and the dumbbell shoulder press "intermediate". Equipment lists everything needed at
 * once. Timed holds (plank, wall sit) are left out so every strength item is counted in reps and a
 * replacement can keep the prescription unchanged.
 *
 * Low-impact cardio, balance drills and chair or doorway moves were added so a home plan with body
 * weight only, or an older adult's plan, still has a choice in every slot: the balance drills follow
 * the Otago Exercise Programme (tandem walking, one-leg standing; Campbell & Robertson, 2003) that
 * the WHO 2020 guidelines point to for adults from 65 ("multicomponent" training with balance).
 */

const BW: Equipment = "body weight";
const DB: Equipment = "dumbbells";
const BAND: Equipment = "resistance band";
const KB: Equipment = "kettlebell";
const BAR: Equipment = "pull-up bar";
const BENCH: Equipment = "bench";
const BB: Equipment = "barbell";
const MACHINE: Equipment = "machine";
const CABLE: Equipment = "cable";

const B: ExperienceLevel = "Beginner";
const I: ExperienceLevel = "Intermediate";
const A: ExperienceLevel = "Advanced";

const C: Mechanic = "compound";
const ISO: Mechanic = "isolation";

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

type Row = [
  name: string,
  level: ExperienceLevel,
  mechanic: Mechanic,
  equipment: readonly Equipment[],
  secondaryMuscles: readonly string[],
  cues: readonly string[],
  suitableUpTo?: ExperienceLevel,
];

/*
 * Jumps, bounds, running, burpees and explosive catches: high joint loading or fall risk, left out
 * for adults from 65 (ACSM's Guidelines for Exercise Testing and Prescription, 11th ed., older
 * adults: low-impact aerobic and resistance work). Mountain climbers and high knees are fast floor
 * and running drills that belong here too.
 */
const HIGH_IMPACT = new Set([
  "Plyo Push-Up",
  "Clock Push-Up",
  "Burpee",
  "Man Maker",
  "Dumbbell Clean",
  "Clean and Press",
  "Push Press",
  "One-Arm Kettlebell Push Press",
  "Kettlebell Swing",
  "Freehand Jump Squat",
  "Split Jump",
  "Star Jump",
  "Skater Hops",
  "Jumping Jacks",
  "Mountain Climbers",
  "High Knees",
  "Butt Kicks",
  "Fast Skipping",
  "Running, Treadmill",
  "Bear Crawl",
  "Kettlebell Turkish Get-Up (Squat style)",
]);

/*
 * Tiers above the default (level Beginner → 1, Intermediate → 2, Advanced → 3) with why. A coach's call, backed
 * where a source exists: Kolber et al., "Shoulder injuries attributed to resistance training: a brief review",
 * J Strength Cond Res 2010;24(6):1696-704 (upright rows and dips put the shoulder in impingement-prone or
 * end-range extended positions under load); Petersen et al., Am J Sports Med 2011;39(11):2296-303 (Nordic curls:
 * very high eccentric hamstring load, introduced over weeks); Chmielewski et al., "Plyometric exercise in the
 * rehabilitation of athletes", J Orthop Sports Phys Ther 2006;36(5):308-19 (landing forces several times body
 * weight); Fragala et al., "Resistance training for older adults: position statement from the NSCA",
 * J Strength Cond Res 2019;33(8):2019-52 (stable, supported, machine or free-weight work progressed gradually).
 */
const TIER_NOTES: Record<string, [ExerciseTier, string]> = {
  "Natural Glute Ham Raise": [
    3,
    "Nordic curl: very high eccentric hamstring and knee load (Petersen 2011); build up over weeks",
  ],
  "Glute Ham Raise": [3, "Very high eccentric hamstring load at long length (Petersen 2011)"],
  "Pistol Squat": [3, "Full body weight on one deeply bent knee, with a balance demand"],
  "Kettlebell Pistol Squat": [3, "Loaded single-leg full-depth squat: knee and balance demand"],
  "Shrimp Squat": [3, "Single-leg squat with the knee to the floor: knee flexion under full body weight"],
  "Single-Arm Push-Up": [3, "Body weight through one shoulder, elbow and wrist; high trunk control"],
  "Handstand Push-Ups": [3, "Inverted, head-down pressing: neck, shoulder and wrist load and a fall risk"],
  "Deficit Single-Leg Calf Raise": [3, "Body weight on one Achilles tendon at full stretch"],
  "Standing Dumbbell Upright Row": [
    3,
    "Raised, internally rotated arm: the impingement position (Kolber 2010)",
  ],
  "Upright Barbell Row": [
    3,
    "Raised, internally rotated arm under a bar: the impingement position (Kolber 2010)",
  ],
  "Bench Dips": [3, "Shoulder in loaded end-range extension (Kolber 2010)"],
  "Dips - Chest Version": [3, "Shoulder in loaded end-range extension with body weight (Kolber 2010)"],
  "Dips - Triceps Version": [3, "Shoulder in loaded end-range extension with body weight (Kolber 2010)"],
  "Plyo Push-Up": [3, "Explosive push-off and landing on the wrists (Chmielewski 2006)"],
  "Clock Push-Up": [3, "Repeated push-ups while walking the hands: wrist and shoulder load, coordination"],
  "One-Arm Kettlebell Push Press": [3, "Explosive overhead drive: shoulder and lower back under a fast load"],
  "Weighted Pull Ups": [3, "Added load on the shoulders and elbows in a hanging position"],
  Burpee: [2, "Jump and floor drop: landing forces and wrist load (Chmielewski 2006)"],
  "Bear Crawl": [2, "Wrists and shoulders carry the body while crawling"],
  "Single-Leg Calf Raise": [2, "Body weight on one ankle and Achilles tendon"],
  "Single Leg Glute Bridge": [2, "One-leg bridge: pelvic control and hamstring cramp risk"],
  "Bodyweight Walking Lunge": [2, "Travelling single-leg work: knee load and balance"],
  "Dumbbell Lunges": [2, "Loaded forward lunge: knee braking load and balance"],
  "Jackknife Sit-Up": [2, "Long-lever trunk flexion: hip-flexor pull on the lower back"],
  "Kettlebell Sumo High Pull": [2, "Fast pull with the elbows high: shoulder and lower-back demand"],
  "Dumbbell Thruster": [2, "Squat into an overhead press: knee, hip and shoulder load in one move"],
  "Step-up with Knee Raise": [2, "Single-leg step with a balance hold"],
  "Barbell Squat": [2, "Spine loaded under a bar, knees and hips at depth: coached technique first"],
  "Barbell Bench Press": [
    2,
    "Bar over the face and shoulders: needs a spotter or safeties and a learned setup",
  ],
  "Inverted Row": [1, "Body weight supported by the heels; easy to regress by standing taller"],
};

/** Default joint-stress notes by pattern; TIER_NOTES overrides them. */
const PATTERN_STRESS: Record<MovementPattern, string> = {
  "horizontal press": "Shoulders, elbows and wrists under moderate load",
  "vertical press": "Shoulders overhead: needs full, pain-free overhead range",
  fly: "Shoulder at a long lever: keep the range comfortable",
  "horizontal pull": "Low joint stress; a bent-over torso loads the lower back",
  "vertical pull": "Shoulders and elbows; hanging needs grip and shoulder mobility",
  "straight-arm pull": "Shoulders at a long lever, low load",
  hinge: "Lower back and hips under load: flat back first",
  squat: "Knees and hips through a deep range",
  lunge: "Knee and hip on one leg, with a balance demand",
  "knee extension": "Knee extension under load: patellar tendon",
  "knee flexion": "Hamstrings and knee under load",
  "hip extension": "Low joint stress; hips and lower back",
  "hip abduction": "Low joint stress",
  raise: "Shoulder at a long lever, light loads",
  "rear delt": "Low joint stress",
  curl: "Elbows and wrists, light to moderate load",
  "triceps extension": "Elbows under load",
  "calf raise": "Ankles and Achilles tendon",
  "trunk flexion": "Spine flexion, light",
  "trunk rotation": "Spine rotation under load",
  "trunk stability": "Low joint stress",
  balance: "Low joint stress; fall risk managed with a chair or wall at hand",
  conditioning: "Heart and lungs; impact depends on the move",
  mobility: "Low joint stress",
};

/** Mobility and activation drills: warm-up material, never a planned hard set. */
const DRILLS = new Set([
  "Wall Slide",
  "Kettlebell Halo",
  "Scapular Pull-Up",
  "Superman",
  "Reverse Snow Angel",
  "Prone Swimmer",
]);

/** Explosive strength work, prescribed as power sets (ACSM 2009: 3–6 reps, 2–3 min rest). */
const POWER = new Set([
  "Plyo Push-Up",
  "Clock Push-Up",
  "Freehand Jump Squat",
  "Push Press",
  "One-Arm Kettlebell Push Press",
  "Dumbbell Clean",
  "Clean and Press",
]);

/** Exercises kept for older adults: a chair sit-to-stand is functional training at 70, not a quad exercise at 30. */
const FROM_AGE: Record<string, number> = { "Sit-to-Stand": 65 };

/** Secondary-muscle words (Free Exercise DB vocabulary) that name a counted muscle. */
const MUSCLE_OF_WORD: Record<string, Muscle> = {
  chest: "Chest",
  lats: "Back",
  "middle back": "Back",
  shoulders: "Shoulders",
  biceps: "Biceps",
  triceps: "Triceps",
  quadriceps: "Quads",
  hamstrings: "Hamstrings",
  glutes: "Glutes",
  calves: "Calves",
  abdominals: "Core",
  obliques: "Core",
};

/** Prime movers where the body part alone misleads (a deadlift is a hip-extensor lift; a thruster is two lifts). */
const PRIME_OVERRIDES: Record<string, Muscle[]> = {
  "Barbell Deadlift": ["Glutes", "Hamstrings"],
  "Rack Pulls": ["Glutes", "Hamstrings"],
  "Hyperextensions (Back Extensions)": ["Glutes"],
  "Hyperextensions With No Hyperextension Bench": ["Glutes"],
};

const TRAINED_PARTS = new Set<string>([
  "Chest",
  "Back",
  "Shoulders",
  "Biceps",
  "Triceps",
  "Quads",
  "Hamstrings",
  "Glutes",
  "Calves",
  "Core",
]);

function musclesOf(
  bodyPart: BodyPart,
  name: string,
  secondaryMuscles: readonly string[],
  drill: boolean,
): { primeMovers: Muscle[]; synergists: Muscle[] } {
  if (drill || bodyPart === "Warmup" || bodyPart === "Cooldown") return { primeMovers: [], synergists: [] };
  const primeMovers: Muscle[] =
    PRIME_OVERRIDES[name] ?? (TRAINED_PARTS.has(bodyPart) && !BALANCE.has(name) ? [bodyPart as Muscle] : []);
  // Squats, lunges and leg presses barely grow the hamstrings (Kubo et al., Eur J Appl Physiol 2019;119(9):1933-42:
  // full squats grew the quadriceps, adductors and gluteus maximus but not the hamstrings), so a quad exercise
  // counts no hamstring sets even where the Free Exercise DB lists them as secondary.
  const synergists = [...new Set(secondaryMuscles.map((word) => MUSCLE_OF_WORD[word]))].filter(
    (muscle): muscle is Muscle =>
      muscle !== undefined &&
      !primeMovers.includes(muscle) &&
      !(muscle === "Hamstrings" && primeMovers.includes("Quads")),
  );
  if (
    PRIME_OVERRIDES[name] !== undefined &&
    TRAINED_PARTS.has(bodyPart) &&
    !primeMovers.includes(bodyPart as Muscle)
  )
    synergists.push(bodyPart as Muscle);
  return { primeMovers, synergists };
}

/** Standing balance drills (Otago Exercise Programme). */
const BALANCE = new Set(["Single-Leg Balance Reach", "Tandem Heel-to-Toe Walk", "Standing March With Pause"]);

/** Single-leg, crawling, hanging-skill and explosive moves: not the simple, stable work a beginner starts with. */
const UNSTABLE =
  /single|one-leg|pistol|lunge|step-up|step up|crawl|clock|plyo|jump|hop|burpee|windmill|get-up|renegade|clean|thruster|man maker|on a dumbbell|handstand|cossack|shrimp|jackknife/i;

/** The pattern a name and body part describe; the library test checks every training entry gets a specific one. */
function patternOf(bodyPart: BodyPart, name: string): MovementPattern {
  const text = name.toLowerCase();
  const has = (pattern: RegExp): boolean => pattern.test(text);
  if (BALANCE.has(name)) return "balance";
  switch (bodyPart) {
    case "Chest":
      if (has(/pullover/)) return "straight-arm pull";
      return has(/fly|crossover|butterfly/) ? "fly" : "horizontal press";
    case "Back":
      if (has(/deadlift|rack pull|hyperextension|superman|back extension/)) return "hinge";
      if (has(/straight-arm|scapular|snow angel|swimmer/)) return "straight-arm pull";
      if (has(/pull-up|pullup|pull up|chin|pulldown|high row/)) return "vertical pull";
      return "horizontal pull";
    case "Shoulders":
      if (has(/reverse|pull apart|rear delt|face pull|y-t/)) return "rear delt";
      if (has(/raise|upright|slide/)) return "raise";
      return "vertical press";
    case "Biceps":
      return "curl";
    case "Triceps":
      return has(/push-up|bench press|floor press|dip|jm press/) ? "horizontal press" : "triceps extension";
    case "Quads":
      if (has(/extension/)) return "knee extension";
      if (has(/lunge|split squat|step up|step-up/)) return "lunge";
      return "squat";
    case "Hamstrings":
      return has(/curl|glute ham|walkout/) ? "knee flexion" : "hinge";
    case "Glutes":
      if (has(/abductor|monster/)) return "hip abduction";
      if (has(/step-up/)) return "lunge";
      if (has(/swing|pull through|deadlift/)) return "hinge";
      return "hip extension";
    case "Calves":
      return "calf raise";
    case "Core":
      if (has(/twist|chop|windmill|side bend|pallof/)) return "trunk rotation";
      if (has(/dead bug|rollout|bird dog/)) return "trunk stability";
      return "trunk flexion";
    case "Full Body":
    case "Cardio":
      return "conditioning";
    case "Warmup":
    case "Cooldown":
      return "mobility";
  }
}

const DEFAULT_TIER: Record<ExperienceLevel, ExerciseTier> = { Beginner: 1, Intermediate: 2, Advanced: 3 };

function group(bodyPart: BodyPart, rows: readonly Row[]): Exercise[] {
  return rows.map(([name, level, mechanic, equipment, secondaryMuscles, cues, suitableUpTo]) => ({
    id: slug(name),
    name,
    bodyPart,
    secondaryMuscles: [...secondaryMuscles],
    equipment: [...equipment],
    level,
    mechanic,
    cues: [...cues],
    ...(suitableUpTo === undefined ? {} : { suitableUpTo }),
    pattern: patternOf(bodyPart, name),
    highImpact: HIGH_IMPACT.has(name),
    balance: BALANCE.has(name),
    unstable: UNSTABLE.test(name) || HIGH_IMPACT.has(name),
    tier: TIER_NOTES[name]?.[0] ?? DEFAULT_TIER[level],
    jointStress: TIER_NOTES[name]?.[1] ?? PATTERN_STRESS[patternOf(bodyPart, name)],
    drill: DRILLS.has(name),
    power: POWER.has(name),
    ...(FROM_AGE[name] === undefined ? {} : { fromAgeYears: FROM_AGE[name] }),
    ...musclesOf(bodyPart, name, secondaryMuscles, DRILLS.has(name)),
  }));
}

// prettier-ignore
const CHEST = group("Chest", [
  ["Push-Up", B, C, [BW], ["triceps", "shoulders"], ["Hands just outside shoulders", "Body in one straight line", "Chest to a fist's height off the floor"]],
  ["Incline Push-Up", B, C, [BW], ["triceps", "shoulders"], ["Hands on a sturdy table or step", "Keep hips in line", "Lower chest to the edge"], I],
  ["Wide-Grip Push-Up", B, C, [BW], ["shoulders", "triceps"], ["Hands a forearm wider than shoulders", "Elbows at about 60°", "Squeeze the chest to push"]],
  ["Dumbbell Floor Press", B, C, [DB], ["triceps", "shoulders"], ["Lie on the floor, knees bent", "Lower until upper arms touch the floor", "Press straight over the chest"]],
  ["Alternating Kettlebell Floor Press", B, C, [KB], ["triceps", "shoulders"], ["Lie on the floor with two kettlebells", "Press one arm while the other holds", "Keep wrists straight"]],
  ["Kettlebell Squeeze Press", B, C, [KB], ["triceps", "shoulders"], ["Lie on the floor, bell held by its sides over the chest", "Squeeze the hands into the bell", "Press up and lower slowly"]],
  ["Band Chest Press", B, C, [BAND], ["triceps", "shoulders"], ["Anchor the band behind you at chest height", "Stagger your stance", "Press forward until arms are straight"]],
  ["Band Chest Fly", B, ISO, [BAND], ["shoulders"], ["Anchor the band behind you", "Slight bend in the elbows", "Hug the band together in front of the chest"]],
  ["Dumbbell Floor Fly", B, ISO, [DB], ["shoulders"], ["Lie on the floor, arms over the chest", "Open wide with soft elbows", "Stop when the upper arms touch the floor"]],
  ["Push-Ups With Feet Elevated", I, C, [BW], ["shoulders", "triceps"], ["Feet on a step or chair", "Brace the trunk", "Lower the chest between the hands"]],
  ["One-Arm Kettlebell Floor Press", I, C, [KB], ["triceps", "shoulders"], ["Lie on the floor, bell in one hand", "Keep the forearm vertical", "Brace against rotation"]],
  ["Clock Push-Up", I, C, [BW], ["shoulders", "triceps"], ["Do a push-up", "Walk the hands a step round the clock", "Keep the core tight throughout"]],
  ["Plyo Push-Up", A, C, [BW], ["shoulders", "triceps"], ["Lower under control", "Push hard enough for the hands to leave the floor", "Land softly and go straight into the next rep"]],
  ["Single-Arm Push-Up", A, C, [BW], ["triceps", "shoulders", "abdominals"], ["Wide stance with the feet", "Free hand behind the back", "Keep shoulders square to the floor"]],
  ["Barbell Bench Press", B, C, [BB, BENCH], ["triceps", "shoulders"], ["Shoulder blades pinched, feet planted", "Lower to the mid chest", "Press up and slightly back"]],
  ["Barbell Floor Press", B, C, [BB], ["triceps", "shoulders"], ["Lie on the floor under a racked bar", "Lower until the upper arms touch the floor", "Press back up over the chest"]],
  ["Incline Barbell Bench Press", I, C, [BB, BENCH], ["shoulders", "triceps"], ["Bench at 30–45°", "Lower to the upper chest", "Keep wrists over elbows"]],
  ["Wide-Grip Barbell Bench Press", A, C, [BB, BENCH], ["shoulders", "triceps"], ["Grip wider than the usual bench grip", "Control the descent to the chest", "Keep shoulder blades retracted"]],
  ["Dumbbell Bench Press", B, C, [DB, BENCH], ["triceps", "shoulders"], ["Dumbbells at the sides of the chest", "Press up and slightly together", "Keep feet planted"]],
  ["Incline Dumbbell Press", B, C, [DB, BENCH], ["shoulders", "triceps"], ["Bench at 30–45°", "Lower to the upper chest", "Press without clanging the bells"]],
  ["Decline Dumbbell Bench Press", I, C, [DB, BENCH], ["triceps", "shoulders"], ["Secure the legs on the decline bench", "Lower to the lower chest", "Press in a slight arc"]],
  ["Dumbbell Flyes", B, ISO, [DB, BENCH], ["shoulders"], ["Soft, fixed elbows", "Open until a stretch in the chest", "Squeeze back up over the chest"]],
  ["Incline Dumbbell Flyes", I, ISO, [DB, BENCH], ["shoulders"], ["Bench at 30°", "Open wide under control", "Bring bells together over the upper chest"]],
  ["Cable Crossover", I, ISO, [CABLE], ["shoulders"], ["Pulleys high, one step forward", "Arc the handles down and together", "Pause and squeeze"]],
  ["Low Cable Crossover", I, ISO, [CABLE], ["shoulders"], ["Pulleys low", "Sweep the handles up to chin height", "Keep a slight elbow bend"]],
  ["Cable Chest Press", B, C, [CABLE], ["triceps", "shoulders"], ["Pulleys at chest height", "Staggered stance", "Press forward and together"]],
  ["Machine Bench Press", B, C, [MACHINE], ["triceps", "shoulders"], ["Handles at mid-chest height", "Press without locking out hard", "Return slowly"]],
  ["Butterfly", B, ISO, [MACHINE], ["shoulders"], ["Seat so handles are at chest height", "Bring pads together with the chest", "Open slowly to a stretch"]],
  ["Dips - Chest Version", I, C, [MACHINE], ["triceps", "shoulders"], ["Use the dip station", "Lean the torso forward", "Lower until shoulders are just below elbows"]],
  ["Straight-Arm Dumbbell Pullover", I, C, [DB, BENCH], ["lats", "triceps"], ["Lie across or along a bench", "Lower the dumbbell behind the head with long arms", "Pull back over the chest"]],
]);

// prettier-ignore
const BACK = group("Back", [
  ["Band Assisted Pull-Up", B, C, [BAR, BAND], ["biceps", "middle back"], ["Loop the band over the bar under a knee", "Pull the chest to the bar", "Lower all the way down"], I],
  ["One-Arm Dumbbell Row", B, C, [DB], ["biceps", "middle back"], ["Hand on the knee, back flat", "Pull the dumbbell to the hip", "Lower with a stretch"]],
  ["Bent Over Two-Dumbbell Row", B, C, [DB], ["biceps", "middle back"], ["Hinge to about 45°, back flat", "Row both dumbbells to the ribs", "Squeeze the shoulder blades"]],
  ["Band Bent-Over Row", B, C, [BAND], ["biceps", "middle back"], ["Stand on the band, hinge forward", "Row the handles to the hips", "Pause at the top"]],
  ["Band Lat Pulldown", B, C, [BAND], ["biceps", "middle back"], ["Anchor the band high, kneel", "Pull elbows down to the ribs", "Keep the chest up"]],
  ["Band Straight-Arm Pulldown", B, ISO, [BAND], ["triceps", "abdominals"], ["Anchor the band high", "Arms long, sweep the hands to the thighs", "Keep the ribs down"]],
  ["Scapular Pull-Up", B, ISO, [BAR], ["traps"], ["Hang from the bar with straight arms", "Pull the shoulder blades down", "Lower slowly without bending the elbows"]],
  ["Superman", B, ISO, [BW], ["glutes", "hamstrings"], ["Lie face down, arms overhead", "Lift arms, chest and legs together", "Pause, then lower under control"]],
  ["Doorway Row", B, C, [BW], ["biceps", "middle back"], ["Hold both sides of a sturdy door frame, feet near the threshold", "Lean back on straight arms, body in one line", "Pull the chest to the frame"]],
  ["Reverse Snow Angel", B, ISO, [BW], ["shoulders", "traps"], ["Lie face down, arms by the sides", "Lift the arms and sweep them overhead", "Sweep back without touching the floor"]],
  ["Table Inverted Row", B, C, [BW], ["biceps", "middle back"], ["Lie under a sturdy table and grip its edge", "Body straight, heels on the floor", "Pull the chest to the table"]],
  ["Towel Door Row", B, C, [BW], ["biceps", "middle back"], ["Loop a towel round both handles of a closed, sturdy door", "Lean back on straight arms, feet near the door", "Row the chest to the door, elbows low"]],
  ["Single-Arm Doorway Row", I, C, [BW], ["biceps", "middle back"], ["Hold a sturdy door frame with one hand", "Lean back, body in one line", "Row yourself in without twisting"]],
  ["Prone Swimmer", B, ISO, [BW], ["shoulders", "lower back"], ["Lie face down, arms overhead", "Sweep the arms round to the hips and back", "Keep them off the floor"]],
  ["Pullups", I, C, [BAR], ["biceps", "middle back"], ["Grip just outside shoulders", "Pull the chest to the bar", "Full hang at the bottom"]],
  ["Chin-Up", I, C, [BAR], ["biceps", "middle back"], ["Palms facing you, shoulder width", "Drive the elbows down", "Chin over the bar"]],
  ["One-Arm Kettlebell Row", I, C, [KB], ["biceps", "middle back"], ["Staggered stance, hand on the front knee", "Row the bell to the hip", "Do not twist the torso"]],
  ["Two-Arm Kettlebell Row", I, C, [KB], ["biceps", "middle back"], ["Hinge with a flat back", "Row both bells to the ribs", "Lower with control"]],
  ["Hyperextensions With No Hyperextension Bench", I, ISO, [BW], ["glutes", "hamstrings"], ["Lie face down, hands by the ears", "Lift the chest by squeezing the back and glutes", "Lower slowly"]],
  ["Weighted Pull Ups", A, C, [BAR, DB], ["biceps", "middle back"], ["Hold a dumbbell between the feet", "Pull the chest to the bar", "Control the descent"]],
  ["Alternating Renegade Row", A, C, [KB], ["abdominals", "biceps"], ["Push-up position on two kettlebells", "Row one bell without rotating the hips", "Alternate sides"]],
  ["Wide-Grip Lat Pulldown", B, C, [CABLE], ["biceps", "middle back"], ["Wide overhand grip", "Pull the bar to the upper chest", "Let the arms straighten fully"]],
  ["Close-Grip Front Lat Pulldown", B, C, [CABLE], ["biceps", "middle back"], ["Narrow grip", "Lean back slightly", "Pull to the upper chest"]],
  ["One Arm Lat Pulldown", B, C, [CABLE], ["biceps"], ["One handle, seated", "Pull the elbow to the side", "Stretch fully at the top"]],
  ["Seated Cable Rows", B, C, [CABLE], ["biceps", "lats"], ["Sit tall, knees soft", "Pull the handle to the belly", "Do not rock the torso"]],
  ["Straight-Arm Pulldown", B, ISO, [CABLE], ["triceps"], ["Face a high pulley", "Arms long, sweep the bar to the thighs", "Hinge slightly at the hips"]],
  ["Leverage High Row", B, C, [MACHINE], ["biceps", "lats"], ["Chest on the pad", "Pull the handles down and back", "Return slowly"]],
  ["Dumbbell Incline Row", B, C, [DB, BENCH], ["biceps", "lats"], ["Lie chest-down on an incline bench", "Row the dumbbells to the ribs", "No momentum"]],
  ["Hyperextensions (Back Extensions)", B, ISO, [MACHINE], ["glutes", "hamstrings"], ["Hips on the pad", "Lower the torso with a flat back", "Rise until the body is straight"]],
  ["Inverted Row", B, C, [BB], ["biceps", "lats"], ["Bar in a rack at waist height", "Body straight under the bar", "Pull the chest to the bar"]],
  ["Landmine Row", B, C, [BB], ["biceps", "lats"], ["One end of the bar in a corner or landmine", "Hinge over the loaded end, back flat", "Row the bar to the belly"]],
  ["Bent Over Barbell Row", I, C, [BB], ["biceps", "lats"], ["Hinge to about 45°", "Row the bar to the lower ribs", "Keep the back flat"]],
  ["T-Bar Row with Handle", I, C, [BB], ["biceps", "lats"], ["Straddle the bar, hinge forward", "Row the handle to the chest", "Keep the back flat"]],
  ["Barbell Deadlift", I, C, [BB], ["glutes", "hamstrings", "traps"], ["Bar over the mid-foot", "Brace and push the floor away", "Lock out with the glutes, not the lower back"]],
  ["Rack Pulls", A, C, [BB], ["glutes", "hamstrings", "traps"], ["Bar on pins just below the knee", "Brace hard", "Drive the hips through to lock out"]],
]);

// prettier-ignore
const SHOULDERS = group("Shoulders", [
  ["Standing Dumbbell Press", B, C, [DB], ["triceps"], ["Dumbbells at shoulder height", "Brace the trunk", "Press overhead without arching"]],
  ["Shoulder Press - With Bands", B, C, [BAND], ["triceps"], ["Stand on the band", "Handles at the shoulders", "Press straight up"]],
  ["Side Lateral Raise", B, ISO, [DB], ["traps"], ["Slight elbow bend", "Raise to shoulder height", "Lower slowly"]],
  ["Lateral Raise - With Bands", B, ISO, [BAND], ["traps"], ["Stand on the band", "Lead with the elbows", "Stop at shoulder height"]],
  ["Front Dumbbell Raise", B, ISO, [DB], ["chest"], ["Palms facing down", "Raise to eye height", "Do not swing"]],
  ["Reverse Flyes", B, ISO, [DB], ["middle back", "traps"], ["Hinge forward, back flat", "Open the arms out to the sides", "Squeeze the rear shoulders"]],
  ["Band Pull Apart", B, ISO, [BAND], ["middle back", "traps"], ["Arms straight at chest height", "Pull the band apart to the chest", "Return slowly"]],
  ["Standing Dumbbell Upright Row", B, C, [DB], ["traps", "biceps"], ["Dumbbells in front of the thighs", "Lift the elbows to shoulder height", "Keep the bells close"]],
  ["Arnold Dumbbell Press", I, C, [DB], ["triceps"], ["Start palms facing you", "Rotate the palms out as you press", "Reverse on the way down"]],
  ["Pike Push-Up", I, C, [BW], ["triceps", "chest"], ["Hips high, body in an upside-down V", "Lower the head between the hands", "Press back up"]],
  ["Incline Pike Push-Up", B, C, [BW], ["triceps", "chest"], ["Hands on a sturdy step or low table, hips high", "Lower the head towards the edge", "Press back up"]],
  ["Prone Y-T Raise", B, ISO, [BW], ["middle back", "traps"], ["Lie face down, thumbs up", "Lift the arms in a Y, then a T", "Squeeze the shoulder blades"]],
  ["Wall Slide", B, ISO, [BW], ["traps"], ["Back, head and forearms against a wall", "Slide the arms up as high as they stay in contact", "Slide down slowly"]],
  ["Kettlebell Overhead Press", B, C, [KB], ["triceps"], ["One bell in the rack position", "Press straight up, biceps by the ear", "Lower back to the rack"]],
  ["Kettlebell Halo", B, ISO, [KB], ["abdominals"], ["Hold the bell upside down by the horns", "Circle it round the head", "Keep the ribs down"]],
  ["Two-Arm Kettlebell Military Press", I, C, [KB], ["triceps"], ["Bells in the rack position", "Press overhead together", "Squeeze the glutes"]],
  ["One-Arm Kettlebell Push Press", I, C, [KB], ["triceps", "quadriceps"], ["Bell in the rack position", "Dip and drive with the legs", "Lock out overhead"]],
  ["Handstand Push-Ups", A, C, [BW], ["triceps"], ["Kick up to a handstand against a wall", "Lower the head to the floor", "Press back to straight arms"]],
  ["Seated Dumbbell Press", B, C, [DB, BENCH], ["triceps"], ["Upright bench", "Press overhead", "Lower to ear height"]],
  ["Machine Shoulder (Military) Press", B, C, [MACHINE], ["triceps"], ["Handles at shoulder height", "Press up", "Return slowly"]],
  ["Cable Seated Lateral Raise", B, ISO, [CABLE], ["traps"], ["Low pulley, cross-body handle", "Raise to shoulder height", "Constant tension"]],
  ["Reverse Machine Flyes", B, ISO, [MACHINE], ["middle back"], ["Face the pec-deck pad", "Sweep the handles back", "Keep arms at shoulder height"]],
  ["Cable Rear Delt Fly", B, ISO, [CABLE], ["middle back"], ["Pulleys at shoulder height, crossed", "Open the arms wide", "Squeeze the rear shoulders"]],
  ["Face Pull", I, C, [CABLE], ["middle back", "traps"], ["Rope at face height", "Pull to the forehead, elbows high", "Rotate the hands back"]],
  ["Standing Military Press", I, C, [BB], ["triceps"], ["Bar on the front of the shoulders", "Move the head back as the bar passes", "Lock out over the mid-foot"]],
  ["Seated Barbell Military Press", I, C, [BB, BENCH], ["triceps"], ["Upright bench", "Press from the collarbone", "Keep the ribs down"]],
  ["Upright Barbell Row", I, C, [BB], ["traps"], ["Shoulder-width grip", "Pull the elbows up to shoulder height", "Stop if the shoulder pinches"]],
  ["Push Press", A, C, [BB], ["triceps", "quadriceps"], ["Bar in the front rack", "Short dip then drive", "Lock out overhead"]],
]);

// prettier-ignore
const BICEPS = group("Biceps", [
  ["Dumbbell Bicep Curl", B, ISO, [DB], ["forearms"], ["Elbows at the sides", "Curl and turn the palms up", "Lower fully"]],
  ["Dumbbell Alternate Bicep Curl", B, ISO, [DB], ["forearms"], ["Curl one arm at a time", "Do not swing", "Squeeze at the top"]],
  ["Hammer Curls", B, ISO, [DB], ["forearms"], ["Palms facing each other", "Elbows still", "Lower slowly"]],
  ["Cross Body Hammer Curl", B, ISO, [DB], ["forearms"], ["Neutral grip", "Curl towards the opposite shoulder", "Alternate sides"]],
  ["Standing Concentration Curl", B, ISO, [DB], ["forearms"], ["Hinge forward, arm hanging", "Curl to the shoulder", "Upper arm stays still"]],
  ["Band Curl", B, ISO, [BAND], ["forearms"], ["Stand on the band", "Elbows pinned", "Control the return"]],
  ["Band Hammer Curl", B, ISO, [BAND], ["forearms"], ["Stand on the band, palms facing in", "Elbows pinned", "Lower slowly"]],
  ["Towel Curl", B, ISO, [BW], ["forearms"], ["Sit, a towel looped under one foot", "Curl the towel while the leg resists", "Lower over three seconds"]],
  ["Towel Hammer Curl", B, ISO, [BW], ["forearms"], ["Sit, a towel looped under one foot, thumbs up", "Curl the towel while the leg resists", "Lower over three seconds"]],
  ["Doorway Biceps Curl", B, ISO, [BW], ["forearms"], ["Hold a sturdy door frame with one hand, palm up", "Lean back on a straight arm", "Curl the body towards the frame"]],
  ["Kettlebell Curl", B, ISO, [KB], ["forearms"], ["Hold the bell by the handle", "Elbows at the sides", "Lower slowly"]],
  ["Kettlebell Hammer Curl", B, ISO, [KB], ["forearms"], ["A bell in each hand by the handle, palms in", "Curl without swinging", "Lower slowly"]],
  ["Kettlebell Concentration Curl", B, ISO, [KB], ["forearms"], ["Sit, elbow braced on the inner thigh", "Curl the bell to the shoulder", "Lower all the way"]],
  ["Zottman Curl", I, ISO, [DB], ["forearms"], ["Curl palms up", "Turn palms down at the top", "Lower palms down"]],
  ["Standing Dumbbell Reverse Curl", I, ISO, [DB], ["forearms"], ["Palms facing down", "Curl with the elbows still", "Lower slowly"]],
  ["Barbell Curl", B, ISO, [BB], ["forearms"], ["Shoulder-width grip", "Elbows fixed", "No hip swing"]],
  ["EZ-Bar Curl", B, ISO, [BB], ["forearms"], ["Grip the angled handles", "Curl to the chest", "Lower fully"]],
  ["Standing Biceps Cable Curl", B, ISO, [CABLE], ["forearms"], ["Low pulley, straight bar", "Elbows at the sides", "Squeeze at the top"]],
  ["Cable Hammer Curls - Rope Attachment", B, ISO, [CABLE], ["forearms"], ["Low pulley, rope", "Neutral grip curl", "Keep the elbows still"]],
  ["Machine Preacher Curls", B, ISO, [MACHINE], ["forearms"], ["Armpits on the pad", "Curl up", "Lower to nearly straight"]],
  ["Incline Dumbbell Curl", B, ISO, [DB, BENCH], ["forearms"], ["Bench at 45°, arms hanging", "Curl without moving the elbows", "Lower to a full stretch"]],
  ["Preacher Curl", I, ISO, [BB, BENCH], ["forearms"], ["Armpits on the preacher pad", "Curl to the shoulders", "Do not bounce at the bottom"]],
  ["Spider Curl", I, ISO, [BB, BENCH], ["forearms"], ["Chest on an incline bench, arms hanging", "Curl with the elbows forward", "Squeeze hard at the top"]],
  ["Overhead Cable Curl", I, ISO, [CABLE], ["forearms"], ["Stand between high pulleys", "Curl the handles to the ears", "Keep the upper arms level"]],
  ["Drag Curl", A, ISO, [BB], ["forearms"], ["Drag the bar up the body", "Elbows travel back", "Lower the same path"]],
]);

// prettier-ignore
const TRICEPS = group("Triceps", [
  ["Incline Push-Up Close-Grip", B, C, [BW], ["chest", "shoulders"], ["Hands close on a sturdy table", "Elbows brush the ribs", "Lower the chest to the hands"]],
  ["Standing Dumbbell Triceps Extension", B, ISO, [DB], ["shoulders"], ["One dumbbell overhead in both hands", "Lower behind the head", "Elbows point forward"]],
  ["Tricep Dumbbell Kickback", B, ISO, [DB], [], ["Hinge forward, upper arm by the side", "Straighten the elbow", "Squeeze at lockout"]],
  ["Speed Band Overhead Triceps", B, ISO, [BAND], [], ["Anchor the band low behind you", "Extend the arms overhead", "Elbows stay close"]],
  ["Band Triceps Pushdown", B, ISO, [BAND], [], ["Anchor the band high", "Elbows pinned to the sides", "Push down to straight arms"]],
  ["Body Tricep Press", B, ISO, [BW], ["chest"], ["Forearms on a sturdy surface", "Straighten the elbows to lift the body", "Keep the body straight"]],
  ["Close-Grip Knee Push-Up", B, C, [BW], ["chest", "shoulders"], ["Knees down, hands under the shoulders", "Elbows brush the ribs", "Lower the chest to the hands"]],
  ["Kettlebell Overhead Triceps Extension", B, ISO, [KB], [], ["Hold the bell by the horns overhead", "Lower it behind the head", "Elbows point forward"]],
  ["Kettlebell Lying Triceps Extension", B, ISO, [KB], [], ["Lie on the floor, bell held over the chest by the horns", "Bend the elbows to lower it by the head", "Extend back up"]],
  ["Kettlebell Close-Grip Floor Press", B, C, [KB], ["chest", "shoulders"], ["Lie on the floor, bell held by the horns", "Elbows tucked to the ribs", "Press straight up"]],
  ["Band Triceps Kickback", B, ISO, [BAND], [], ["Stand on the band, hinge forward", "Upper arm by the side", "Straighten the elbow"]],
  ["Push-Ups - Close Triceps Position", I, C, [BW], ["chest", "shoulders"], ["Hands under the shoulders or closer", "Elbows back along the ribs", "Full range"]],
  ["Lying Dumbbell Tricep Extension", I, ISO, [DB], [], ["Lie on the floor, arms vertical", "Bend the elbows to lower the bells by the head", "Extend back up"]],
  ["Triceps Pushdown", B, ISO, [CABLE], [], ["High pulley, straight bar", "Elbows fixed at the sides", "Lock out fully"]],
  ["Triceps Pushdown - Rope Attachment", B, ISO, [CABLE], [], ["High pulley, rope", "Spread the rope at the bottom", "Control the return"]],
  ["Cable Rope Overhead Triceps Extension", B, ISO, [CABLE], [], ["Face away from the pulley", "Extend the rope overhead", "Keep the elbows in"]],
  ["Machine Triceps Extension", B, ISO, [MACHINE], [], ["Elbows on the pad", "Extend fully", "Return slowly"]],
  ["Bench Dips", B, C, [BENCH], ["chest", "shoulders"], ["Hands on the bench edge", "Lower until elbows reach 90°", "Press back up"]],
  ["Seated Triceps Press", B, ISO, [DB, BENCH], [], ["Sit on a bench with back support", "Lower the dumbbell behind the head", "Extend overhead"]],
  ["EZ-Bar Skullcrusher", I, ISO, [BB, BENCH], [], ["Lie on a bench, bar over the eyes", "Lower towards the forehead", "Extend without flaring the elbows"]],
  ["Close-Grip Barbell Bench Press", I, C, [BB, BENCH], ["chest", "shoulders"], ["Grip shoulder width", "Elbows tucked", "Lower to the lower chest"]],
  ["Dips - Triceps Version", I, C, [MACHINE], ["chest", "shoulders"], ["Use the dip station", "Torso upright", "Lower until elbows are at 90°"]],
  ["JM Press", A, C, [BB, BENCH], ["chest", "shoulders"], ["Close grip on a bench", "Lower the bar towards the chin, elbows forward", "Press back up"]],
]);

// prettier-ignore
const QUADS = group("Quads", [
  ["Bodyweight Squat", B, C, [BW], ["glutes", "hamstrings"], ["Feet shoulder width", "Sit down between the heels", "Knees track over the toes"], I],
  ["Goblet Squat", B, C, [KB], ["glutes", "hamstrings"], ["Hold the bell at the chest", "Sit down between the knees", "Chest stays up"]],
  ["Dumbbell Squat", B, C, [DB], ["glutes", "hamstrings"], ["Dumbbells at the sides", "Squat to parallel", "Drive up through the whole foot"]],
  ["Dumbbell Lunges", B, C, [DB], ["glutes", "hamstrings"], ["Step forward", "Lower the back knee towards the floor", "Push back to standing"]],
  ["Bodyweight Walking Lunge", B, C, [BW], ["glutes", "hamstrings"], ["Long step forward", "Back knee just above the floor", "Step through to the next rep"]],
  ["Split Squat with Dumbbells", B, C, [DB], ["glutes", "hamstrings"], ["Staggered stance, feet stay planted", "Drop the back knee straight down", "Torso upright"]],
  ["Dumbbell Rear Lunge", B, C, [DB], ["glutes", "hamstrings"], ["Step backwards", "Front shin stays vertical", "Drive through the front heel"]],
  ["Squats - With Bands", B, C, [BAND], ["glutes", "hamstrings"], ["Stand on the band, handles at the shoulders", "Squat to parallel", "Stand up against the band"]],
  ["Plie Dumbbell Squat", B, C, [DB], ["adductors", "glutes"], ["Wide stance, toes out", "One dumbbell hangs between the legs", "Squat straight down"]],
  ["Sit-to-Stand", B, C, [BW], ["glutes", "hamstrings"], ["Sit on the front of a sturdy chair", "Stand up without using the hands", "Sit back down slowly"]],
  ["Bodyweight Reverse Lunge", B, C, [BW], ["glutes", "hamstrings"], ["Step back", "Lower the back knee towards the floor", "Drive through the front heel"]],
  ["Bodyweight Split Squat", B, C, [BW], ["glutes", "hamstrings"], ["Staggered stance, feet stay planted", "Drop the back knee straight down", "Torso upright"]],
  ["Kettlebell Split Squat", B, C, [KB], ["glutes", "hamstrings"], ["Bell held at the chest", "Drop the back knee straight down", "Drive through the front foot"]],
  ["Band Split Squat", B, C, [BAND], ["glutes", "hamstrings"], ["Band under the front foot, handles at the shoulders", "Drop the back knee", "Stand up against the band"]],
  ["Cossack Squat", I, C, [BW], ["adductors", "glutes"], ["Wide stance", "Sit into one hip, other leg straight", "Shift to the other side"]],
  ["Shrimp Squat", A, C, [BW], ["glutes", "hamstrings"], ["Stand on one leg, hold the other foot behind", "Lower the back knee to the floor", "Rise without touching down"]],
  ["Bench Step-Up", I, C, [BENCH], ["glutes", "hamstrings"], ["Step onto a flat bench", "Drive through the top foot", "Lower slowly"]],
  ["Dumbbell Step Ups", I, C, [DB], ["glutes", "hamstrings"], ["Step onto a sturdy stair or box", "Drive through the top foot", "Lower slowly"]],
  ["Front Squats With Two Kettlebells", I, C, [KB], ["glutes", "abdominals"], ["Bells in the rack position", "Squat deep with an upright torso", "Brace the trunk"]],
  ["Freehand Jump Squat", I, C, [BW], ["glutes", "calves"], ["Squat to parallel", "Jump explosively", "Land softly into the next rep"]],
  ["Pistol Squat", A, C, [BW], ["glutes", "hamstrings"], ["Stand on one leg, other leg forward", "Squat down on the standing leg", "Rise without the free foot touching"]],
  ["Kettlebell Pistol Squat", A, C, [KB], ["glutes", "hamstrings"], ["Hold the bell at the chest", "Squat on one leg", "Counterbalance with the bell"]],
  ["Barbell Squat", I, C, [BB], ["glutes", "hamstrings"], ["Bar on the upper back", "Brace and sit to at least parallel", "Drive up, knees out"]],
  ["Front Barbell Squat", A, C, [BB], ["glutes", "abdominals"], ["Bar on the front of the shoulders, elbows high", "Squat deep, torso upright", "Drive up through the mid-foot"]],
  ["Barbell Walking Lunge", I, C, [BB], ["glutes", "hamstrings"], ["Bar on the upper back", "Long controlled steps", "Back knee near the floor"]],
  ["Bulgarian Split Squat", I, C, [DB, BENCH], ["glutes", "hamstrings"], ["Rear foot on a bench", "Drop the back knee", "Drive through the front foot"]],
  ["Leg Press", B, C, [MACHINE], ["glutes", "hamstrings"], ["Feet shoulder width on the platform", "Lower until the knees reach 90°", "Do not lock the knees"]],
  ["Hack Squat", I, C, [MACHINE], ["glutes", "hamstrings"], ["Shoulders under the pads", "Squat deep", "Push through the whole foot"]],
  ["Smith Machine Squat", B, C, [MACHINE], ["glutes", "hamstrings"], ["Bar on the upper back", "Feet slightly forward", "Squat to parallel"]],
  ["Leg Extensions", B, ISO, [MACHINE], [], ["Knees in line with the pivot", "Extend fully", "Lower slowly"]],
  ["Single-Leg Leg Extension", B, ISO, [MACHINE], [], ["One leg at a time", "Pause at the top", "Lower under control"]],
]);

// prettier-ignore
const HAMSTRINGS = group("Hamstrings", [
  ["Stiff-Legged Dumbbell Deadlift", B, C, [DB], ["glutes", "lower back"], ["Soft knees, hinge at the hips", "Dumbbells slide down the thighs", "Stand up by squeezing the glutes"]],
  ["Band Good Morning", B, C, [BAND], ["glutes", "lower back"], ["Band under the feet and behind the neck", "Hinge with a flat back", "Stand tall"]],
  ["Band Good Morning (Pull Through)", B, C, [BAND], ["glutes", "lower back"], ["Face away from a low anchor", "Hinge and let the band pull the hands through", "Snap the hips forward"]],
  ["Band Leg Curl", B, ISO, [BAND], ["calves"], ["Lie face down, band round the ankles, anchored low", "Curl the heels to the glutes", "Lower slowly"]],
  ["Kettlebell Romanian Deadlift", B, C, [KB], ["glutes", "lower back"], ["Bell in both hands", "Push the hips back", "Stand up with the glutes"]],
  ["Kettlebell Staggered-Stance Deadlift", B, C, [KB], ["glutes", "lower back"], ["Back foot on its toes, a little behind", "Hinge over the front leg with the bell", "Stand up with the glutes"]],
  ["Kettlebell Good Morning", B, C, [KB], ["glutes", "lower back"], ["Hold the bell at the chest", "Hinge with soft knees and a flat back", "Stand tall"]],
  ["Bodyweight Good Morning", B, C, [BW], ["glutes", "lower back"], ["Hands by the ears, soft knees", "Hinge with a flat back", "Stand tall by squeezing the glutes"]],
  ["Bridge Walkout", B, ISO, [BW], ["glutes", "calves"], ["Hold a glute bridge", "Walk the heels out in small steps", "Walk them back in"]],
  ["Dumbbell Romanian Deadlift", B, C, [DB], ["glutes", "lower back"], ["Dumbbells in front of the thighs", "Push the hips back, soft knees", "Stand up with the glutes"]],
  ["Dumbbell Leg Curl", I, ISO, [DB, BENCH], ["calves"], ["Lie face down on a bench, a dumbbell between the feet", "Curl the heels towards the glutes", "Lower slowly"]],
  ["Single-Leg Romanian Deadlift", I, C, [BW], ["glutes", "lower back"], ["Stand on one leg, back leg long", "Hinge until the body is level", "Keep the hips square"]],
  ["Sliding Leg Curl", I, ISO, [BW], ["glutes", "calves"], ["Lie on your back, heels on towels", "Lift the hips and curl the heels in", "Slide out slowly"]],
  ["Kettlebell One-Legged Deadlift", I, C, [KB], ["glutes", "lower back"], ["Bell in the opposite hand", "Hinge on one leg, back leg long", "Keep the hips square"]],
  ["Natural Glute Ham Raise", A, C, [BW], ["glutes", "calves"], ["Kneel with the ankles held down", "Lower the body forward slowly", "Push off the floor and pull back up"]],
  ["Romanian Deadlift", I, C, [BB], ["glutes", "lower back"], ["Start standing with the bar", "Hinge until a hamstring stretch", "Bar stays against the legs"]],
  ["Stiff-Legged Barbell Deadlift", I, C, [BB], ["glutes", "lower back"], ["Near-straight knees", "Hinge with a flat back", "Stand by driving the hips forward"]],
  ["Good Morning", A, C, [BB], ["glutes", "lower back"], ["Bar on the upper back", "Hinge with soft knees", "Keep the back flat"]],
  ["Lying Leg Curls", B, ISO, [MACHINE], ["calves"], ["Knees just off the pad", "Curl the heels to the glutes", "Lower slowly"]],
  ["Seated Leg Curl", B, ISO, [MACHINE], ["calves"], ["Pad above the heels", "Curl down and back", "Control the return"]],
  ["Standing Leg Curl", B, ISO, [MACHINE], ["calves"], ["One leg at a time", "Curl the heel up", "Hips stay still"]],
  ["Glute Ham Raise", A, C, [MACHINE], ["glutes", "calves"], ["Feet locked in the GHD", "Lower the torso to horizontal", "Curl back up with the hamstrings"]],
]);

// prettier-ignore
const GLUTES = group("Glutes", [
  ["Glute Bridge", B, C, [BW], ["hamstrings"], ["Lie on your back, feet near the hips", "Drive the hips up", "Squeeze at the top"]],
  ["Single Leg Glute Bridge", B, ISO, [BW], ["hamstrings"], ["One foot planted, other leg up", "Lift the hips level", "Lower slowly"]],
  ["Dumbbell Glute Bridge", B, C, [DB], ["hamstrings"], ["Dumbbell across the hips", "Drive the hips up", "Pause at the top"]],
  ["Dumbbell Sumo Deadlift", B, C, [DB], ["hamstrings", "adductors"], ["Wide stance, one dumbbell between the feet", "Hinge and grip the end", "Stand up by pushing the floor away"]],
  ["Kettlebell Glute Bridge", B, C, [KB], ["hamstrings"], ["Bell held on the hips", "Drive the hips up", "Pause at the top"]],
  ["Dumbbell Hip Thrust", I, C, [DB, BENCH], ["hamstrings"], ["Upper back on a bench, dumbbell on the hips", "Drive the hips up", "Chin tucked, ribs down"]],
  ["Hip Lift with Band", B, C, [BAND], ["hamstrings"], ["Band across the hips, held down by the hands", "Bridge up against the band", "Squeeze the glutes"]],
  ["Hip Extension with Bands", B, C, [BAND], ["hamstrings"], ["On hands and knees, band round the foot", "Kick the leg back and up", "Keep the back flat"]],
  ["Glute Kickback", B, ISO, [BW], ["hamstrings"], ["On hands and knees", "Press one heel to the ceiling", "No lower-back arch"]],
  ["Monster Walk", B, ISO, [BAND], ["abductors"], ["Band above the knees", "Half squat", "Step wide, keep tension"]],
  ["Step-up with Knee Raise", B, C, [BW], ["quadriceps", "hamstrings"], ["Step onto a stair or box", "Drive the other knee up", "Lower slowly"]],
  ["Kettlebell Swing", I, C, [KB], ["hamstrings", "lower back"], ["Hinge, not squat", "Hike the bell back", "Snap the hips to float the bell to chest height"]],
  ["Kettlebell Sumo Deadlift", B, C, [KB], ["hamstrings", "quadriceps", "adductors"], ["Wide stance, bell between the feet", "Hinge and grip", "Stand up by pushing the floor away"]],
  ["Barbell Hip Thrust", I, C, [BB, BENCH], ["hamstrings"], ["Upper back on a bench, bar over the hips", "Drive the hips up", "Chin tucked, ribs down"]],
  ["Barbell Glute Bridge", I, C, [BB], ["hamstrings"], ["Lie under the bar", "Bridge up", "Squeeze at the top"]],
  ["Pull Through", B, C, [CABLE], ["hamstrings"], ["Face away from a low pulley", "Hinge back", "Drive the hips forward"]],
  ["One-Legged Cable Kickback", I, ISO, [CABLE], ["hamstrings"], ["Ankle cuff on a low pulley", "Kick the leg straight back", "Keep the torso still"]],
  ["Thigh Abductor", B, ISO, [MACHINE], [], ["Sit upright", "Push the knees apart", "Return slowly"]],
]);

// prettier-ignore
const CALVES = group("Calves", [
  ["Bodyweight Calf Raise", B, ISO, [BW], [], ["Balls of the feet on a step", "Rise as high as you can", "Lower below the step"], I],
  ["Tempo Calf Raise", B, ISO, [BW], [], ["Hold a wall, feet hip width", "Rise for one second, pause at the top", "Lower over three seconds"]],
  ["Single-Leg Calf Raise", B, ISO, [BW], [], ["One foot on a step", "Full rise", "Slow lowering"]],
  ["Deficit Single-Leg Calf Raise", A, ISO, [BW], [], ["One foot on a step edge", "Drop the heel well below the step", "Rise high and pause"]],
  ["Calf Raises - With Bands", B, ISO, [BAND], [], ["Stand on the band", "Rise onto the toes", "Pause at the top"]],
  ["Band Seated Calf Press", B, ISO, [BAND], [], ["Sit, legs long, band round the balls of the feet", "Point the toes against the band", "Return slowly"]],
  ["Standing Dumbbell Calf Raise", B, ISO, [DB], [], ["Dumbbells at the sides", "Rise high", "Lower slowly"]],
  ["Seated Dumbbell Calf Raise", B, ISO, [DB], [], ["Sit with the balls of the feet on a book or step", "Dumbbells on the knees", "Raise the heels high"]],
  ["Kettlebell Calf Raise", B, ISO, [KB], [], ["Bell in one hand, the other on a wall", "Rise high", "Lower slowly"]],
  ["Kettlebell Single-Leg Calf Raise", I, ISO, [KB], [], ["Bell in one hand, the other on a wall", "Rise on one foot", "Lower below the step if you have one"]],
  ["Calf Raise On A Dumbbell", I, ISO, [DB], [], ["Balls of the feet on a dumbbell handle", "Balance and rise", "Full stretch at the bottom"]],
  ["Standing Calf Raises", B, ISO, [MACHINE], [], ["Shoulders under the pads", "Full rise", "Deep stretch"]],
  ["Seated Calf Raise", B, ISO, [MACHINE], [], ["Knees under the pad", "Raise the heels", "Lower slowly"]],
  ["Calf Press On The Leg Press Machine", B, ISO, [MACHINE], [], ["Balls of the feet on the platform edge", "Press through the toes", "Knees stay still"]],
  ["Standing Barbell Calf Raise", I, ISO, [BB], [], ["Bar on the upper back", "Rise onto the toes", "Control the lowering"]],
  ["Seated Barbell Calf Raise", I, ISO, [BB, BENCH], [], ["Sit on a bench, a padded bar over the knees", "Balls of the feet on a plate", "Raise the heels high"]],
]);

// prettier-ignore
const CORE = group("Core", [
  ["Crunches", B, ISO, [BW], [], ["Lie on your back, knees bent", "Curl the shoulders off the floor", "Lower slowly"]],
  ["Reverse Crunch", B, ISO, [BW], [], ["Lie on your back, knees up", "Curl the hips off the floor", "Lower without swinging"]],
  ["Dead Bug", B, C, [BW], [], ["Back flat on the floor", "Extend opposite arm and leg", "Keep the ribs down"]],
  ["Air Bike", B, C, [BW], ["obliques"], ["Hands by the head", "Elbow towards the opposite knee", "Alternate in a pedalling motion"]],
  ["Alternate Heel Touchers", B, ISO, [BW], ["obliques"], ["Shoulders just off the floor", "Reach side to side to the heels", "Keep the lower back down"]],
  ["Cross-Body Crunch", B, C, [BW], ["obliques"], ["Hands by the head", "Crunch one shoulder towards the opposite knee", "Alternate sides"]],
  ["Dumbbell Side Bend", B, ISO, [DB], ["obliques"], ["Dumbbell in one hand", "Bend sideways", "Pull back up with the opposite side"]],
  ["Kettlebell Side Bend", B, ISO, [KB], ["obliques"], ["Bell in one hand", "Bend sideways", "Pull back up with the opposite side"]],
  ["Dumbbell Weighted Crunch", B, ISO, [DB], [], ["Hold a dumbbell on the chest", "Curl the shoulders off the floor", "Lower slowly"]],
  ["Dumbbell Russian Twist", I, C, [DB], ["obliques"], ["Sit, lean back, dumbbell at the chest", "Rotate the shoulders side to side", "Keep the chest up"]],
  ["Band Pallof Press", B, ISO, [BAND], ["obliques"], ["Band anchored at chest height to the side", "Press the hands straight out", "Resist the rotation"]],
  ["Band Woodchop", B, C, [BAND], ["obliques"], ["Anchor the band high to the side", "Chop diagonally across the body", "Pivot the back foot"]],
  ["Band Kneeling Crunch", B, ISO, [BAND], [], ["Kneel facing a high anchor, band at the head", "Crunch the elbows to the knees", "Hips stay still"]],
  ["Plank Shoulder Tap", B, C, [BW], ["obliques"], ["High plank, feet wide", "Tap each shoulder with the opposite hand", "Keep the hips still"]],
  ["Bird Dog", B, C, [BW], ["glutes", "lower back"], ["On hands and knees", "Reach one arm and the opposite leg long", "Hips level, return slowly"]],
  ["Single-Leg Balance Reach", B, ISO, [BW], ["glutes", "calves"], ["Stand on one leg beside a chair", "Reach the free foot forward, sideways and back", "Touch the chair only if you need to"]],
  ["Tandem Heel-to-Toe Walk", B, C, [BW], ["calves"], ["Walk beside a wall or counter", "Put each heel right in front of the other toes", "Eyes ahead; count the steps"]],
  ["Standing March With Pause", B, C, [BW], ["hip flexors", "glutes"], ["Stand tall beside a chair", "Lift one knee to hip height and hold two seconds", "Alternate legs slowly"]],
  ["Jackknife Sit-Up", B, C, [BW], [], ["Lie flat, arms overhead", "Lift arms and legs to meet", "Lower slowly"]],
  ["Russian Twist", I, C, [BW], ["obliques"], ["Lean back with the feet up", "Rotate the shoulders side to side", "Keep the chest up"]],
  ["Kettlebell Windmill", I, C, [KB], ["obliques", "shoulders"], ["Bell locked out overhead", "Hinge to the side to touch the floor", "Eyes on the bell"]],
  ["Hanging Knee Raise", I, ISO, [BAR], ["hip flexors"], ["Hang from the bar", "Raise the knees to the chest", "No swinging"]],
  ["Hanging Leg Raise", A, ISO, [BAR], ["hip flexors"], ["Hang from the bar", "Raise straight legs to horizontal or higher", "Lower under control"]],
  ["Hanging Pike", A, C, [BAR], ["hip flexors", "lats"], ["Hang from the bar", "Lift the feet to the bar", "Lower slowly"]],
  ["Cable Crunch", B, ISO, [CABLE], [], ["Kneel at a high pulley with a rope", "Crunch the elbows to the knees", "Hips stay still"]],
  ["Ab Crunch Machine", B, ISO, [MACHINE], [], ["Set the pads at the chest", "Crunch down", "Return slowly"]],
  ["Pallof Press", B, ISO, [CABLE], ["obliques"], ["Pulley at chest height to the side", "Press out and hold a beat", "Do not rotate"]],
  ["Standing Cable Wood Chop", I, C, [CABLE], ["obliques"], ["High pulley to the side", "Chop diagonally across the body", "Pivot the back foot"]],
  ["Decline Crunch", I, ISO, [BENCH], [], ["Feet secured on a decline bench", "Curl up", "Lower slowly"]],
  ["Barbell Ab Rollout", A, C, [BB], ["lats", "shoulders"], ["Kneel behind a barbell", "Roll out as far as you can hold a flat back", "Pull back with the abs"]],
  ["Landmine Rotation", I, C, [BB], ["obliques", "shoulders"], ["One end of the bar in a corner, hold the other overhead", "Arc it down to one hip and back", "Turn the feet, not the lower back"]],
]);

// prettier-ignore
const FULL_BODY = group("Full Body", [
  ["Burpee", B, C, [BW], ["chest", "quadriceps"], ["Squat, hands down, jump the feet back", "Chest to the floor", "Jump up"]],
  ["Dumbbell Thruster", B, C, [DB], ["quadriceps", "shoulders"], ["Dumbbells at the shoulders", "Squat", "Drive up and press overhead in one move"]],
  ["Kettlebell Sumo High Pull", B, C, [KB], ["traps", "hamstrings", "quadriceps"], ["Wide stance, bell between the feet", "Stand up and pull the bell to the chest", "Elbows high"]],
  ["Kettlebell Goblet Squat and Press", B, C, [KB], ["quadriceps", "shoulders"], ["Bell at the chest", "Squat, then stand", "Press the bell overhead at the top"]],
  ["Bear Crawl", B, C, [BW], ["shoulders", "quadriceps", "abdominals"], ["Hands under shoulders, knees an inch off the floor", "Crawl forward with opposite hand and foot", "Keep the back flat"]],
  ["Inchworm", B, C, [BW], ["hamstrings", "shoulders", "abdominals"], ["Hinge and walk the hands out to a plank", "Walk them back to the feet", "Stand up tall"]],
  ["Step-Back Burpee", B, C, [BW], ["chest", "quadriceps"], ["Squat and put the hands down", "Step the feet back one at a time, then in", "Stand up without jumping"]],
  ["Squat to Overhead Reach", B, C, [BW], ["quadriceps", "shoulders"], ["Squat to a comfortable depth", "Stand and reach both arms overhead", "Keep a steady rhythm"]],
  ["Band Squat to Row", B, C, [BAND], ["quadriceps", "middle back"], ["Anchor the band at chest height", "Squat, then row as you stand", "Keep the chest up"]],
  ["Band Squat to Press", B, C, [BAND], ["quadriceps", "shoulders"], ["Stand on the band, handles at the shoulders", "Squat", "Drive up and press overhead"]],
  ["Kettlebell Thruster", I, C, [KB], ["quadriceps", "shoulders"], ["Bells in the rack position", "Front squat", "Press overhead on the way up"]],
  ["Dumbbell Clean", I, C, [DB], ["hamstrings", "traps"], ["Hinge with the bells at the knees", "Jump and shrug", "Catch at the shoulders"]],
  ["Kettlebell Turkish Get-Up (Squat style)", A, C, [KB], ["shoulders", "abdominals", "quadriceps", "glutes"], ["Bell locked out overhead", "Rise to standing step by step", "Reverse to the floor"]],
  ["Man Maker", A, C, [DB], ["chest", "shoulders", "quadriceps"], ["Push-up on the dumbbells", "Row each side", "Clean and press"]],
  ["Barbell Thruster", I, C, [BB], ["quadriceps", "shoulders"], ["Bar in the front rack", "Front squat", "Drive the bar overhead"]],
  ["Clean and Press", A, C, [BB], ["shoulders", "hamstrings"], ["Pull the bar from the floor", "Catch at the shoulders", "Press overhead"]],
]);

// prettier-ignore
const CARDIO = group("Cardio", [
  ["Jumping Jacks", B, C, [BW], ["calves", "shoulders"], ["Jump the feet wide", "Arms overhead", "Land softly"]],
  ["Mountain Climbers", B, C, [BW], ["abdominals", "shoulders"], ["High plank", "Drive the knees to the chest in turn", "Hips level"]],
  ["High Knees", B, C, [BW], ["hip flexors", "calves"], ["Run on the spot", "Knees to hip height", "Pump the arms"]],
  ["Butt Kicks", B, C, [BW], ["hamstrings", "calves"], ["Run on the spot", "Heels to the glutes", "Stay on the balls of the feet"]],
  ["Fast Skipping", B, C, [BW], ["calves"], ["Skip with quick contacts", "Drive the knee up", "Swing the arms"]],
  ["Marching in Place", B, C, [BW], ["hip flexors", "calves"], ["Stand tall", "Lift the knees briskly in turn", "Swing the arms"]],
  ["Step Jacks", B, C, [BW], ["shoulders", "glutes"], ["Step one foot out while the arms rise", "Step back in", "Alternate sides, no jumping"]],
  ["Shadow Boxing", B, C, [BW], ["shoulders", "abdominals"], ["Soft knees, hands up", "Throw light punches in combinations", "Keep moving the feet"]],
  ["Split Jump", I, C, [BW], ["glutes", "hamstrings"], ["Start in a lunge", "Jump and switch legs", "Land softly"]],
  ["Star Jump", I, C, [BW], ["quadriceps", "glutes", "calves", "shoulders"], ["Squat a little", "Jump spreading arms and legs", "Land with soft knees"]],
  ["Skater Hops", I, C, [BW], ["glutes", "adductors"], ["Bound sideways onto one leg", "Land softly and swing the other leg behind", "Bound back the other way"]],
  ["Bicycling, Stationary", B, C, [MACHINE], ["glutes"], ["Seat at hip height", "Steady cadence", "Increase resistance for the work intervals"]],
  ["Elliptical Trainer", B, C, [MACHINE], ["glutes", "hamstrings"], ["Upright posture", "Push and pull the handles", "Keep a steady rhythm"]],
  ["Running, Treadmill", B, C, [MACHINE], ["hamstrings", "calves"], ["Light, quick steps", "Upright posture", "Hold the handles only to stop"]],
  ["Rowing, Stationary", I, C, [MACHINE], ["lats", "hamstrings"], ["Legs, then body, then arms", "Reverse on the return", "Steady stroke rate"]],
  ["Stairmaster", I, C, [MACHINE], ["glutes", "calves"], ["Stand tall", "Full steps", "Hands off the rails"]],
]);

// prettier-ignore
const WARMUPS = group("Warmup", [
  ["Full Body Dynamic Warm-Up", B, C, [BW], [], ["3 min easy cardio", "Arm circles, leg swings, hip openers", "2 light ramp-up sets of the first exercise"]],
  ["Upper Body Dynamic Warm-Up", B, C, [BW], [], ["3 min easy cardio", "Arm circles, band or towel pull-aparts, push-up plank walk-outs", "2 light ramp-up sets of the first exercise"]],
  ["Lower Body Dynamic Warm-Up", B, C, [BW], [], ["3 min easy cardio", "Leg swings, bodyweight squats, glute bridges, walking lunges", "2 light ramp-up sets of the first exercise"]],
]);

// prettier-ignore
const COOLDOWNS = group("Cooldown", [
  ["Full Body Stretching Cool-Down", B, ISO, [BW], [], ["2–3 min easy walking", "Chest, lat, hamstring and hip-flexor stretches", "Hold each 20–30 s, breathe slowly"]],
  ["Upper Body Stretching Cool-Down", B, ISO, [BW], [], ["2–3 min easy walking", "Doorway chest, cross-body shoulder, overhead triceps stretches", "Hold each 20–30 s"]],
  ["Lower Body Stretching Cool-Down", B, ISO, [BW], [], ["2–3 min easy walking", "Quad, hamstring, glute and calf stretches", "Hold each 20–30 s"]],
]);

export const EXERCISE_LIBRARY: readonly Exercise[] = [
  ...CHEST,
  ...BACK,
  ...SHOULDERS,
  ...BICEPS,
  ...TRICEPS,
  ...QUADS,
  ...HAMSTRINGS,
  ...GLUTES,
  ...CALVES,
  ...CORE,
  ...FULL_BODY,
  ...CARDIO,
  ...WARMUPS,
  ...COOLDOWNS,
];

function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const BY_NAME = new Map(EXERCISE_LIBRARY.map((exercise) => [normaliseName(exercise.name), exercise]));
const KEY_BY_ID = new Map(EXERCISE_LIBRARY.map((exercise) => [exercise.id, normaliseName(exercise.name)]));
const BY_ID = new Map(EXERCISE_LIBRARY.map((exercise) => [exercise.id, exercise]));

/** The library entry a plan item's `exerciseId` names. */
export function findExerciseById(id: string): Exercise | undefined {
  return BY_ID.get(id);
}

/**
 * The id a name stands for: a library entry's id is the slug of its name, so this is the entry's id for any spelling of
 * its name, and a stable slug for a name the library does not hold. Migration 012 computes the same slug in SQL.
 */
export function exerciseIdOf(name: string): string {
  return slug(name);
}

/** Case-, spacing- and punctuation-insensitive lookup by name (or id), for names people and older plans type. */
export function findExerciseByName(text: string): Exercise | undefined {
  return BY_NAME.get(normaliseName(text)) ?? BY_ID.get(text.trim());
}

/** The key two names share when they denote the same exercise ("Push-Up" and "push up"). */
export function exerciseNameKey(text: string): string {
  return normaliseName(text);
}

/** exerciseNameKey of a library entry, precomputed: the planner asks for it in its inner loop. */
export function libraryNameKey(exercise: Exercise): string {
  return KEY_BY_ID.get(exercise.id) ?? normaliseName(exercise.name);
}
