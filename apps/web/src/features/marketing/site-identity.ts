import { SITE_CONFIG } from "../../lib/site-config";

/** The brand of the host the page was opened on (BRAND_HOSTS), else BRAND_NAME. */
export const BRAND: string = SITE_CONFIG.brandName;

/** The support address shown on the static pages: the server's SUPPORT_EMAIL, so an operator sets their own. */
export const SUPPORT_EMAIL: string = SITE_CONFIG.supportEmail;

/** The date the legal texts last changed; shown on both pages so readers can tell which version they saw. */
export const LEGAL_LAST_UPDATED = "November 22, 2026";
