/**
 * One copy of each distinct string: a run's checks repeat the same few keys, labels, dimensions and statuses in
 * every rollout, and each parsed file holds its own copies of them. The pool lives as long as the function.
 */
export function stringPool(): (s: string) => string {
  const pool = new Map<string, string>();
  return (s) => {
    const found = pool.get(s);
    if (found !== undefined) return found;
    pool.set(s, s);
    return s;
  };
}
