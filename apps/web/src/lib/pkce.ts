/**
 * The browser's half of a PKCE sign-in (RFC 7636), as supabase-js does it with flowType "pkce":
 * a random verifier kept in this tab, its S256 challenge sent to /auth/v1/authorize, and the auth
 * code the server sends back (`?code=`) exchanged with the verifier at /token?grant_type=pkce. The
 * session never travels in a URL.
 */

/** sessionStorage, not localStorage: the redirect comes back to this tab, and nothing outlives it. */
export const PKCE_STORAGE_KEY = "fitwise.auth.pkce";

/** Which sign-in started the flow, so the page that finishes it can report it. */
export type PkceFlowKind = "google";

export interface PkceFlow {
  verifier: string;
  kind: PkceFlowKind;
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))). */
export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/**
 * Starts a flow: stores a fresh verifier (RFC 7636 §4.1: 32 random octets give 43 characters) and
 * answers the query parameters that carry its challenge.
 */
export async function startPkceFlow(
  storage: Storage,
  kind: PkceFlowKind,
): Promise<{ code_challenge: string; code_challenge_method: "s256" }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  storage.setItem(PKCE_STORAGE_KEY, JSON.stringify({ verifier, kind } satisfies PkceFlow));
  return { code_challenge: await s256Challenge(verifier), code_challenge_method: "s256" };
}

/** The stored flow, removed as it is read (a verifier is good for one exchange); null when there is none. */
export function takePkceFlow(storage: Storage): PkceFlow | null {
  const raw = storage.getItem(PKCE_STORAGE_KEY);
  storage.removeItem(PKCE_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "verifier" in parsed &&
      typeof parsed.verifier === "string" &&
      "kind" in parsed &&
      parsed.kind === "google"
    ) {
      return { verifier: parsed.verifier, kind: parsed.kind };
    }
  } catch {
    // An unreadable entry is no flow.
  }
  return null;
}
