/** Whether two JSON-like values are equal by value (numbers by Object.is: 0 and −0 differ). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.hasOwn(y, k) || !sameValue(x[k], y[k])) return false;
  return true;
}

/**
 * Whether two lists hold the same objects in the same places. The columnar scorer hands out the same row
 * object where nothing changed, so a change of headline metric or scheme keeps every rollout row.
 */
export function sameRows(a: readonly object[], b: readonly object[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether two typed arrays hold the same bytes: a value of −0 differs from 0, and a NaN equals itself. */
export function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a === b) return true;
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
