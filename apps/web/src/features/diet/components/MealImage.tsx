import type { ReactNode } from "react";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import styles from "./Diet.module.css";

/*
 * Spec §2 "/diet": each item shows an image by meal type. Drawn inline so the screen needs no
 * remote images (the CSP allows none) and no extra requests. Decorative: the item name is the text.
 */
const ICONS: Record<MealSlot, ReactNode> = {
  Breakfast: (
    // A steaming cup.
    <>
      <path d="M14 22h18v8a8 8 0 0 1-8 8h-2a8 8 0 0 1-8-8z" fill="currentColor" />
      <path d="M32 25h3a3.5 3.5 0 0 1 0 7h-3" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path
        d="M19 12c-2 2 2 4 0 6M25 12c-2 2 2 4 0 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  Lunch: (
    // A bowl with greens.
    <>
      <path d="M10 24h28a14 12 0 0 1-28 0z" fill="currentColor" />
      <path d="M17 23c0-5 4-8 7-8s7 3 7 8" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M24 15v-4" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  Snacks: (
    // An apple.
    <>
      <path
        d="M24 17c-3-2-11-2-11 8 0 7 5 13 8 13 1.5 0 2-1 3-1s1.5 1 3 1c3 0 8-6 8-13 0-10-8-10-11-8z"
        fill="currentColor"
      />
      <path
        d="M24 17c0-3 1-5 3-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </>
  ),
  Dinner: (
    // A plate between a fork and a knife.
    <>
      <circle cx="24" cy="24" r="10" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="24" cy="24" r="5.5" fill="currentColor" />
      <path
        d="M8 12v8m-2-8v6a2 2 0 0 0 4 0v-6M8 20v16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path
        d="M40 12c-2 2-3 6-3 10h3v14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
};

export function MealImage({ meal }: { meal: MealSlot }) {
  return (
    <svg
      className={styles.mealImage}
      data-meal={meal}
      viewBox="0 0 48 48"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[meal]}
    </svg>
  );
}
