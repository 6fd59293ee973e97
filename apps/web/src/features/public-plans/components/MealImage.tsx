import type { ReactNode } from "react";
import type { MealType } from "../model/meal-groups";

/*
 * Bundled pictures by meal type (spec §2: "image by meal type"). Inline SVG, so the public page
 * loads no remote images and works under a strict CSP. Decorative: the item's name is beside it.
 */
const pictures: Record<MealType, { background: string; shapes: ReactNode }> = {
  Breakfast: {
    background: "#fff3e0",
    shapes: (
      <>
        <ellipse cx="24" cy="26" rx="15" ry="12" fill="#fff" stroke="#e0b070" strokeWidth="2" />
        <circle cx="24" cy="26" r="6" fill="#ffb300" />
      </>
    ),
  },
  Lunch: {
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

export function MealImage({ meal, size = 48 }: { meal: MealType; size?: number }) {
  const picture = pictures[meal];
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill={picture.background} />
      {picture.shapes}
    </svg>
  );
}
