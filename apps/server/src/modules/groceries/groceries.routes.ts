import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { getGroceryList, setGroceryTick } from "./groceries.service";
import { callerId } from "../../http/authenticate";
import { defineFunction } from "../../http/define-function";

/** The shopping list and its ticks under /functions/v1 (docs/product.md §3.15). */
export async function groceriesRoutes(
  app: FastifyInstance,
  options: { db: Database; now?: () => Date },
): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  defineFunction(app, "get_grocery_list", {}, async (input, request) =>
    getGroceryList(db, callerId(request), input, now()),
  );

  defineFunction(app, "set_grocery_tick", {}, async ({ name, ticked }, request) => {
    return setGroceryTick(db, callerId(request), name, ticked);
  });
}
