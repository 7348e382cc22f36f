/*
 * A runs × tasks grid of pass rates as the series page sends it to the browser: each distinct rate once, and
 * each task's row as a string of one or two characters a cell naming its rate. Thousands of rows of a hundred
 * runs then cross as short strings rather than nested arrays of numbers, and a row is read only when drawn.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const CODE = new Map([...ALPHABET].map((c, i) => [c, i]));

export interface RateGrid {
  /** The distinct rates; a cell's code is its index here plus one, 0 for no rate (the run lacks the task). */
  levels: number[];
  /** Characters a cell: 1 for up to 63 distinct rates, else 2 (up to 4,095). */
  width: 1 | 2;
  /** rows[task]: the task's cells, one per run, `width` characters each. */
  rows: string[];
}

/** The grid of `rates[task][run]`; throws beyond 4,095 distinct rates (no series of counted passes has them). */
export function encodeRateGrid(rates: readonly (readonly (number | null)[])[]): RateGrid {
  const index = new Map<number, number>();
  for (const row of rates) for (const r of row) if (r !== null && !index.has(r)) index.set(r, index.size + 1);
  const levels = [...index.keys()];
  if (levels.length >= 64 * 64) throw new Error(`a rate grid holds at most 4,095 distinct rates, not ${levels.length}`);
  const width = levels.length < 64 ? 1 : 2;
  const code = (n: number) => (width === 1 ? ALPHABET[n]! : ALPHABET[n >> 6]! + ALPHABET[n & 63]!);
  return { levels, width, rows: rates.map((row) => row.map((r) => code(r === null ? 0 : index.get(r)!)).join("")) };
}

/** The rate of task `task` in run `run`, or null when that run lacks it. */
export function rateAt(grid: RateGrid, task: number, run: number): number | null {
  const row = grid.rows[task]!;
  const at = run * grid.width;
  const n = grid.width === 1 ? CODE.get(row[at]!)! : (CODE.get(row[at]!)! << 6) | CODE.get(row[at + 1]!)!;
  return n === 0 ? null : grid.levels[n - 1]!;
}
