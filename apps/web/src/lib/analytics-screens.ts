import { matchPath } from "react-router";
import type { ScreenPath } from "@fitwise/contracts/analytics";

/**
 * Route pattern → reported screen (ANALYTICS_SCREENS in the contract, whose schemas are kept out of the
 * first page's bundle: only its types are imported here). The original app reports /goal as /fitness-goals, and
 * the calculator's two paths are one screen; every other route is reported under its own pattern.
 */
const ROUTES: Readonly<Record<string, Exclude<ScreenPath, "/chat" | "*">>> = {
  "/": "/",
  "/signup": "/signup",
  "/signin": "/signin",
  "/privacypolicy": "/privacypolicy",
  "/termsofservice": "/termsofservice",
  "/about": "/about",
  "/contact": "/contact",
  "/fulldiet/:id": "/fulldiet/:id",
  "/fullworkout/:id": "/fullworkout/:id",
  "/forgot-password": "/forgot-password",
  "/reset-password": "/reset-password",
  "/auth/confirm": "/auth/confirm",
  "/goal": "/fitness-goals",
  "/userinfo": "/userinfo",
  "/user-info": "/userinfo",
  "/beginnerguide": "/beginnerguide",
  "/mealplanpreferences": "/mealplanpreferences",
  "/diet": "/diet",
  "/workouts": "/workouts",
  "/progress": "/progress",
  "/updatemyinfo": "/updatemyinfo",
  "/updatemydietinfo": "/updatemydietinfo",
  "/updatemyworkoutinfo": "/updatemyworkoutinfo",
  "/othersettings": "/othersettings",
  "/saved": "/saved",
  "/account-security": "/account-security",
};

/**
 * The screen a page view of `pathname` reports: its route's pattern, so ids (/fulldiet/:id) never leave
 * the browser, or "*" when no route matches. Matched as the router matches (case and a trailing slash do
 * not matter); query strings and fragments are not part of a pathname, so they cannot leak either.
 */
export function screenForPath(pathname: string): ScreenPath {
  const pattern = Object.keys(ROUTES).find((route) => matchPath(route, pathname) !== null);
  return pattern === undefined ? "*" : (ROUTES[pattern] ?? "*");
}
