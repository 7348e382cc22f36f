import type { NumberColumn, StringColumn } from "./run-columns";

/** The element kinds a column of numbers may have in bytes, by name (the header of encodeColumns names them). */
export const NUMBER_KINDS = {
  u8: Uint8Array,
  i8: Int8Array,
  u16: Uint16Array,
  i16: Int16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;

export type NumberKind = keyof typeof NUMBER_KINDS;

export function kindOf(column: NumberColumn): NumberKind {
  if (column instanceof Uint8Array) return "u8";
  if (column instanceof Int8Array) return "i8";
  if (column instanceof Uint16Array) return "u16";
  if (column instanceof Int16Array) return "i16";
  if (column instanceof Uint32Array) return "u32";
  if (column instanceof Int32Array) return "i32";
  return "f64";
}

/** The narrowest kind that holds every value exactly (−0, NaN and fractions need f64). */
export function narrowestKind(values: ArrayLike<number>): NumberKind {
  let min = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!Number.isInteger(x) || Object.is(x, -0)) return "f64";
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (min >= 0) return max <= 0xff ? "u8" : max <= 0xffff ? "u16" : max <= 0xffffffff ? "u32" : "f64";
  if (min >= -0x80 && max <= 0x7f) return "i8";
  if (min >= -0x8000 && max <= 0x7fff) return "i16";
  return min >= -0x80000000 && max <= 0x7fffffff ? "i32" : "f64";
}

/** The values as a column of the narrowest kind. */
export function narrowest(values: ArrayLike<number>): NumberColumn {
  return NUMBER_KINDS[narrowestKind(values)].from(values);
}

/** Strings already in memory, as a StringColumn. */
export function stringColumn(list: readonly string[]): StringColumn {
  return { length: list.length, at: (i) => list[i]!, all: () => list };
}

/** Strings decoded on first read (from bytes), then kept. */
export function lazyStringColumn(length: number, decode: () => readonly string[]): StringColumn {
  let list: readonly string[] | undefined;
  const all = () => (list ??= decode());
  return { length, at: (i) => all()[i]!, all };
}
