/** Side menu (docs/product.md §3 Shell). `matches` lists the paths that highlight the item besides its own. */
export interface NavItem {
  to: string;
  label: string;
  icon: "diet" | "workouts" | "progress" | "saved" | "guide" | "settings";
  matches?: readonly string[];
}

const SETTINGS_PATHS = [
  "/updatemyinfo",
  "/updatemydietinfo",
  "/updatemyworkoutinfo",
  "/othersettings",
] as const;

export const SIDE_MENU_ITEMS: readonly NavItem[] = [
  { to: "/diet", label: "My Diet", icon: "diet" },
  { to: "/workouts", label: "My Fitness", icon: "workouts" },
  { to: "/progress", label: "My Progress", icon: "progress" },
  { to: "/saved", label: "My Saved Plans", icon: "saved" },
  { to: "/beginnerguide", label: "Beginner Guide", icon: "guide" },
  { to: "/updatemyinfo", label: "Settings", icon: "settings", matches: SETTINGS_PATHS },
];

/** Bottom tab bar at ≤ 768 px: diet, workouts, updatemyinfo, beginnerguide (docs/product.md §3.1 Shell), and progress (docs/decisions/022). */
export const TAB_BAR_ITEMS: readonly NavItem[] = [
  { to: "/diet", label: "Diet", icon: "diet" },
  { to: "/workouts", label: "Workouts", icon: "workouts" },
  { to: "/progress", label: "Progress", icon: "progress" },
  { to: "/updatemyinfo", label: "Settings", icon: "settings", matches: SETTINGS_PATHS },
  { to: "/beginnerguide", label: "Guide", icon: "guide" },
];

export function isCurrent(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path === item.to || (item.matches?.includes(path) ?? false);
}
