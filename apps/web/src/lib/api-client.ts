import * as z from "zod/mini";
import { FunctionErrorSchema, GoTrueErrorSchema } from "./auth-schemas";
import { getAccessToken, refreshSession } from "./auth-session";

/** Any failed call: an HTTP error answer, a network failure (status 0) or a response of the wrong shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: unknown[] | undefined;

  constructor(status: number, code: string, message: string, issues?: unknown[]) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

const NETWORK_ERROR_MESSAGE = "Unable to reach the server. Check your connection and try again.";

export interface ApiFetchOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Validates the response (a classic zod or zod/mini schema); without it the parsed JSON is returned as T unchecked. */
  schema?: z.core.$ZodType<T>;
  /** Send the bearer access token (default true). A call that needs it while signed out fails with 401. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Called with the headers of a successful answer, for a function that says more there than in its body. */
  readHeaders?: (headers: Headers) => void;
}

async function send(path: string, options: ApiFetchOptions<unknown>, accessToken: string | null) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(
      0,
      "network_error",
      "Unable to reach the server. Check your connection and try again.",
    );
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const functionError = z.safeParse(FunctionErrorSchema, body);
  if (functionError.success) {
    const { code, message, issues } = functionError.data.error;
    return new ApiError(status, code, message, issues);
  }
  const goTrueError = z.safeParse(GoTrueErrorSchema, body);
  if (goTrueError.success)
    return new ApiError(status, goTrueError.data.error_code ?? "unknown", goTrueError.data.msg);
  return new ApiError(status, "http_error", `The server answered ${status}.`);
}

/**
 * Calls the API with JSON in and out. With `auth` (the default) the access token is sent, refreshed
 * first when it is about to expire; a 401 gets one refresh and one retry, since the token may have
 * been revoked or rotated by another tab in between.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  let accessToken: string | null = null;
  if (useAuth) {
    // A refresh that failed on the network surfaces as the same network error as the call itself.
    accessToken = await getAccessToken().catch(() => {
      throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
    });
    if (!accessToken) throw new ApiError(401, "no_authorization", "No active session found. Please log in.");
  }
  let response = await send(path, options, accessToken);
  if (useAuth && response.status === 401) {
    const refreshed = await refreshSession().catch(() => null);
    if (refreshed) response = await send(path, options, refreshed.access_token);
  }
  const body = await readJson(response);
  if (!response.ok) throw toApiError(response.status, body);
  options.readHeaders?.(response.headers);
  if (!options.schema) return body as T;
  const parsed = z.safeParse(options.schema, body);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      "unexpected_response",
      "Received unexpected data format from server.",
    );
  }
  return parsed.data;
}
