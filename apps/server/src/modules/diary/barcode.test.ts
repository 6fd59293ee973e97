import { afterAll, expect, it } from "vitest";
import { LogFoodResponseSchema, LookupBarcodeResponseSchema } from "@fitwise/contracts/diary";
import { isoDateOfDay, isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { describeWithDatabases } from "../../test/test-app";
import { callFunction, callOk, errorOf, PROFILE } from "../../test/plan-journey.fixture";
import {
  GOOD_CODE,
  MISMATCHED_CODE,
  NO_ENERGY_CODE,
  startOpenFoodFactsStandIn,
  UNKNOWN_CODE,
} from "./open-food-facts.stand-in";
import { checkProduct } from "./open-food-facts";

const standIn = await startOpenFoodFactsStandIn();
afterAll(() => standIn.close());

const yesterday = () => isoDateOfDay(isoDayNumber(new Date().toISOString().slice(0, 10)) - 1);

it("refuses a product whose energy is impossible or whose macros weigh more than 100 g", () => {
  const nutriments = { "energy-kcal_100g": 950, proteins_100g: 0, carbohydrates_100g: 0, fat_100g: 100 };
  expect(checkProduct(GOOD_CODE, { product_name: "Oil", nutriments })).toMatchObject({
    status: "refused",
    reason: "Its energy, 950 kcal per 100 g, is impossible.",
  });
  const heavy = { "energy-kcal_100g": 500, proteins_100g: 60, carbohydrates_100g: 60, fat_100g: 0 };
  expect(checkProduct(GOOD_CODE, { product_name: "Bar", nutriments: heavy })).toMatchObject({
    status: "refused",
  });
  expect(checkProduct(GOOD_CODE, { nutriments })).toMatchObject({
    status: "refused",
    reason: "It has no name.",
  });
});

describeWithDatabases(
  "barcode lookup against a stand-in for Open Food Facts (docs/decisions/052)",
  ({ app, signUp }) => {
    it("finds a product, marks the caller's exclusions, keeps the answer and logs it by serving", async () => {
      const user = await signUp();
      await callOk(app(), "write_user_data", { ...PROFILE, user_allergies: "tree nuts" }, user.accessToken);
      const before = standIn.reads();
      const found = LookupBarcodeResponseSchema.parse(
        await callOk(app(), "lookup_barcode", { code: GOOD_CODE }, user.accessToken),
      );
      expect(found).toMatchObject({
        status: "found",
        food: {
          id: `off-${GOOD_CODE}`,
          name: "Hazelnut spread (Stand-in Foods)",
          origin: "open_food_facts",
          per_100g: { energy_kcal: 539, fat_g: 30.9 },
          measure: { unit: "serving", grams: 15 },
          excluded_because: "contains tree nuts",
        },
        attribution: expect.stringContaining("Open Database License"),
      });
      await callOk(app(), "lookup_barcode", { code: ` ${GOOD_CODE} ` }, user.accessToken);
      const logged = LogFoodResponseSchema.parse(
        await callOk(
          app(),
          "log_food",
          { date: yesterday(), meal: "Breakfast", food_id: `off-${GOOD_CODE}`, servings: 2 },
          user.accessToken,
        ),
      );
      expect(logged.entry).toMatchObject({ grams: 30, energy_kcal: 161.7, kind: "food" });
      // One read for the lookup; the second lookup and the log came from the kept answer.
      expect(standIn.reads() - before).toBe(1);
    });

    it("says why a product was refused, and answers not_found for an unknown code", async () => {
      const user = await signUp();
      const refused = LookupBarcodeResponseSchema.parse(
        await callOk(app(), "lookup_barcode", { code: MISMATCHED_CODE }, user.accessToken),
      );
      expect(refused).toMatchObject({
        status: "refused",
        name: "Granola bar",
        reason: "Its energy, 53 kcal per 100 g, does not match its protein, carbohydrate and fat (450 kcal).",
      });
      const noEnergy = LookupBarcodeResponseSchema.parse(
        await callOk(app(), "lookup_barcode", { code: NO_ENERGY_CODE }, user.accessToken),
      );
      expect(noEnergy).toMatchObject({ status: "refused", reason: "It lists no energy per 100 g." });
      expect(await callOk(app(), "lookup_barcode", { code: UNKNOWN_CODE }, user.accessToken)).toEqual({
        status: "not_found",
      });
      const refusedLog = await callFunction(
        app(),
        "log_food",
        { date: yesterday(), meal: "Lunch", food_id: `off-${MISMATCHED_CODE}`, grams: 40 },
        user.accessToken,
      );
      expect(refusedLog.statusCode).toBe(404);
    });

    it("answers 400 for a code that is not a barcode", async () => {
      const user = await signUp();
      for (const code of ["123", "3017620422004", "30176204220a3", ""]) {
        const response = await callFunction(app(), "lookup_barcode", { code }, user.accessToken);
        expect(response.statusCode, code).toBe(400);
        expect(errorOf(response).issues).toEqual(
          expect.arrayContaining([expect.objectContaining({ path: "code" })]),
        );
      }
      expect((await callFunction(app(), "lookup_barcode", { code: GOOD_CODE })).statusCode).toBe(401);
    });
  },
  { config: { openFoodFactsUrl: standIn.url } },
);

describeWithDatabases("barcode lookup without Open Food Facts configured", ({ app, signUp }) => {
  it("answers 503 lookup_unavailable and calls out to nothing", async () => {
    const user = await signUp();
    const response = await callFunction(app(), "lookup_barcode", { code: GOOD_CODE }, user.accessToken);
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe("lookup_unavailable");
  });
});
