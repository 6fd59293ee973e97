import { z } from "zod";

/**
 * First-party product analytics (docs/product.md §8 "Analytics"), sent by the browser to `track_events`. Every
 * event and every property is allow-listed here, and none can hold text a user typed: screens are route
 * patterns, the rest are fixed words. Who sent an event comes from the access token, never from the body.
 */

/** Most events one request may carry; the browser sends its queue in batches of at most this many. */
export const ANALYTICS_MAX_BATCH = 20;

/**
 * The screens a page view may name, with the title each is reported under. A screen is a route pattern
 * of the app, never an address: public plan ids stay out (/fulldiet/:id), and no query string or
 * fragment is ever sent. docs/product.md §3 reports /goal as /fitness-goals, "Fitness Goals Screen"; the two
 * readings of the calculator's path are one screen, /userinfo. The trainer chat is a panel over any page
 * rather than a route; docs/product.md §8 names its screen WEB_chat_screen, reported here under the path /chat.
 */
export const ANALYTICS_SCREENS = {
  "/": "Root Screen",
  "/signup": "Sign Up Screen",
  "/signin": "Sign In Screen",
  "/privacypolicy": "Privacy Policy Screen",
  "/termsofservice": "Terms of Service Screen",
  "/about": "About Screen",
  "/contact": "Contact Screen",
  "/fulldiet/:id": "Public Diet Plan Screen",
  "/fullworkout/:id": "Public Workout Plan Screen",
  "/forgot-password": "Forgot Password Screen",
  "/reset-password": "Reset Password Screen",
  "/auth/confirm": "Email Link Screen",
  "/fitness-goals": "Fitness Goals Screen",
  "/userinfo": "Calorie Calculator Screen",
  "/beginnerguide": "Beginner Guide Screen",
  "/mealplanpreferences": "Meal Plan Preferences Screen",
  "/diet": "Diet Screen",
  "/workouts": "Workouts Screen",
  "/progress": "Progress Screen",
  "/groceries": "Shopping List Screen",
  "/updatemyinfo": "Info Settings Screen",
  "/updatemydietinfo": "Diet Settings Screen",
  "/updatemyworkoutinfo": "Workout Settings Screen",
  "/othersettings": "Subscription Settings Screen",
  "/saved": "Saved Plans Screen",
  "/account-security": "Account Security Screen",
  "/chat": "WEB_chat_screen",
  "*": "Not Found Screen",
} as const;

export type ScreenPath = keyof typeof ANALYTICS_SCREENS;

export const ScreenPathSchema = z.enum(Object.keys(ANALYTICS_SCREENS) as [ScreenPath, ...ScreenPath[]]);

/** Where diet preferences were saved: onboarding or the diet settings page. */
export const DIET_INFO_SCREENS = [
  "/mealplanpreferences",
  "/updatemydietinfo",
] as const satisfies ScreenPath[];

const event = <Name extends string, Shape extends z.ZodRawShape>(name: Name, shape: Shape) =>
  z.strictObject({ name: z.literal(name), ...shape });

/**
 * docs/product.md §8's page views and events. page_view: a screen was shown. app_opened: the app was loaded in a
 * tab, once per load. WEB_user_in_chat_screen: the trainer chat was opened (sent with its page view).
 * sign_up and sign_in: with e-mail and password; google_connect: a Google sign-in or sign-up finished.
 * diet_info_updated: diet preferences were saved.
 */
export const AnalyticsEventSchema = z.discriminatedUnion("name", [
  event("page_view", { path: ScreenPathSchema }),
  event("app_opened", {}),
  event("WEB_user_in_chat_screen", {}),
  event("sign_up", {}),
  event("sign_in", {}),
  event("google_connect", {}),
  event("diet_info_updated", { screen: z.enum(DIET_INFO_SCREENS) }),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const TrackEventsRequestSchema = z.strictObject({
  events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_MAX_BATCH),
});
export type TrackEventsRequest = z.infer<typeof TrackEventsRequestSchema>;
