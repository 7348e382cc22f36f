/** A recorded count (tokens, calls) as a whole number; null when the source did not record it. */
export function roundOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? Math.round(value) : null;
}
