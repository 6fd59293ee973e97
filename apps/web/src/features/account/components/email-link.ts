import type { EmailLinkType } from "@fitwise/contracts/account";

const LINK_TYPES = [
  "signup",
  "recovery",
  "magiclink",
  "email",
  "email_change",
] as const satisfies readonly EmailLinkType[];

export interface EmailLink {
  type: EmailLinkType;
  tokenHash: string;
  /** Where to go once the link has signed the user in: a path on this origin. */
  next: string;
}

function isLinkType(value: string | null): value is EmailLinkType {
  return LINK_TYPES.some((type) => type === value);
}

/**
 * The path to go to after the link: `next` when it is a path on `origin`, else the type's own page.
 * The server only mails paths, but anyone can craft a link to this page, so the address is checked
 * again here; its fragment is dropped so a planted #access_token cannot reach AuthRedirect.
 */
export function nextPathAfterLink(next: string | null, type: EmailLinkType, origin: string): string {
  const fallback =
    type === "recovery" ? "/reset-password" : type === "email_change" ? "/updatemyinfo" : "/diet";
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  let target: URL;
  try {
    target = new URL(next, origin);
  } catch {
    return fallback;
  }
  // "/.//host" is same-origin but its path, standing alone, would name another host.
  if (target.origin !== origin || target.pathname.startsWith("//")) return fallback;
  return `${target.pathname}${target.search}`;
}

/** The link the confirm page was opened with (`?token_hash&type&next`); null when it is incomplete. */
export function readEmailLink(search: URLSearchParams, origin: string): EmailLink | null {
  const type = search.get("type");
  const tokenHash = search.get("token_hash");
  if (!isLinkType(type) || !tokenHash) return null;
  return { type, tokenHash, next: nextPathAfterLink(search.get("next"), type, origin) };
}
