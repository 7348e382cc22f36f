/** localeCompare's order under these options; one collator, made once (a locale lookup per comparison costs ~20× more). */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export type SortValue = string | number | null;
export type SortDirection = "asc" | "desc";

/** A stable sort by one value; nulls (not eligible, no reward) stay last in both directions. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, direction: SortDirection): T[] {
  const sign = direction === "asc" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.index - b.index : a.v === null ? 1 : -1;
      const c =
        typeof a.v === "number" && typeof b.v === "number" ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return c !== 0 ? sign * c : a.index - b.index;
    })
    .map((x) => x.row);
}
