/*
 * The ingest token as the browser keeps it: in this tab's sessionStorage only (never the URL, never
 * localStorage), set on the upload page or beside a control that was refused, read by every control that writes.
 */

const TOKEN_KEY = "tally.ingest-token";
// An older spelling, still read.
const OLD_KEYS = ["tally-ingest-token"];

export function savedIngestToken(): string | null {
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

/** The Authorization header for a write, when a token is saved. */
export function ingestAuthHeader(): Record<string, string> {
  const token = savedIngestToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}
