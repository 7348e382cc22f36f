/**
 * Counts as people read them, for the sentences lib/scoring and lib/formats write themselves (a scenario's
 * description, why completion heads a run, a format's warnings). lib/display/format.ts writes every other
 * figure and takes its counts from here, so a count reads "1,200" wherever it is written.
 */

/** A count with thousands separators ("12,345"). */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** A count and its noun ("1 task", "8,000 rollouts"). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : many}`;
}
