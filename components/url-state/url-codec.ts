/**
 * A view's state as it lives in the URL: one codec per view (the runs list, the run page's tasks table, the
 * what-if scenario), read and written by useUrlState. Pure, so a server page can read the same state. A codec
 * never fails: anything malformed in the URL reads as that part's default.
 */
export interface UrlCodec<T> {
  /** The view the parameters describe (zod-parsed; a malformed value falls back to its default). */
  parse: (params: URLSearchParams) => T;
  /**
   * The query string (no "?") for `view`, written over `current`: a view that shares its URL with another
   * keeps the other's parameters; defaults are left out. Contract: parse(write(v)) written again gives the
   * same string, so a written URL read back is recognised as the one written.
   */
  write: (view: T, current: URLSearchParams) => string;
}

/** URLSearchParams, or the searchParams object a Next page receives (a repeated key: its first value). */
export type ParamSource = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

export function searchParamsOf(source: ParamSource): URLSearchParams {
  if (source instanceof URLSearchParams) return source;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(source)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

/** The first value of each of `keys` (absent keys are left out), for a zod schema to read. */
export function firstValues(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null) values[key] = value;
  }
  return values;
}

/**
 * The view's own parameters in a canonical form, whatever else the URL holds: two URLs with the same key show
 * the same view. useUrlState compares keys to tell a write of its own coming back from a navigation.
 */
export function viewKey<T>(codec: UrlCodec<T>, view: T): string {
  return new URLSearchParams(codec.write(view, new URLSearchParams())).toString();
}

/** `path` with the query string `query` ("" for none). */
export function withQuery(path: string, query: string): string {
  return query === "" ? path : `${path}?${query}`;
}
