/** docs/product.md §6: a saved-plan card previews its first 3 items. */
export const PREVIEW_SIZE = 3;

export interface Preview<T> {
  shown: T[];
  /** Items left out of the preview. */
  moreCount: number;
  total: number;
}

export function previewOf<T>(items: readonly T[]): Preview<T> {
  return {
    shown: items.slice(0, PREVIEW_SIZE),
    moreCount: Math.max(0, items.length - PREVIEW_SIZE),
    total: items.length,
  };
}

/** "meal" / "meals": docs/product.md §3.8 writes the plural; one item reads better in the singular. */
function noun(count: number, singular: string): string {
  return count === 1 ? singular : `${singular}s`;
}

/** "... and N more meals" (docs/product.md §3 "/saved"). */
export function moreText(count: number, singular: "meal" | "exercise"): string {
  return `... and ${count} more ${noun(count, singular)}`;
}

/** "N meals in this plan" (docs/product.md §3 "/saved"). */
export function countText(count: number, singular: "meal" | "exercise"): string {
  return `${count} ${noun(count, singular)} in this plan`;
}

/** Creation date and time in the reader's locale, e.g. "22 Nov 2026, 14:05". */
export function formatCreatedAt(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
