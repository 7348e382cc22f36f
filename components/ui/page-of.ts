/**
 * One page of a long list: `page` clamped to [1, pages]; `from` and `to` are 1-based and inclusive (0 and 0
 * when there are no rows). Pages of the run's tasks table and of the compare page's per-task table.
 */
export function pageOf<T>(rows: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * size;
  const slice = rows.slice(start, start + size);
  return {
    rows: slice,
    page: current,
    pages,
    from: slice.length > 0 ? start + 1 : 0,
    to: start + slice.length,
    total: rows.length,
  };
}
