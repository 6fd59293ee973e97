import { z } from "zod";
import { AuthErrorSchema } from "@fitwise/contracts/auth";
import { FunctionErrorSchema } from "@fitwise/contracts/profile";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import { ROUTE_FAMILIES, ROUTES, type RouteContract } from "@fitwise/contracts/routes";

/** A route as Fastify registered it (HEAD routes Fastify adds by itself are left out). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

type JsonObject = Record<string, unknown>;

export const FUNCTIONS_PREFIX = "/functions/v1/";

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a contract. Requests are shown as a client may
 * send them (before defaults and coercions, io "input"); answers as the server sends them.
 * Transforms (numbers sent as text) cannot be expressed and show as "any" instead of failing.
 */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

/** Fastify's ":id" and "*" as OpenAPI path templates, with their parameters. */
function openApiPath(url: string): { path: string; parameters: JsonObject[] } {
  const names: string[] = [];
  const path = url
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        names.push(segment.slice(1));
        return `{${segment.slice(1)}}`;
      }
      if (segment === "*") {
        names.push("path");
        return "{path}";
      }
      return segment;
    })
    .join("/");
  return {
    path,
    parameters: names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
  };
}

/** What the document shows of a route: a function's registry entry or the route table's. */
type DocumentedContract = Omit<RouteContract, "family">;

export function contractOf(route: RegisteredRoute): {
  name: string;
  contract: DocumentedContract | undefined;
} {
  if (route.url.startsWith(FUNCTIONS_PREFIX)) {
    const name = route.url.slice(FUNCTIONS_PREFIX.length);
    return {
      name,
      contract: Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name as keyof typeof FUNCTIONS] : undefined,
    };
  }
  const key = `${route.method} ${route.url}`;
  return {
    name: key,
    contract: Object.hasOwn(ROUTES, key) ? ROUTES[key as keyof typeof ROUTES] : undefined,
  };
}

function operationId(route: RegisteredRoute, functionName: string | undefined): string {
  if (functionName && route.method === "POST") return functionName;
  const words = `${route.method} ${route.url}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.join("_");
}

function operationOf(route: RegisteredRoute): JsonObject {
  const isFunction = route.url.startsWith(FUNCTIONS_PREFIX);
  const { name, contract } = contractOf(route);
  const { parameters } = openApiPath(route.url);
  const errorSchema = route.url.startsWith("/auth/v1") ? AuthErrorSchema : FunctionErrorSchema;
  const operation: JsonObject = {
    operationId: operationId(route, isFunction ? name : undefined),
    tags: [isFunction ? "functions" : (route.url.split("/")[1] ?? "root")],
    summary: contract?.summary ?? (route.method === "GET" ? "A page of the web app" : route.url),
    responses: {
      "200": {
        description: "Success",
        ...(contract?.response
          ? { content: { "application/json": { schema: jsonSchemaOf(contract.response, "output") } } }
          : {}),
      },
      default: {
        description: "An error",
        content: { "application/json": { schema: jsonSchemaOf(errorSchema, "output") } },
      },
    },
  };
  if (contract?.auth === "bearer") operation.security = [{ bearer: [] }];
  if (contract?.auth === "optional") operation.security = [{}, { bearer: [] }];
  if (contract?.request && (route.method === "POST" || route.method === "PUT")) {
    operation.requestBody = {
      required: false,
      content: { "application/json": { schema: jsonSchemaOf(contract.request, "input") } },
    };
  }
  if (contract?.request && route.method === "GET") {
    operation.parameters = [
      ...parameters,
      // A GET reads the same shape from its query string.
      {
        name: "query",
        in: "query",
        style: "form",
        explode: true,
        schema: jsonSchemaOf(contract.request, "input"),
      },
    ];
  } else if (parameters.length > 0) {
    operation.parameters = parameters;
  }
  return operation;
}

/** The OpenAPI 3.1 document of every route the app registered, with the contracts' schemas where they exist. */
export function openApiDocument(
  routes: readonly RegisteredRoute[],
  info: { title: string; version: string; serverUrl: string },
): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const { path } = openApiPath(route.url);
    const entry = (paths[path] ??= {});
    entry[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: info.title,
      version: info.version,
      description:
        "Generated from the zod contracts in packages/contracts. Functions are POST /functions/v1/<name> " +
        "with a JSON body; the auth routes follow Supabase Auth (GoTrue). " +
        `Errors, one envelope per family: /auth/v1 answers ${ROUTE_FAMILIES.auth}; the functions and every ` +
        `other JSON route ${ROUTE_FAMILIES.api}; /healthz ${ROUTE_FAMILIES.health}; pages ${ROUTE_FAMILIES.page}. ` +
        "A 5xx never carries details: its message is fixed and the cause is only logged.",
    },
    servers: [{ url: info.serverUrl }],
    tags: [
      { name: "functions", description: "The functions of docs/product.md §8" },
      { name: "auth", description: "Sign-up, sign-in and sessions (Supabase Auth compatible)" },
    ],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    paths,
  };
}
