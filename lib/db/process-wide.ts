/**
 * A WeakMap shared by every copy of the calling module in this process. Next.js loads server code into
 * several module graphs (server components, route handlers, server rendering), each with its own module
 * state, while the database client is one per process (getDb keeps it on globalThis): what is keyed by that
 * client (its provider, its SQLite connection, its cached runs) must be found from any graph.
 */
export function processWideWeakMap<K extends object, V>(name: string): WeakMap<K, V> {
  const key = Symbol.for(`tally.${name}`);
  const store = globalThis as unknown as Record<symbol, WeakMap<K, V> | undefined>;
  return (store[key] ??= new WeakMap<K, V>());
}
