/**
 * Differences of figures smaller than this are rounding, not order: 1/3 − 1 and 0 − 2/3 differ by 1e-16, and a
 * list sorted by difference must put the two tasks by key, as a reader comparing "−66.7 pp" with "−66.7 pp" would.
 */
const TIE = 1e-9;

/** Ascending by value, values within TIE of each other equal (0), so a tie-break applies. */
export function byFigure(x: number, y: number): number {
  const d = x - y;
  return Math.abs(d) <= TIE ? 0 : d;
}

/** Ascending by key, as strings compare (no locale: the same order on every machine). */
export function byKey<T extends { key: string }>(x: T, y: T): number {
  return x.key < y.key ? -1 : x.key > y.key ? 1 : 0;
}
