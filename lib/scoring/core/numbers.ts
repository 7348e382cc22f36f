/**
 * Counts as people read them, for the sentences lib/scoring and lib/formats write themselves (a scenario's
 * description, why completion heads a run, a format's warnings). lib/display/format.ts writes every other
 * figure and takes its counts from here, so a count reads "1,200" wherever it is written.
 */

/**
 * One formatter for every count: in Chromium `n.toLocaleString("en-US")` costs ~23 µs a call (a formatter made
 * each time), this ~1 µs, and a run page writes thousands of counts at each change.
 */
const COUNT = new Intl.NumberFormat("en-US");

/** A count with thousands separators ("12,345"). */
export function count(n: number): string {
  return COUNT.format(n);
}

/** A count and its noun ("1 task", "8,000 rollouts"). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : many}`;
}
