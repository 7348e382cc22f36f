/** Values kept per objects, at most this many text keys for one list of objects (then the oldest goes). */
const KEYS_KEPT = 8;

interface Node<T> {
  next: WeakMap<object, Node<T>>;
  values: Map<string, T>;
}

/**
 * A cache of what a view computes from objects that never change once made (a run version's columns, a report
 * the run cache keeps): values are kept by the identity of those objects, and go with them, and by a text key
 * for the rest of what they depend on (a scenario, options). A repeat view of the same run versions is then
 * answered without computing again; a new version makes new objects and so a new entry.
 */
export function identityMemo<T>(): (objects: readonly object[], key: string, make: () => T) => T {
  const root: Node<T> = { next: new WeakMap(), values: new Map() };
  return (objects, key, make) => {
    let node = root;
    for (const o of objects) {
      let next = node.next.get(o);
      if (!next) node.next.set(o, (next = { next: new WeakMap(), values: new Map() }));
      node = next;
    }
    if (node.values.has(key)) return node.values.get(key)!;
    const value = make();
    if (node.values.size >= KEYS_KEPT) node.values.delete(node.values.keys().next().value!);
    node.values.set(key, value);
    return value;
  };
}
