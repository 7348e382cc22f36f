/** Timestamps as Harbor and BenchFlow write them, to ISO 8601 (UTC). */

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * "2026-01-29T05:47:41.459432Z", "2026-11-04 17:58:40.100000" (BenchFlow, no zone) -> ISO 8601. A time without
 * a zone is read as UTC, so the result does not depend on the machine that ingests it. null when unreadable.
 */
export function isoTime(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  let text = value.trim().replace(" ", "T");
  if (!HAS_ZONE.test(text)) text += "Z";
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Milliseconds from start to finish; null when either is missing or the span is negative. */
export function spanMs(start: string | null, finish: string | null): number | null {
  if (!start || !finish) return null;
  const ms = Date.parse(finish) - Date.parse(start);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** A `YYYY-MM-DD__HH-MM-SS` job folder name as ISO 8601 (UTC), else null. */
export function timeFromJobName(name: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})__(\d{2})-(\d{2})-(\d{2})$/.exec(name);
  return m ? isoTime(`${m[1]}T${m[2]}:${m[3]}:${m[4]}`) : null;
}
