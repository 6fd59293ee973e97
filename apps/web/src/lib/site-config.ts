/**
 * Settings an operator changes without rebuilding the app (BRAND_NAME, BRAND_HOSTS, SUPPORT_EMAIL on the
 * server), for the host name the page was served on. The server writes them into index.html as
 * `<meta name="fitwise-config" content="{json}">`; a page opened from Vite's dev server has no such tag
 * and gets the defaults.
 */
export interface SiteConfig {
  brandName: string;
  supportEmail: string;
  /** Absent: the built-in logo. */
  logoUrl?: string;
  /**
   * Present when the server has Google sign-in configured; the sign-in pages show "Connect with Google" only
   * then (a page from Vite's dev server, without the tag, shows none).
   */
  googleSignIn?: true;
}

const DEFAULTS: SiteConfig = { brandName: "Fitwise", supportEmail: "support@fitwise.app" };

function nonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

/** The server only writes https URLs and same-origin paths; anything else is not used as an image source. */
function isLogoUrl(value: unknown): value is string {
  return nonEmptyString(value) && (value.startsWith("https://") || /^\/(?![/\\])/.test(value));
}

export function parseSiteConfig(content: string | null | undefined): SiteConfig {
  if (!content) return DEFAULTS;
  try {
    const parsed = JSON.parse(content) as Partial<Record<keyof SiteConfig, unknown>> | null;
    return {
      brandName: nonEmptyString(parsed?.brandName) ? parsed.brandName : DEFAULTS.brandName,
      supportEmail: nonEmptyString(parsed?.supportEmail) ? parsed.supportEmail : DEFAULTS.supportEmail,
      ...(isLogoUrl(parsed?.logoUrl) ? { logoUrl: parsed.logoUrl } : {}),
      ...(parsed?.googleSignIn === true ? { googleSignIn: true as const } : {}),
    };
  } catch {
    return DEFAULTS;
  }
}

export const SITE_CONFIG: SiteConfig = parseSiteConfig(
  typeof document === "undefined"
    ? null
    : document.querySelector<HTMLMetaElement>('meta[name="fitwise-config"]')?.content,
);
