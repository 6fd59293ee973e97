/**
 * The beginner guide (docs/product.md §3 "/beginnerguide"). This is the one copy of the advice: the web page renders it
 * and the chat engine quotes it, so the trainer and the guide never contradict each other.
 *
 * Sources for the numbers used below:
 * - Water: EFSA Scientific Opinion on Dietary Reference Values for water (2010) sets adequate total intakes of
 *   2.0 L/day for women and 2.5 L/day for men; the guide's 2–3 litres covers both plus training losses.
 * - Protein: ISSN position stand "Protein and exercise" (Jäger et al., 2017): 1.4–2.0 g/kg/day for people who
 *   train, spread as roughly 0.25 g/kg (about 20–40 g) per meal every 3–4 hours.
 * - Rate of weight change: Helms, Aragon & Fitschen (2014) recommend losing about 0.5–1 % of body weight a week.
 * - Waist: WHO "Waist circumference and waist–hip ratio" expert consultation (2008) measures midway between the
 *   lowest rib and the top of the hip bone; risk rises above 80 cm (women) and 94 cm (men) for Europeans.
 * - Training: ACSM position stand "Progression models in resistance training" (2009): increase load by about
 *   2–10 % once the target reps are done with good form; 48 hours before training the same muscle hard again.
 * - Activity: WHO Guidelines on physical activity (2020): 150–300 minutes of moderate activity a week and muscle
 *   strengthening on 2 or more days.
 * - Allergens: the EU list of 14 allergens (Regulation 1169/2011, Annex II) and the US FASTER Act (2021), which
 *   made sesame the ninth major allergen.
 */
export interface BeginnerGuideSection {
  /** Stable slug used for anchors, aria ids and chat references. */
  id: string;
  title: string;
  paragraphs: string[];
}

export const BEGINNER_GUIDE: readonly BeginnerGuideSection[] = [
  {
    id: "measuring-food",
    title: "Measuring Food",
    paragraphs: [
      "Your plan lists every item in grams, so a digital kitchen scale (1 g steps) is the best tool you can buy. Put the plate or bowl on the scale, press tare to zero it, then add the food. Cups and spoons are fine for liquids, but for rice, oats, nuts or meat they can be off by a third or more.",
      'Cooking changes weight, not calories: 100 g of raw rice becomes roughly 250–300 g cooked because it absorbs water, and 100 g of raw chicken breast shrinks to about 75 g because it loses water. Weigh each food in the state the plan names it — "cooked rice" after cooking, "rolled oats" dry — and when an item does not say, weigh it raw, the way nutrition labels and most food databases list it.',
      "Cooking a batch for several meals? Weigh the whole cooked batch, divide by the number of portions, and weigh out each portion. Oils, butter and sauces are easy to forget and calorie-dense: one tablespoon of oil is about 120 kcal, so measure it too.",
      "You do not need to weigh food forever. After two or three weeks most people can estimate their usual portions well; go back to the scale for a few days whenever progress stalls.",
    ],
  },
  {
    id: "measuring-your-stats",
    title: "Measuring Your Stats",
    paragraphs: [
      "Weigh yourself at the same time of day under the same conditions: in the morning, after using the toilet, before eating or drinking, in similar clothing. Put the scale on a hard, level floor and do not move it between weigh-ins.",
      "Body weight swings by 1–2 kg from day to day with water, salt, carbohydrate and digestion. Look at the weekly average rather than any single reading, and compare one week's average with the next. A steady loss of about 0.5–1 % of your body weight per week is a sustainable pace.",
      "Measure your waist once a week too: stand relaxed, breathe out normally and wrap a tape midway between your lowest rib and the top of your hip bone, keeping it level and snug but not tight. When you build muscle while losing fat, the waist can shrink even if the scale barely moves.",
      "Progress photos (same light, same spot, every 2–4 weeks) and your training logbook complete the picture. When your weight changes by a few kilograms, update it in Settings so your calorie target and plans follow.",
    ],
  },
  {
    id: "hydration-and-nutrition",
    title: "Hydration and Nutrition",
    paragraphs: [
      "Drink 2–3 litres of water a day, and more on training days or when it is hot. Keep a bottle in sight and sip through the day instead of drinking a lot at once. Pale yellow urine is a simple sign you are drinking enough.",
      "Build each meal around protein. Most people who train do well with about 1.4–2 g of protein per kilogram of body weight per day, spread as 20–40 g per meal: for example a palm-sized chicken breast, a 200 g tub of Greek yoghurt, three eggs plus a glass of milk, or a cup of cooked lentils with tofu.",
      "Fill half of your plate with vegetables or fruit for fibre, vitamins and fullness, and choose whole grains, potatoes, beans or oats for most of your carbohydrates. Include some fat from olive oil, nuts, seeds, avocado or oily fish every day.",
      "Your calorie target decides whether you lose, keep or gain weight; food quality decides how you feel while doing it. Hitting your calories and protein on most days matters far more than any single perfect meal.",
    ],
  },
  {
    id: "workout-basics",
    title: "Workout Basics",
    paragraphs: [
      "Start every session with a 5–10 minute warm-up: light cardio to raise your heart rate, then a few lighter sets of your first exercise. Finish with a short cool-down and easy stretching.",
      "Learn the movement before adding weight. Use a load you can lift for all prescribed reps with good form and one or two reps left in reserve. Watch the exercise video, film yourself or ask a coach if you are unsure.",
      "Progressive overload is what makes you stronger: when you complete every set and rep with good form, add a small amount next time — one more rep, or about 2–10 % more weight (often 1–2.5 kg). Write down your sets, reps and weights so you know what to beat.",
      "Muscles grow while you recover. Leave about 48 hours before training the same muscle group hard again, take at least one full rest day a week, and aim for 7–9 hours of sleep. Light walking on rest days is welcome.",
    ],
  },
  {
    id: "consistency-over-intensity",
    title: "Consistency Over Intensity",
    paragraphs: [
      "Three good workouts every week for a year beat six exhausting workouts for three weeks followed by a break. Pick a schedule you can keep during a busy week, not only during a motivated one.",
      "Plan your training days in your calendar like appointments. If you miss a session, do the next one as planned; do not try to make up for it by doubling the following workout.",
      "The same applies to food. Aim to follow your plan on most days; one big meal does not ruin your progress, and skipping the next meal to compensate usually backfires. Go back to the plan at the next meal.",
      "Expect slow weeks. Judge your progress by 4–6 week trends in your weekly average weight, waist and training log rather than by a single day.",
    ],
  },
  {
    id: "injuries-and-allergies",
    title: "Injuries and Allergies",
    paragraphs: [
      "Muscle soreness a day or two after training is normal. Sharp, sudden, or joint pain is not: stop the exercise immediately, and do not train through it. Swap the exercise for one that does not hurt with the Replace button, or rest that area.",
      "See a doctor or physiotherapist if pain lasts more than a few days, comes with swelling, numbness or loss of strength, or if you have a heart condition, are pregnant, or are returning from surgery or an injury. Fitwise gives general guidance, not medical advice.",
      "Tell us about allergies and intolerances in your diet preferences so we can leave those foods out of your plans, and still read every label before you eat. Common allergens include milk, eggs, fish, shellfish, tree nuts, peanuts, wheat (gluten), soy and sesame; look for them in the ingredient list and in 'may contain' warnings.",
      "If you ever have signs of an allergic reaction, such as swelling of the lips or throat, hives or difficulty breathing, call emergency services at once.",
    ],
  },
];
