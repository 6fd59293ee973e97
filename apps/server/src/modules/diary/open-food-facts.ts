import type { Allergen } from "@fitwise/engine/nutrition/food.types";
import type { LooseFoodFacts } from "@fitwise/engine/nutrition/generic-foods";
import type { HouseholdMeasure } from "@fitwise/engine/nutrition/meal-roles";
import { DIARY_ERROR_CODES } from "@fitwise/contracts/diary";
import { HttpError } from "../../http/errors";

/**
 * Packaged foods by barcode from Open Food Facts (docs/decisions/052): read with its product API v2, answers
 * kept for a day, at most 100 reads a minute (Open Food Facts' stated limit for product reads), and every
 * product's figures checked before anyone logs them. Tests point the base URL at a local stand-in.
 */

export type BarcodeLookup =
  | { status: "found"; facts: LooseFoodFacts; measure?: HouseholdMeasure }
  | { status: "refused"; name: string | null; reason: string }
  | { status: "not_found" };

/** Open Food Facts allows 100 product reads a minute per client (openfoodfacts.github.io/openfoodfacts-server/api). */
const READS_PER_MINUTE = 100;
/** Products change rarely; a day keeps repeated scans (the same yoghurt every morning) off their servers. */
const CACHE_TTL_MS = 24 * 60 * 60_000;
const CACHE_MAX_ENTRIES = 10_000;
const TIMEOUT_MS = 5000;
/**
 * Energy and macros disagree when energy is further than this from 4 kcal/g protein and carbohydrate + 9 kcal/g
 * fat (Atwater), fibre counted either way, as scripts/check-usda.ts checks the catalogue: 15 %, or 15 kcal for
 * foods with little energy, whose rounded label figures cannot meet a share.
 */
const ATWATER_TOLERANCE = 0.15;
const ATWATER_SLACK_KCAL = 15;

/** Open Food Facts' allergen tags in the engine's terms; other tags (celery, mustard, lupin) carry none. */
const ALLERGEN_TAGS: Readonly<Record<string, Allergen>> = {
  "en:milk": "milk",
  "en:eggs": "egg",
  "en:fish": "fish",
  "en:crustaceans": "shellfish",
  "en:molluscs": "shellfish",
  "en:nuts": "tree nuts",
  "en:peanuts": "peanut",
  "en:gluten": "wheat/gluten",
  "en:soybeans": "soy",
  "en:sesame-seeds": "sesame",
};

interface OffProduct {
  product_name?: unknown;
  brands?: unknown;
  nutriments?: Record<string, unknown>;
  serving_quantity?: unknown;
  allergens_tags?: unknown;
}

const numberOr = (value: unknown): number | undefined => {
  const parsed = typeof value === "string" ? Number(value) : value;
  return typeof parsed === "number" && Number.isFinite(parsed) ? parsed : undefined;
};

