import { z } from "zod";
import { ApiError } from "./api-client";

/**
 * Some answers carry an object as JSON text (docs/product.md §8: `replacementItem`, `replacementWorkout`). The
 * text is parsed and checked like any other answer; anything else is reported as an unexpected answer.
 */
export function parseJsonTextResponse<T>(text: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ApiError(200, "unexpected_response", "Received unexpected data format from server.");
  return parsed.data;
}
