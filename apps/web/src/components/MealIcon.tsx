import type { ReactNode } from "react";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";

/*
 * The one set of meal-type pictures (docs/product.md §3: each item shows an image by meal type), used by /diet and
 * the public plan alike. Inline SVG: no remote images (the CSP allows none), no extra requests.
 * Decorative: the item's name is beside it.
 */
const PICTURES: Record<MealSlot, { background: string; shapes: ReactNode }> = {
  Breakfast: {
    // A fried egg.
    background: "#fff3e0",
    shapes: (
      <>
        <ellipse cx="24" cy="26" rx="15" ry="12" fill="#fff" stroke="#e0b070" strokeWidth="2" />
        <circle cx="24" cy="26" r="6" fill="#ffb300" />
      </>
    ),
  },
  Lunch: {
    // A salad bowl.
    background: "#e8f5e9",
    shapes: (
      <>
        <path d="M8 22h32a16 14 0 0 1-32 0z" fill="#66bb6a" />
        <circle cx="18" cy="19" r="4" fill="#e53935" />
        <circle cx="27" cy="17" r="5" fill="#9ccc65" />
        <circle cx="33" cy="20" r="3" fill="#ffca28" />
      </>
    ),
  },
  Snacks: {
    // An apple.
    background: "#e3f2fd",
    shapes: (
      <>
        <path d="M24 14c-8-4-15 2-13 11 2 8 8 13 13 11 5 2 11-3 13-11 2-9-5-15-13-11z" fill="#e53935" />
        <path d="M24 14c0-4 2-6 5-7" fill="none" stroke="#6d4c41" strokeWidth="2" strokeLinecap="round" />
        <path d="M25 11c3-3 7-3 9-1-3 2-6 2-9 1z" fill="#43a047" />
      </>
    ),
  },
  Dinner: {
    // A plate between a fork and a knife.
    background: "#f3e5f5",
    shapes: (
      <>
        <circle cx="25" cy="25" r="13" fill="#fff" stroke="#ab47bc" strokeWidth="2" />
        <circle cx="25" cy="25" r="7" fill="#8d6e63" />
        <path d="M8 12v10M6 12v6a2 2 0 0 0 4 0v-6M8 22v15" stroke="#757575" strokeWidth="1.5" fill="none" />
        <path d="M42 12c-3 3-3 9 0 11v14" stroke="#757575" strokeWidth="1.5" fill="none" />
      </>
    ),
  },
};

/** The picture of a meal type; its size comes from the caller's class (48 px unless styled). */
export function MealIcon({ meal, className }: { meal: MealSlot; className?: string }) {
  const picture = PICTURES[meal];
  return (
    <svg
      className={className}
      data-meal-icon={meal}
      viewBox="0 0 48 48"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="48" height="48" rx="12" fill={picture.background} />
      {picture.shapes}
    </svg>
  );
}
