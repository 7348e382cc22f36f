/**
 * The bookkeeping behind useUrlState, pure so it can be tested without a browser. A write shows at once
 * (`local`) while the URL catches up: Next applies a history write in a transition, and a router navigation
 * takes a server round trip. Every write whose key differs from the last is `pending` until the URL shows it.
 * A URL key that is one of the pending writes is that write landing (older ones were overtaken); any other key
 * is a navigation we did not make (back, forward, a link), and the URL is the truth again.
 */
export interface UrlSync<T> {
  /** The view key of the URL as last rendered. */
  key: string;
  /** Keys written and not yet seen in the URL, oldest first. */
  pending: readonly string[];
  /** The view last written, shown instead of the URL's; null: the URL's view is shown. */
  local: T | null;
}

export function initialSync<T>(key: string): UrlSync<T> {
  return { key, pending: [], local: null };
}

/** The state after the URL's view key became `key`. */
export function urlChanged<T>(sync: UrlSync<T>, key: string): UrlSync<T> {
  if (key === sync.key) return sync;
  const landed = sync.pending.indexOf(key);
  if (landed >= 0) return { key, pending: sync.pending.slice(landed + 1), local: sync.local };
  return initialSync(key);
}

/** The state after writing `view`, whose key is `key`. */
export function written<T>(sync: UrlSync<T>, view: T, key: string): UrlSync<T> {
  const last = sync.pending.at(-1) ?? sync.key;
  return { key: sync.key, pending: key === last ? sync.pending : [...sync.pending, key], local: view };
}
