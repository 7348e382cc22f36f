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

/**
 * The state once the address bar is seen to hold `addressKey` (history writes only: they change the address at
 * once, before React renders it). Pending writes none of which is in the address while it shows the rendered
 * key were overtaken by a navigation applied in between (back across a reload, whose page comes from the
 * server): the URL is the truth again, instead of a written view no URL will ever confirm.
 */
export function addressSeen<T>(sync: UrlSync<T>, addressKey: string): UrlSync<T> {
  if (sync.pending.length === 0 || sync.pending.includes(addressKey) || addressKey !== sync.key) return sync;
  return initialSync(sync.key);
}
