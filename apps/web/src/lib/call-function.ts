import type * as z from "zod/mini";
import {
  FUNCTIONS,
  type FunctionName,
  type FunctionRequest,
  type FunctionResponse,
} from "@fitwise/contracts/functions";
import { apiFetch } from "./api-client";

export interface CallFunctionOptions<R> {
  /**
   * A stricter reading of the answer than the registry's (e.g. the profile, not either get_user_data answer);
   * its result must still be one the registry allows.
   */
  schema?: z.core.$ZodType<R>;
  /** Send the bearer token; by default only to functions the registry marks "bearer". */
  auth?: boolean;
  signal?: AbortSignal;
  readHeaders?: (headers: Headers) => void;
}

/**
 * POST /functions/v1/<name> (docs/product.md §8), typed and checked by the function registry of
 * @fitwise/contracts/functions: the payload has the function's request type and the answer is parsed
 * with its response schema, so a server answering another shape fails as `unexpected_response`.
 *
 * Kept apart from api-client, which the landing page loads: the registry brings every contract (and
 * classic zod) with it, which only the signed-in screens need (docs/decisions/032).
 */
export function callFunction<N extends FunctionName, R extends FunctionResponse<N> = FunctionResponse<N>>(
  name: N,
  payload: FunctionRequest<N>,
  options: CallFunctionOptions<R> = {},
): Promise<R> {
  const contract = FUNCTIONS[name];
  // Without a stricter schema R is FunctionResponse<N>, the registry schema's own output.
  const schema = options.schema ?? (contract.response as z.core.$ZodType<R>);
  return apiFetch(`/functions/v1/${name}`, {
    method: "POST",
    body: payload,
    schema,
    auth: options.auth ?? contract.auth === "bearer",
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.readHeaders ? { readHeaders: options.readHeaders } : {}),
  });
}
