import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

/**
 * PostgreSQL cannot store U+0000 in text or jsonb (SQLSTATE 22021 / 22P05), and a lone UTF-16
 * surrogate has no UTF-8 form (it would be stored as U+FFFD, silently changing the text). Both are
 * refused here, for every route, before any handler sees the request.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g");

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The path of the first string (or object key) in `value` that cannot be stored, or undefined. */
export function firstUnstorableText(value: unknown, root: string): string | undefined {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (!isStorableText(current)) return path;
    } else if (current instanceof URLSearchParams) {
      for (const [key, text] of current) {
        if (!isStorableText(key) || !isStorableText(text)) return `${path}.${safeKey(key)}`;
      }
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]` }));
    } else if (typeof current === "object" && current !== null && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return `${path}.${safeKey(key)}`;
        stack.push({ value: item, path: `${path}.${key}` });
      }
    }
  }
  return undefined;
}

/** A key that is itself unstorable is named with the bad characters escaped, so the answer can be stored and shown. */
function safeKey(key: string): string {
  return key.replace(UNSTORABLE_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function unstorableTextError(field: string): HttpError {
  return new HttpError(
    400,
    "invalid_characters",
    `${field} contains a character that cannot be stored (U+0000 or an unpaired surrogate)`,
    [{ path: field, message: "contains U+0000 or an unpaired surrogate" }],
  );
}

function check(request: FastifyRequest): void {
  const field =
    firstUnstorableText(request.params, "params") ??
    firstUnstorableText(request.query, "query") ??
    firstUnstorableText(request.body, "body");
  if (field) throw unstorableTextError(field);
}

/** One check for every route: path parameters, query and parsed body (webhooks check their raw JSON themselves). */
export function registerInputTextCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => check(request));
}
