/**
 * The deepest nesting Tally accepts in a JSON file. Everything downstream of parsing (zod, stripping NUL,
 * JSON.stringify into the database, React rendering of metadata) may recurse once per level, so a file
 * nested deeper than this is refused right after parsing instead of overflowing the stack later.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Nesting depth of a parsed JSON value, computed without recursion (so it cannot overflow the stack itself):
 * a scalar is 0, `[]` and `{}` are 1, `[[1]]` is 2. Stops counting once `limit` is exceeded and returns
 * `limit + 1`, so a pathological value costs no more than needed to refuse it.
 */
export function jsonDepth(value: unknown, limit: number = Number.POSITIVE_INFINITY): number {
  if (value === null || typeof value !== "object") return 0;
  let deepest = 0;
  // An explicit stack of (container, depth) pairs.
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return limit + 1;
    }
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (child !== null && typeof child === "object") stack.push({ node: child as object, depth: depth + 1 });
    }
  }
  return deepest;
}

/** True when the value nests deeper than `limit` levels. */
export function nestedDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  return jsonDepth(value, limit) > limit;
}
