/**
 * Settings an operator changes without rebuilding the app (BRAND_NAME, SUPPORT_EMAIL on the server).
 * The server writes them into index.html as `<meta name="fitwise-config" content="{json}">`; a page
 * opened from Vite's dev server has no such tag and gets the defaults.
 */
export interface SiteConfig {
  brandName: string;
  supportEmail: string;
}

const DEFAULTS: SiteConfig = { brandName: "Fitwise", supportEmail: "support@fitwise.app" };

function readSiteConfig(): SiteConfig {
  const content =
    typeof document === "undefined"
      ? null
      : document.querySelector<HTMLMetaElement>('meta[name="fitwise-config"]')?.content;
  if (!content) return DEFAULTS;
  try {
    const parsed = JSON.parse(content) as Partial<SiteConfig>;
    return {
      brandName:
        typeof parsed.brandName === "string" && parsed.brandName ? parsed.brandName : DEFAULTS.brandName,
      supportEmail:
        typeof parsed.supportEmail === "string" && parsed.supportEmail
          ? parsed.supportEmail
          : DEFAULTS.supportEmail,
    };
  } catch {
    return DEFAULTS;
  }
}

export const SITE_CONFIG: SiteConfig = readSiteConfig();
