import { PRO_PLAN_PRICES, TRIAL_DAYS } from "@fitwise/contracts/pricing";

/** Copy and prices shown on the landing page (prices from @fitwise/contracts/pricing, docs/product.md §1/§9). */

export type FeatureIconName = "diet" | "workout" | "replace" | "chat" | "share" | "guide";

export interface LandingFeature {
  icon: FeatureIconName;
  title: string;
  text: string;
}

export const FEATURES: readonly LandingFeature[] = [
  {
    icon: "diet",
    title: "Custom diets",
    text: "Daily meal plans built around your calorie target, diet type, favourite cuisine and allergies — with grams, calories and macros for every item.",
  },
  {
    icon: "workout",
    title: "Custom workouts",
    text: "A weekly plan for the days you can train, at home or at the gym, matched to your goal and experience, with warm-ups and rest days built in.",
  },
  {
    icon: "replace",
    title: "Replace anything in one click",
    text: "Not a fan of salmon or burpees? Swap any meal item or exercise for one that fits the same calories or trains the same muscles.",
  },
  {
    icon: "chat",
    title: "Alex, your 24/7 trainer",
    text: "Ask Alex to swap tonight's dinner, move Thursday's workout or explain an exercise. Alex knows your plans and updates them for you.",
  },
  {
    icon: "share",
    title: "Save and share plans",
    text: "Keep the plans you love and share them with a private link — with a friend, a partner or your own coach.",
  },
  {
    icon: "guide",
    title: "A guide for beginners",
    text: "Short, practical advice on weighing food, tracking progress, hydration, training safely and staying consistent.",
  },
];

export interface Testimonial {
  firstName: string;
  context: string;
  quote: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    firstName: "Priya",
    context: "Vegetarian, cooks for one",
    quote:
      "Every meal plan I tried before was full of food I don't eat. Here I said vegetarian and no mushrooms, and the plans just fit. When I get bored of a meal, I swap it in a second.",
  },
  {
    firstName: "Daniel",
    context: "Trains at home",
    quote:
      "I only have two dumbbells and a resistance band, and the workout plan actually uses what I have. When I wasn't sure about my deadlift form, Alex walked me through it.",
  },
  {
    firstName: "Sofia",
    context: "Nurse, works shifts",
    quote:
      "My schedule changes every week. I asked Alex late at night to move my workout to Saturday and it was done. It feels like having a coach who's always around.",
  },
];

export interface PricingPlan {
  id: "free" | "pro-monthly" | "pro-yearly";
  name: string;
  /** Current price in USD; 0 for the free plan. */
  priceUsd: number;
  /** The struck-through former price in USD, when there is one. */
  originalPriceUsd?: number;
  period: "month" | "year" | null;
  badge?: string;
  note: string;
  features: readonly string[];
  highlighted: boolean;
}

const PRO_FEATURES = [
  "Three meal plan types every day",
  "Unlimited meal resets and replacements",
  "Unlimited workout resets and replacements",
  "Every meal and every workout day unlocked",
  "Priority support",
] as const;

const TRIAL_NOTE = `${TRIAL_DAYS} days free trial. Cancel anytime.`;

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: "free",
    name: "Free",
    priceUsd: 0,
    period: null,
    note: "No card needed.",
    features: [
      "Your personal calorie target",
      "Breakfast from your daily meal plan",
      "First day of your workout plan",
      "3 free replacements",
      "Chat with Alex, your AI trainer",
    ],
    highlighted: false,
  },
  {
    id: "pro-monthly",
    name: "Pro Monthly",
    priceUsd: Number(PRO_PLAN_PRICES.monthly.priceUsd),
    originalPriceUsd: Number(PRO_PLAN_PRICES.monthly.originalPriceUsd),
    period: "month",
    badge: "Most popular",
    note: TRIAL_NOTE,
    features: PRO_FEATURES,
    highlighted: true,
  },
  {
    id: "pro-yearly",
    name: "Pro Yearly",
    priceUsd: Number(PRO_PLAN_PRICES.yearly.priceUsd),
    originalPriceUsd: Number(PRO_PLAN_PRICES.yearly.originalPriceUsd),
    period: "year",
    badge: "Best value",
    note: TRIAL_NOTE,
    features: PRO_FEATURES,
    highlighted: false,
  },
];
