// Each comment below breaks one citation rule of scripts/check-citations.ts.
// Replace offers alternatives (issue 12).
/** Issue 8 §2: forgotten password by e-mail. */
// Spec §2 "/diet": the loading view shows tips.
// Defaults as the spec has it.
// The csv defaults to ../shared/data/usda_foods.csv.
/** Debian's Chromium (see DEVELOPERS.md). */
// The layout of DESIGN.md.
export const FLAGGED = true;
