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
 * Whether a history write is safe, for the whole document. A history write makes Next's router render the new
 * URL over the page data it holds; after a back or forward move that data can be a page Next restored from its
 * client cache whose server answer never comes (its request asked with a tree rendered for another query), and
 * a render over it waits forever: the router never shows the write. A router navigation fetches the page again.
 * So after each back/forward move, writes go through the router until one of them has landed.
 */
export interface RouterTrust {
  /** Back/forward moves seen. */
  traversals: number;
  /** The count of moves that a router write, since landed, was made after. */
  trusted: number;
}

export const initialTrust: RouterTrust = { traversals: 0, trusted: 0 };

export function traversed(trust: RouterTrust): RouterTrust {
  return { ...trust, traversals: trust.traversals + 1 };
}

/** The state once a router write made when `traversals` was `madeAt` has landed. */
export function routerWriteLanded(trust: RouterTrust, madeAt: number): RouterTrust {
  return madeAt > trust.trusted ? { ...trust, trusted: madeAt } : trust;
}

export function historyWriteSafe(trust: RouterTrust): boolean {
  return trust.trusted >= trust.traversals;
}

/**
 * Whether a back/forward move is still not rendered once its event is over: Next's router renders one at once
 * (in the popstate event) unless it waits for page data, and on the same path, a move that changed the query
 * only, that data can be the kind that never comes. `renderedQuery`: the router's query, as useSearchParams
 * gives it; `address`: window.location's path and search.
 */
export function traversalUnrendered(
  rendered: { pathname: string; query: string },
  address: { pathname: string; search: string },
): boolean {
  return rendered.pathname === address.pathname && new URLSearchParams(address.search).toString() !== rendered.query;
}
