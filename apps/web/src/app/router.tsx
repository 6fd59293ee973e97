import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router";
import type { RouteObject } from "react-router";
import { AuthRedirect } from "../features/account/components/AuthRedirect";
import { MfaGate } from "../features/account/components/MfaGate";
import { DailyProfileRefresh } from "./DailyProfileRefresh";
import { PageViewReporter } from "./PageViewReporter";
import { PurchaseReturn } from "./PurchaseReturn";
import { RequireAuth } from "./RequireAuth";
import { RouteError } from "./RouteError";
import { AppShell } from "./shell/AppShell";
import { LoadingScreen } from "./shell/LoadingScreen";

/** Lazy-loads a page by its named export, so each page is its own chunk and the landing bundle stays small. */
function page<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

// One line per route (docs/product.md §3), so replacing a page is a one-line edit.
// prettier-ignore
const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import("../features/marketing/LandingPage"), "LandingPage") },
  { path: "signup", lazy: page(() => import("../features/auth/components/SignUpPage"), "SignUpPage") },
  { path: "signin", lazy: page(() => import("../features/auth/components/SignInPage"), "SignInPage") },
  { path: "privacypolicy", lazy: page(() => import("../features/marketing/PrivacyPolicyPage"), "PrivacyPolicyPage") },
  { path: "termsofservice", lazy: page(() => import("../features/marketing/TermsOfServicePage"), "TermsOfServicePage") },
  { path: "about", lazy: page(() => import("../features/marketing/AboutPage"), "AboutPage") },
  { path: "contact", lazy: page(() => import("../features/marketing/ContactPage"), "ContactPage") },
  { path: "fulldiet/:id", lazy: page(() => import("../features/public-plans/components/PublicDietPage"), "PublicDietPage") },
  { path: "fullworkout/:id", lazy: page(() => import("../features/public-plans/components/PublicWorkoutPage"), "PublicWorkoutPage") },
  { path: "forgot-password", lazy: page(() => import("../features/account/components/ForgotPasswordPage"), "ForgotPasswordPage") },
  { path: "reset-password", lazy: page(() => import("../features/account/components/ResetPasswordPage"), "ResetPasswordPage") },
  { path: "auth/confirm", lazy: page(() => import("../features/account/components/ConfirmEmailLinkPage"), "ConfirmEmailLinkPage") },
];

/** Signed-out visitors of these are sent to /signin by RequireAuth. */
// prettier-ignore
const privateRoutes: RouteObject[] = [
  { path: "goal", lazy: page(() => import("../features/onboarding/components/GoalPage"), "GoalPage") },
  { path: "userinfo", lazy: page(() => import("../features/onboarding/components/UserInfoPage"), "UserInfoPage") },
  { path: "user-info", lazy: page(() => import("../features/onboarding/components/UserInfoPage"), "UserInfoPage") },
  { path: "beginnerguide", lazy: page(() => import("../features/guide/BeginnerGuidePage"), "BeginnerGuidePage") },
  { path: "mealplanpreferences", lazy: page(() => import("../features/onboarding/components/MealPlanPreferencesPage"), "MealPlanPreferencesPage") },
  { path: "diet", lazy: page(() => import("../features/diet/components/DietPage"), "DietPage") },
  { path: "workouts", lazy: page(() => import("../features/workouts/components/WorkoutsPage"), "WorkoutsPage") },
  { path: "progress", lazy: page(() => import("../features/progress/components/ProgressPage"), "ProgressPage") },
  { path: "groceries", lazy: page(() => import("../features/groceries/components/GroceriesPage"), "GroceriesPage") },
  { path: "updatemyinfo", lazy: page(() => import("../features/settings/components/UpdateMyInfoPage"), "UpdateMyInfoPage") },
  { path: "updatemydietinfo", lazy: page(() => import("../features/settings/components/UpdateMyDietInfoPage"), "UpdateMyDietInfoPage") },
  { path: "updatemyworkoutinfo", lazy: page(() => import("../features/settings/components/UpdateMyWorkoutInfoPage"), "UpdateMyWorkoutInfoPage") },
  { path: "othersettings", lazy: page(() => import("../features/settings/components/OtherSettingsPage"), "OtherSettingsPage") },
  { path: "saved", lazy: page(() => import("../features/saved/components/SavedPage"), "SavedPage") },
  { path: "account-security", lazy: page(() => import("../features/account/components/AccountSecurityPage"), "AccountSecurityPage") },
];

export const router = createBrowserRouter([
  {
    element: (
      <>
        <PageViewReporter />
        <PurchaseReturn />
        <DailyProfileRefresh />
        <AuthRedirect />
        <MfaGate>
          <AppShell />
        </MfaGate>
      </>
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        // A pathless error boundary inside the shell keeps header and navigation usable when a page fails.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: privateRoutes },
          { path: "*", lazy: page(() => import("./NotFoundPage"), "NotFoundPage") },
        ],
      },
    ],
  },
]);
