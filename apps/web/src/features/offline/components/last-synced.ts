/**
 * "Last synced at 17:05" for today, "Last synced 26 Nov, 17:05" for another day; "Not synced on this
 * device yet" without a time. In the person's locale and time zone.
 */
export function lastSyncedText(syncedAtMs: number | null, nowMs: number, locale?: string): string {
  if (syncedAtMs === null) return "Not synced on this device yet.";
  const at = new Date(syncedAtMs);
  const time = at.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  if (at.toDateString() === new Date(nowMs).toDateString()) return `Last synced at ${time}.`;
  const day = at.toLocaleDateString(locale, { day: "numeric", month: "short" });
  return `Last synced ${day}, ${time}.`;
}
