import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteGenericInterface,
  RouteShorthandOptions,
} from "fastify";
import { ROUTES, type RouteKey } from "@fitwise/contracts/routes";

export type RouteEntry<K extends RouteKey> = (typeof ROUTES)[K];

/**
 * Registers a route outside /functions/v1 by its key in the route table of @fitwise/contracts/routes
 * (docs/decisions/074): method and path come from the key (the plugin's prefix included), and the handler
 * is handed the table's entry, so the schema it validates its body with is the one the API documentation
 * shows. A bearer route gets app.authenticate first, as the table says.
 */
export function defineRoute<K extends RouteKey, G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  key: K,
  options: Omit<RouteShorthandOptions, "preHandler"> & {
    preHandler?: NonNullable<RouteShorthandOptions["preHandler"]>;
  },
  handler: (request: FastifyRequest<G>, reply: FastifyReply, route: RouteEntry<K>) => Promise<unknown>,
): void {
  const [method = "", fullPath = ""] = key.split(" ");
  if (!fullPath.startsWith(app.prefix)) {
    throw new Error(
      `defineRoute(${key}) must be registered under a prefix it starts with, not "${app.prefix}"`,
    );
  }
  const route = ROUTES[key];
  const extra = options.preHandler === undefined ? [] : [options.preHandler].flat();
  const preHandler = route.auth === "bearer" ? [app.authenticate, ...extra] : extra;
  app.route({
    ...options,
    method,
    url: fullPath.slice(app.prefix.length) || "/",
    ...(preHandler.length > 0 ? { preHandler } : {}),
    // Fastify fills params and query from the URL; G only names what this route's URL holds.
    handler: async (request, reply) => handler(request as FastifyRequest<G>, reply, route),
  });
}
