import type { FastifyInstance } from "fastify";

export interface Route {
  method: string;
  url: string;
}

/** Every route, read from Fastify's own route tree (printRoutes nests shared prefixes by indentation). */
export function routesOf(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    const path = `${stack.at(-1) ?? ""}${match[2] ?? ""}`;
    stack.push(path);
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD") routes.push({ method, url: path });
    }
  }
  return routes;
}
