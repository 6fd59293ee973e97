import { expect, it } from "vitest";
import { describeWithDatabases } from "../../test/test-app";
import { callFunction, callOk, saveFirstDayDiet } from "../../test/plan-journey.fixture";
import { PUBLIC_PLAN_CACHE_CONTROL } from "./public-plan-cache";

describeWithDatabases(
  "public saved plans: strong ETag, CDN caching, invalidated on delete",
  ({ app, signUp }) => {
    async function savedDiet() {
      const user = await signUp();
      return { user, dietId: await saveFirstDayDiet(app(), user.accessToken) };
    }

    it("serves GET and POST with the same strong ETag and a public Cache-Control, 304 on If-None-Match", async () => {
      const { dietId } = await savedDiet();
      const url = `/functions/v1/get_saved_data?table=saved_diets&diet_id=${dietId}`;
      const viaGet = await app().inject({ method: "GET", url });
      const viaPost = await callFunction(app(), "get_saved_data", { table: "saved_diets", diet_id: dietId });
      expect(viaGet.statusCode).toBe(200);
      expect(viaGet.headers["cache-control"]).toBe(PUBLIC_PLAN_CACHE_CONTROL);
      expect(viaGet.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(viaPost.headers.etag).toBe(viaGet.headers.etag);
      expect(viaPost.json()).toEqual(viaGet.json());
      expect(viaGet.json()).toMatchObject({ diet_id: dietId });

      const notModified = await app().inject({
        method: "GET",
        url,
        headers: { "if-none-match": `"other", ${viaGet.headers.etag as string}` },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe("");
      const changedTag = await app().inject({ method: "GET", url, headers: { "if-none-match": '"other"' } });
      expect(changedTag.statusCode).toBe(200);
    });

    it("stops serving a plan as soon as its owner deletes it, and when the account is deleted", async () => {
      const { user, dietId } = await savedDiet();
      const url = `/functions/v1/get_saved_data?table=saved_diets&diet_id=${dietId}`;
      expect((await app().inject({ method: "GET", url })).statusCode).toBe(200);
      await callOk(app(), "delete_saved_plan", { table: "saved_diets", diet_id: dietId }, user.accessToken);
      const gone = await app().inject({ method: "GET", url });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers["cache-control"]).toBe("no-store");

      const other = await savedDiet();
      const otherUrl = `/functions/v1/get_saved_data?table=saved_diets&diet_id=${other.dietId}`;
      expect((await app().inject({ method: "GET", url: otherUrl })).statusCode).toBe(200);
      await callOk(
        app(),
        "delete_my_account",
        { password: "correct horse battery staple" },
        other.user.accessToken,
      );
      expect((await app().inject({ method: "GET", url: otherUrl })).statusCode).toBe(404);
    });
  },
);
