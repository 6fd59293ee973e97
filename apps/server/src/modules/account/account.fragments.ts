import type { Session as SessionResponse } from "@fitwise/contracts/auth";

/** The implicit-grant redirect GoTrue makes: the session in the fragment, which browsers never send to servers. */
export function sessionFragment(session: SessionResponse, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    ...extra,
  }).toString();
}

export function errorFragment(errorCode: string, description: string, error = "access_denied"): string {
  return new URLSearchParams({ error, error_code: errorCode, error_description: description }).toString();
}