/** The product's figures, or why they cannot be logged. */
export function checkProduct(code: string, product: OffProduct): BarcodeLookup {
  const productName = typeof product.product_name === "string" ? product.product_name.trim() : "";
  const brand = typeof product.brands === "string" ? product.brands.split(",")[0]?.trim() : undefined;
  const name = productName === "" ? null : brand ? `${productName} (${brand})` : productName;
  const refuse = (reason: string): BarcodeLookup => ({ status: "refused", name, reason });
  if (name === null) return refuse("It has no name.");
  const nutriments = product.nutriments ?? {};
  const energyKcal = numberOr(nutriments["energy-kcal_100g"]);
  const proteinG = numberOr(nutriments.proteins_100g);
  const carbsG = numberOr(nutriments.carbohydrates_100g);
  const fatG = numberOr(nutriments.fat_100g);
  const fibreG = numberOr(nutriments.fiber_100g) ?? 0;
  if (energyKcal === undefined) return refuse("It lists no energy per 100 g.");
  if (proteinG === undefined || carbsG === undefined || fatG === undefined)
    return refuse("It lists no protein, carbohydrate or fat per 100 g.");
  // Pure fat is about 9 kcal/g, so no food passes 900 kcal per 100 g; nor can 100 g hold more than 100 g.
  if (energyKcal < 0 || energyKcal > 902)
    return refuse(`Its energy, ${energyKcal} kcal per 100 g, is impossible.`);
  if (
    [proteinG, carbsG, fatG, fibreG].some((grams) => grams < 0 || grams > 100) ||
    proteinG + carbsG + fatG > 101
  )
    return refuse("Its protein, carbohydrate and fat add up to more than 100 g per 100 g.");
  const fromMacros = 4 * proteinG + 4 * carbsG + 9 * fatG;
  const lowest = fromMacros - 2 * fibreG;
  const slack = Math.max(ATWATER_SLACK_KCAL, ATWATER_TOLERANCE * fromMacros);
  if (energyKcal < lowest - slack || energyKcal > fromMacros + slack)
    return refuse(
      `Its energy, ${Math.round(energyKcal)} kcal per 100 g, does not match its protein, carbohydrate and fat ` +
        `(${Math.round(fromMacros)} kcal).`,
    );
  const tags = Array.isArray(product.allergens_tags) ? product.allergens_tags : [];
  const allergens = [
    ...new Set(tags.flatMap((tag) => (typeof tag === "string" ? (ALLERGEN_TAGS[tag] ?? []) : []))),
  ];
  const servingG = numberOr(product.serving_quantity);
  return {
    status: "found",
    facts: {
      id: `off-${code}`,
      name,
      energyKcal,
      proteinG,
      carbsG,
      fatG,
      fibreG,
      allergens,
      flags: [],
      image: "snack",
    },
    ...(servingG !== undefined && servingG >= 1 && servingG <= 5000
      ? { measure: { unit: "serving", plural: "servings", grams: servingG, whole: false } }
      : {}),
  };
}

export class OpenFoodFacts {
  readonly #baseUrl: string;
  readonly #userAgent: string;
  readonly #now: () => number;
  readonly #cache = new Map<string, { answer: BarcodeLookup; expiresAtMs: number }>();
  #reads: number[] = [];

  constructor(options: { baseUrl: string; userAgent: string; now?: () => number }) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#userAgent = options.userAgent;
    this.#now = options.now ?? Date.now;
  }

  async lookup(code: string): Promise<BarcodeLookup> {
    const now = this.#now();
    const cached = this.#cache.get(code);
    if (cached && cached.expiresAtMs > now) return cached.answer;
    this.#reads = this.#reads.filter((at) => at > now - 60_000);
    if (this.#reads.length >= READS_PER_MINUTE)
      throw new HttpError(
        503,
        DIARY_ERROR_CODES.lookupBusy,
        "Too many barcode lookups just now: try again in a minute.",
      );
    this.#reads.push(now);
    const answer = await this.#fetch(code);
    this.#cache.delete(code);
    this.#cache.set(code, { answer, expiresAtMs: now + CACHE_TTL_MS });
    if (this.#cache.size > CACHE_MAX_ENTRIES) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    return answer;
  }

  async #fetch(code: string): Promise<BarcodeLookup> {
    const fields = "product_name,brands,nutriments,serving_quantity,allergens_tags";
    let response: Response;
    try {
      response = await fetch(`${this.#baseUrl}/api/v2/product/${code}.json?fields=${fields}`, {
        // Open Food Facts asks every app to name itself in the User-Agent.
        headers: { "user-agent": this.#userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(
        502,
        DIARY_ERROR_CODES.lookupUnavailable,
        "Open Food Facts did not answer. Try again later.",
      );
    }
    if (response.status === 404) return { status: "not_found" };
    if (!response.ok)
      throw new HttpError(
        502,
        DIARY_ERROR_CODES.lookupUnavailable,
        "Open Food Facts did not answer. Try again later.",
      );
    const body = (await response.json().catch(() => ({}))) as { status?: unknown; product?: OffProduct };
    if (body.status !== 1 || typeof body.product !== "object" || body.product === null)
      return { status: "not_found" };
    return checkProduct(code, body.product);
  }
}
