import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { expect, it } from "vitest";
import type { MealItemWire, WorkoutItemWire } from "@fitwise/contracts/plans";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import { callOk, makePro, PROFILE, saveFirstDayDiet } from "../test/plan-journey.fixture";
import { describeWithDatabases } from "../test/test-app";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="Fitwise: custom diet plans, custom workouts and a 24/7 AI personal trainer."
    />
    <title>Fitwise</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "fitwise-web-share-"));
  writeFileSync(join(dir, "index.html"), INDEX_HTML);
  return dir;
}

/** The content of each meta tag, by its name or property, as a link preview reads them. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const match of html.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"/g)) {
    const [, key = "", content = ""] = match;
    tags.set(key, [...(tags.get(key) ?? []), content.replace(/&#39;/g, "'").replace(/&amp;/g, "&")]);
  }
  return tags;
}

const SECRET_ALLERGY = "kiwi and sesame";

describeWithDatabases(
  "link previews of shared plans",
  ({ app, db, signUp }) => {
    const page = async (url: string, host = "localhost:3000") => {
      const response = await app().inject({ method: "GET", url, headers: { accept: "text/html", host } });
      expect(response.statusCode).toBe(200);
      return metaTags(response.body);
    };

    it("describes a shared diet and workout plan with a title, a summary and an absolute image", async () => {
      const user = await signUp();
      // Pro, so the saved week holds every training day (a free user is sent, and saves, the first only).
      await makePro(db(), user.userId);
      await callOk(
        app(),
        "write_user_data",
        { ...PROFILE, user_allergies: SECRET_ALLERGY },
        user.accessToken,
      );
      const meals = await callOk<MealItemWire[]>(
        app(),
        "openai_get_meal_plan",
        { currentDay: 1 },
        user.accessToken,
      );
      const week = await callOk<WorkoutItemWire[]>(app(), "openai_get_workout_plan", {}, user.accessToken);
      const { diet_id } = await callOk<{ diet_id: string }>(
        app(),
        "write_user_data",
        { write_table: "saved_diets", diet_one: meals },
        user.accessToken,
      );
      const { workout_id } = await callOk<{ workout_id: string }>(
        app(),
        "write_user_data",
        { write_table: "saved_workouts", workout_plan: week },
        user.accessToken,
      );

      const diet = await page(`/fulldiet/${diet_id}`);
      const kcal = formatKcal(meals.reduce((sum, item) => sum + item.Calories, 0));
      expect(diet.get("og:title")).toEqual(["FitwiseAI's Diet Plan"]);
      expect(diet.get("twitter:title")).toEqual(["FitwiseAI's Diet Plan"]);
      const [summary = ""] = diet.get("og:description") ?? [];
      expect(summary).toContain(`${kcal} and `);
      expect(summary).toContain(`${meals.length} items`);
      expect(diet.get("description")).toEqual([summary]);
      expect(diet.get("twitter:description")).toEqual([summary]);
      expect(diet.get("og:url")).toEqual([`http://localhost:3000/fulldiet/${diet_id}`]);
      expect(diet.get("og:image")).toEqual(["http://localhost:3000/og-image.png"]);
      expect(diet.get("twitter:image")).toEqual(["http://localhost:3000/og-image.png"]);
      expect(diet.get("twitter:card")).toEqual(["summary_large_image"]);
      expect(diet.get("og:image:width")).toEqual(["1200"]);
      expect(diet.get("og:image:height")).toEqual(["630"]);
      expect([...diet.values()].flat().join(" ")).not.toContain("kiwi");

      const workout = await page(`/fullworkout/${workout_id}`);
      const trainingDays = PROFILE.user_preferred_workout_days?.length ?? 0;
      expect(workout.get("og:title")).toEqual([
        `A ${PROFILE.user_experience_level} workout plan to lose weight`,
      ]);
      expect(workout.get("og:description")?.[0]).toMatch(
        new RegExp(
          `^${trainingDays} training days a week, \\d+ exercises with video links\\. Made with Fitwise\\.$`,
        ),
      );
    });

    it("names the host's brand and origin, and gives an unknown plan a plain preview", async () => {
      const unknown = await page("/fulldiet/00000000-0000-4000-8000-000000000000", "fit.example.com");
      expect(unknown.get("og:title")).toEqual(["FitCoAI's Diet Plan"]);
      expect(unknown.get("og:description")).toEqual(["A meal plan shared from FitCo."]);
      expect(unknown.get("og:image")).toEqual(["http://fit.example.com/og-image.png"]);
      // Any other host, forged or not, gets PUBLIC_URL's origin in the preview.
      const forged = await page("/fulldiet/00000000-0000-4000-8000-000000000000", "evil.example");
      expect(forged.get("og:image")).toEqual(["http://localhost:3000/og-image.png"]);
      expect(forged.get("og:url")).toEqual([
        "http://localhost:3000/fulldiet/00000000-0000-4000-8000-000000000000",
      ]);
      const malformed = await page("/fullworkout/not-a-uuid");
      expect(malformed.get("og:title")).toEqual(["Your Workout Plan"]);
    });

    it("gives a saved plan that no longer matches its contract the plain preview, not an error page", async () => {
      const user = await signUp();
      const diet_id = await saveFirstDayDiet(app(), user.accessToken);
      await sql`update saved_diets set diet_one = '[{"Meal": "Brunch"}]'::jsonb where diet_id = ${diet_id}`.execute(
        db(),
      );
      const preview = await page(`/fulldiet/${diet_id}`);
      expect(preview.get("og:title")).toEqual(["FitwiseAI's Diet Plan"]);
      expect(preview.get("og:description")).toEqual(["A meal plan shared from Fitwise."]);
    });

    it("leaves other pages with the generic description and no preview tags", async () => {
      const home = await page("/diet");
      expect(home.get("og:title")).toBeUndefined();
      expect(home.get("description")).toEqual([
        "Fitwise: custom diet plans, custom workouts and a 24/7 AI personal trainer.",
      ]);
    });
  },
  { config: { webDistDir: webDist(), brandHosts: { "fit.example.com": { name: "FitCo" } } } },
);
