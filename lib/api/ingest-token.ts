/*
 * The ingest token as the browser keeps it: in this tab's sessionStorage only (never the URL, never
 * localStorage), set on the upload page or beside a control that was refused, read by every control that writes.
 */

const TOKEN_KEY = "tally.ingest-token";
// An older spelling, still read.
const OLD_KEYS = ["tally-ingest-token"];

/** The token this tab keeps; null without one, and on the server, which has no tab. */
export function savedIngestToken(): string | null {
  if (typeof window === "undefined") return null;
  for (const key of [TOKEN_KEY, ...OLD_KEYS]) {
    const value = window.sessionStorage.getItem(key);
    if (value && value.trim()) return value.trim();
  }
  return null;
}

export function saveIngestToken(value: string): void {
  if (value.trim()) window.sessionStorage.setItem(TOKEN_KEY, value.trim());
  else window.sessionStorage.removeItem(TOKEN_KEY);
}
