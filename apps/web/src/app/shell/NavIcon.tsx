import type { NavItem } from "./nav-items";

const paths: Record<NavItem["icon"], string> = {
  diet: "M7 2v8a3 3 0 0 0 2 2.83V22h2v-9.17A3 3 0 0 0 13 10V2h-2v6h-1V2H8v6H7V2zm9 0c-1.66 0-3 2.24-3 5v6h2v9h2V2z",
  workouts: "M2 10h2V8h2v8H4v-2H2zm18-2h2v2h-2v4h2v-2h-2v2h-2V8h2zM8 6h2v12H8zm6 0h2v12h-2zm-4 5h4v2h-4z",
  progress: "M3 3h2v16h16v2H3zm4 12 4-5 3 3 5-7 1.6 1.2-6.4 9-3-3-2.6 3.3z",
  groceries:
    "M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM1 2h3.3l1 2H21l-3.6 8H8.1l-.9 2H19v2H4l2.2-4.3L3 4H1z",
  saved: "M6 2h12a1 1 0 0 1 1 1v19l-7-4-7 4V3a1 1 0 0 1 1-1z",
  guide:
    "M4 3h7a3 3 0 0 1 1 .17A3 3 0 0 1 13 3h7v16h-7a2 2 0 0 0-1 .27A2 2 0 0 0 11 19H4zm2 2v12h5V6a1 1 0 0 0-1-1zm12 0h-4a1 1 0 0 0-1 1v11h5z",
  settings:
    "M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z",
};

/** Decorative: every use sits beside a visible text label. */
export function NavIcon({ name }: { name: NavItem["icon"] }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={paths[name]} />
    </svg>
  );
}
