import * as z from "zod/mini";
import type { Session, User } from "@fitwise/contracts/auth";
import { GoTrueErrorSchema, MISSING_CREDENTIALS_MESSAGE, SessionSchema, UserSchema } from "./auth-schemas";
import { wipeOfflineData } from "./offline-wipe";

export type AuthSession = Session;
export type AuthUser = User;

/** The one localStorage key that holds the session object (docs/product.md §7 "the auth session object"). */
export const SESSION_STORAGE_KEY = "fitwise.auth.session";

/**
 * Keys that survive sign-out (docs/product.md §5 Auth): the two visit flags, and whether this browser
 * was offered the install prompt, which is offered once per browser (docs/decisions/047).
 */
export const KEYS_KEPT_ON_SIGN_OUT = [
  "hasVisitedDietScreen",
  "hasVisitedWorkoutScreen",
  "install_prompt_offered",
] as const;

/*
 * Timing follows docs/product.md §6 "Token refresh", which mirrors supabase-js: a 30 s tick, refresh when the
 * access token is within 3 ticks (90 s) of expiry, a 10 s margin when judging a stored session at
 * start-up, and retries of transient failures with exponential 200 ms steps bounded by one tick.
 */
const AUTO_REFRESH_TICK_MS = 30_000;
const REFRESH_THRESHOLD_MS = 3 * AUTO_REFRESH_TICK_MS;
const STARTUP_EXPIRY_MARGIN_MS = 10_000;
const RETRY_BASE_DELAY_MS = 200;
/** How long sign-out waits for the server's logout before clearing this browser anyway. */
const SIGN_OUT_WAIT_MS = 5_000;

export type AuthStatus = "loading" | "signedIn" | "signedOut";

export interface AuthState {
  status: AuthStatus;
  session: AuthSession | null;
}

/** A GoTrue error answer (`{ code, error_code, msg }`) or a network failure (status 0). */
export class AuthError extends Error {
  readonly status: number;
  readonly errorCode: string;

  constructor(status: number, errorCode: string, message: string) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.errorCode = errorCode;
  }
}

const NETWORK_ERROR_MESSAGE = "Unable to reach the server. Check your connection and try again.";

let state: AuthState = { status: "loading", session: null };
const listeners = new Set<() => void>();
let initialization: Promise<void> | null = null;
let refreshInFlight: Promise<AuthSession | null> | null = null;

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readStoredSession(): AuthSession | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = z.safeParse(SessionSchema, JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Unparsable JSON is treated like any other invalid stored session below.
  }
  localStorage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

/** Stores a session (from sign-in, sign-up, refresh or another flow such as Google) and marks the user signed in. */
export function setSession(session: AuthSession): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  setState({ status: "signedIn", session });
}

function dropSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  setState({ status: "signedOut", session: null });
}

/** Removes every localStorage key except the two visit flags (docs/product.md §5 Auth, sign-out). */
export function clearLocalStorageOnSignOut(): void {
  const kept = new Map<string, string>();
  for (const key of KEYS_KEPT_ON_SIGN_OUT) {
    const value = localStorage.getItem(key);
    if (value !== null) kept.set(key, value);
  }
  localStorage.clear();
  for (const [key, value] of kept) localStorage.setItem(key, value);
}

