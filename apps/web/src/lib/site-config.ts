/**
 * Settings an operator changes without rebuilding the app (BRAND_NAME, BRAND_HOSTS, SUPPORT_EMAIL on the
 * server), for the host name the page was served on. The server writes them into index.html as
 * `<meta name="fitwise-config" content="{json}">`; a page opened from Vite's dev server has no such tag
 * and gets the defaults.
 */
export interface SiteLink {
  name: string;
  url: string;
}

/** The operator's outside links (BLOG_URL, COMMUNITY_URL, APP_STORE_URL, GOOGLE_PLAY_URL, SOCIAL_LINKS). */
export interface SiteLinks {
  blog?: string;
  community?: string;
  appStore?: string;
  googlePlay?: string;
  social: SiteLink[];
}

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
  /** Each link shows only while set; without the tag (Vite's dev server) there are none. */
  links: SiteLinks;
}

const DEFAULTS: SiteConfig = {
  brandName: "Fitwise",
  supportEmail: "support@fitwise.app",
  links: { social: [] },
};

function nonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

/** The server only writes https URLs and same-origin paths; anything else is not used as an image source. */
function isLogoUrl(value: unknown): value is string {
  return nonEmptyString(value) && (value.startsWith("https://") || /^\/(?![/\\])/.test(value));
}

/** Only https addresses are linked: the tag is the server's, but a link must never run script (javascript:). */
function httpsUrl(value: unknown): string | undefined {
  return typeof value === "string" && URL.parse(value)?.protocol === "https:" ? value : undefined;
}

function parseLinks(value: unknown): SiteLinks {
  const raw = (typeof value === "object" && value !== null ? value : {}) as Partial<
    Record<keyof SiteLinks, unknown>
  >;
  const links: SiteLinks = { social: [] };
  for (const key of ["blog", "community", "appStore", "googlePlay"] as const) {
    const url = httpsUrl(raw[key]);
    if (url !== undefined) links[key] = url;
  }
  for (const entry of Array.isArray(raw.social) ? (raw.social as unknown[]) : []) {
    const { name, url } = (typeof entry === "object" && entry !== null ? entry : {}) as Partial<SiteLink>;
    const href = httpsUrl(url);
    if (nonEmptyString(name) && href !== undefined) links.social.push({ name, url: href });
  }
  return links;
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
      links: parseLinks(parsed?.links),
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
