import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Open Food Facts' product API v2 (GET /api/v2/product/<code>.json), for tests and the
 * browser spec: nothing calls the real service in tests. It counts the reads it answered.
 */

/** A hazelnut spread whose label figures agree (Atwater within 1 %). */
export const GOOD_CODE = "3017620422003";
/** A product whose energy does not match its macros (a typo on the label, 53 kcal for 530). */
export const MISMATCHED_CODE = "4000000000013";
/** A product without energy per 100 g. */
export const NO_ENERGY_CODE = "5000000000029";
/** A valid code Open Food Facts does not know. */
export const UNKNOWN_CODE = "6000000000035";

const PRODUCTS: Record<string, unknown> = {
  [GOOD_CODE]: {
    product_name: "Hazelnut spread",
    brands: "Stand-in Foods, Other",
    serving_quantity: 15,
    allergens_tags: ["en:milk", "en:nuts", "en:soybeans"],
    nutriments: {
      "energy-kcal_100g": 539,
      proteins_100g: 6.3,
      carbohydrates_100g: 57.5,
      fat_100g: 30.9,
      fiber_100g: 0,
    },
  },
  [MISMATCHED_CODE]: {
    product_name: "Granola bar",
    nutriments: { "energy-kcal_100g": 53, proteins_100g: 8, carbohydrates_100g: 64, fat_100g: 18 },
  },
  [NO_ENERGY_CODE]: { product_name: "Mystery crisps", nutriments: { proteins_100g: 6 } },
};

export interface OpenFoodFactsStandIn {
  url: string;
  reads(): number;
  close(): Promise<void>;
}

export async function startOpenFoodFactsStandIn(): Promise<OpenFoodFactsStandIn> {
  let reads = 0;
  const server: Server = createServer((request, response) => {
    reads += 1;
    const code = /^\/api\/v2\/product\/(\d+)\.json/.exec(request.url ?? "")?.[1] ?? "";
    const product = PRODUCTS[code];
    response.setHeader("content-type", "application/json");
    if (product === undefined) {
      response.statusCode = 404;
      response.end(JSON.stringify({ status: 0, status_verbose: "product not found", code }));
      return;
    }
    response.end(JSON.stringify({ status: 1, code, product }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reads: () => reads,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