async function authRequest<T>(
  path: string,
  init: { method: "GET" | "POST" | "PUT"; body?: unknown; accessToken?: string },
  schema: z.ZodMiniType<T>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.accessToken) headers.Authorization = `Bearer ${init.accessToken}`;
  let response: Response;
  try {
    response = await fetch(`/auth/v1${path}`, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new AuthError(0, "network_error", NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const body = z.safeParse(GoTrueErrorSchema, json);
    if (body.success) throw new AuthError(response.status, body.data.error_code ?? "unknown", body.data.msg);
    throw new AuthError(response.status, "unexpected_failure", `The server answered ${response.status}.`);
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) {
    throw new AuthError(
      response.status,
      "unexpected_response",
      "Received unexpected data format from server.",
    );
  }
  return parsed.data;
}

/** A failure worth retrying: the network or the server, not a refused token. */
function isTransient(error: unknown): boolean {
  return error instanceof AuthError && (error.status === 0 || error.status >= 500 || error.status === 429);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function requestRefresh(refreshToken: string): Promise<AuthSession> {
  const startedAt = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 0) await sleep(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    try {
      return await authRequest(
        "/token?grant_type=refresh_token",
        { method: "POST", body: { refresh_token: refreshToken } },
        SessionSchema,
      );
    } catch (error) {
      const nextDelay = RETRY_BASE_DELAY_MS * 2 ** attempt;
      if (!isTransient(error) || Date.now() + nextDelay - startedAt >= AUTO_REFRESH_TICK_MS) throw error;
    }
  }
}

/**
 * Exchanges the refresh token for a new session. One refresh at a time per tab; a session another tab
 * has already refreshed is adopted instead, because re-using a spent refresh token revokes the session.
 * Resolves to null (and signs out) when the server refuses the token; rethrows transient failures.
 */
export function refreshSession(): Promise<AuthSession | null> {
  if (refreshInFlight) return refreshInFlight;
  refreshInFlight = (async () => {
    const current = readStoredSession() ?? state.session;
    if (!current) {
      dropSession();
      return null;
    }
    if (state.session && current.refresh_token !== state.session.refresh_token && !isNearExpiry(current)) {
      setSession(current);
      return current;
    }
    try {
      const next = await requestRefresh(current.refresh_token);
      setSession(next);
      return next;
    } catch (error) {
      if (isTransient(error)) throw error;
      dropSession();
      return null;
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function expiresAtMs(session: AuthSession): number {
  return session.expires_at * 1000;
}

function isNearExpiry(session: AuthSession, marginMs = REFRESH_THRESHOLD_MS): boolean {
  return expiresAtMs(session) - Date.now() < marginMs;
}

/** The access token to send now, refreshed first when it is about to expire; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const session = state.session;
  if (!session) return null;
  if (!isNearExpiry(session)) return session.access_token;
  const refreshed = await refreshSession();
  return refreshed?.access_token ?? null;
}

/**
 * Checks the stored session once per page load: a session past (or within 10 s of) expiry is refreshed,
 * then GET /user confirms it is still valid and brings the user record up to date. A session the
 * server refuses is removed; a network failure keeps it, so being offline does not sign anyone out.
 */
export function initializeSession(): Promise<void> {
  initialization ??= (async () => {
    let session = readStoredSession();
    if (!session) {
      setState({ status: "signedOut", session: null });
      return;
    }
    setState({ status: "loading", session });
    try {
      if (isNearExpiry(session, STARTUP_EXPIRY_MARGIN_MS)) {
        session = await refreshSession();
        if (!session) return;
      }
      const user = await fetchUser(session.access_token);
      // Another tab (or a sign-out) may have changed the stored session while GET /user was under way;
      // writing ours back would resurrect a signed-out session or a spent refresh token.
      const latest = readStoredSession();
      if (!latest) dropSession();
      else if (latest.access_token !== session.access_token) setSession(latest);
      else setSession({ ...session, user });
    } catch (error) {
      if (isTransient(error)) {
        setState({ status: "signedIn", session });
        return;
      }
      if (error instanceof AuthError && error.status === 401) {
        const refreshed = await refreshSession().catch(() => null);
        if (refreshed) return;
      }
      dropSession();
    }
  })();
  return initialization;
}

function fetchUser(accessToken: string): Promise<AuthUser> {
  return authRequest("/user", { method: "GET", accessToken }, UserSchema);
}

/** Re-reads the signed-in user (GET /auth/v1/user) into the session. */
export async function refreshUser(): Promise<AuthUser | null> {
  const accessToken = await getAccessToken();
  if (!accessToken || !state.session) return null;
  const user = await fetchUser(accessToken);
  if (state.session) setSession({ ...state.session, user });
  return user;
}

/**
 * grant_type=pkce: the session for the auth code a PKCE redirect brought back, proven with the
 * verifier this tab kept (supabase-js exchangeCodeForSession).
 */
export async function exchangeCodeForSession(authCode: string, codeVerifier: string): Promise<AuthSession> {
  const session = await authRequest(
    "/token?grant_type=pkce",
    { method: "POST", body: { auth_code: authCode, code_verifier: codeVerifier } },
    SessionSchema,
  );
  setSession(session);
  return session;
}

export interface PasswordCredentials {
  email: string;
  password: string;
}

export interface SignUpInput extends PasswordCredentials {
  fullName: string;
  /** The public plan a guest signs up from: the server then records the 14-day trial (docs/decisions/054). */
  sharedPlan?: { kind: "diet" | "workout"; id: string } | undefined;
}

function assertCredentials({ email, password }: PasswordCredentials): void {
  if (!email.trim() || !password) throw new AuthError(400, "validation_failed", MISSING_CREDENTIALS_MESSAGE);
}

export async function signInWithPassword(credentials: PasswordCredentials): Promise<AuthSession> {
  assertCredentials(credentials);
  const session = await authRequest(
    "/token?grant_type=password",
    { method: "POST", body: { email: credentials.email.trim(), password: credentials.password } },
    SessionSchema,
  );
  setSession(session);
  return session;
}

export async function signUpWithPassword(input: SignUpInput): Promise<AuthSession> {
  assertCredentials(input);
  const answer = await authRequest(
    "/signup",
    {
      method: "POST",
      body: {
        email: input.email.trim(),
        password: input.password,
        data: {
          full_name: input.fullName.trim(),
          ...(input.sharedPlan ? { shared_plan: input.sharedPlan } : {}),
        },
      },
    },
    z.union([SessionSchema, UserSchema]),
  );
  // With e-mail confirmation on (AUTH_CONFIRM_EMAIL), the server answers with the user and no session.
  if (!("access_token" in answer)) {
    throw new AuthError(200, "email_confirmation_required", EMAIL_CONFIRMATION_SENT_MESSAGE);
  }
  setSession(answer);
  return answer;
}

export const EMAIL_CONFIRMATION_SENT_MESSAGE =
  "Check your e-mail: we sent you a link to confirm your address. Follow it to sign in.";

/**
 * Ends the session on the server and clears local data, the offline store and caches included
 * (docs/decisions/047). 401/404 mean the session is already gone (docs/product.md §5); any other
 * failure, being offline among them, still clears this browser, because the user asked to leave.
 */
export async function signOut(): Promise<void> {
  const session = state.session;
  if (session) {
    const logout = authRequest("/logout", { method: "POST", accessToken: session.access_token }, z.unknown());
    // A connection that hangs (a gym basement, a captive portal) must not keep anyone signed in on this device:
    // the server's session is ended if the request gets through, and this browser is cleared either way.
    await Promise.race([logout.catch(() => undefined), sleep(SIGN_OUT_WAIT_MS)]);
  }
  await wipeOfflineData();
  // After the wait and right before the state changes: an answer that lands while the offline data is
  // wiped is still recorded for a signed-in user, and must not survive into the next person's session.
  clearLocalStorageOnSignOut();
  setState({ status: "signedOut", session: null });
}

/**
 * Keeps the session fresh while the page is open: checks every tick, and follows sign-in, refresh
 * and sign-out done in other tabs through the storage event. Returns a function that stops it.
 */
export function startAutoRefresh(): () => void {
  const tick = () => {
    const session = state.session;
    if (state.status === "signedIn" && session && isNearExpiry(session)) {
      refreshSession().catch(() => undefined);
    }
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const stored = readStoredSession();
    if (stored) setState({ status: "signedIn", session: stored });
    else if (state.status !== "loading") setState({ status: "signedOut", session: null });
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") tick();
  };
  const interval = setInterval(tick, AUTO_REFRESH_TICK_MS);
  window.addEventListener("storage", onStorage);
  document.addEventListener("visibilitychange", onVisible);
  tick();
  return () => {
    clearInterval(interval);
    window.removeEventListener("storage", onStorage);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
