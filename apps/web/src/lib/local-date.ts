/** The user's own calendar day as YYYY-MM-DD (logs are kept per local day, not per UTC day). */
export function localIsoDate(at: Date = new Date()): string {
  const month = String(at.getMonth() + 1).padStart(2, "0");
  const day = String(at.getDate()).padStart(2, "0");
  return `${at.getFullYear()}-${month}-${day}`;
}
