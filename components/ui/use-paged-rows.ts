"use client";

import { useEffect, useRef, useState } from "react";

/** A page of rows as an API answers it: the rows from `offset` on. */
export interface RowsPage<T> {
  offset: number;
  rows: readonly T[];
}

/**
 * The rows of a virtualised list that the server hands out in pages: starts from `initial()`, fetches each page
 * the rows on screen (`firstShown` … `lastShown`) fall in once, and starts over from `initial()` when `version`
 * changes (another scenario). `fetchPage` is null when every row is at hand (a static bundle) or before
 * hydration. A failed fetch stops fetching and is handed back as its message.
 */
export function usePagedRows<T>(options: {
  initial: () => Map<number, T>;
  version: string;
  total: number;
  pageSize: number;
  firstShown: number;
  lastShown: number;
  fetchPage: ((offset: number, limit: number) => Promise<RowsPage<T>>) | null;
}): { rows: Map<number, T>; failure: string | null } {
  const { initial, version, total, pageSize, firstShown, lastShown, fetchPage } = options;
  const [rows, setRows] = useState<Map<number, T>>(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const requested = useRef(new Set<number>());
  const [seen, setSeen] = useState(version);
  if (seen !== version) {
    setSeen(version);
    setRows(initial());
    setFailure(null);
  }
  useEffect(() => {
    requested.current = new Set();
  }, [version]);

  useEffect(() => {
    if (fetchPage === null || failure !== null) return;
    for (let page = Math.floor(firstShown / pageSize); page <= Math.floor(lastShown / pageSize); page++) {
      const from = page * pageSize;
      let missing = false;
      for (let i = from; i < Math.min(total, from + pageSize); i++) if (!rows.has(i)) missing = true;
      if (!missing || requested.current.has(page)) continue;
      requested.current.add(page);
      fetchPage(from, pageSize)
        .then((body) =>
          setRows((now) => {
            const next = new Map(now);
            body.rows.forEach((r, i) => next.set(body.offset + i, r));
            return next;
          }),
        )
        .catch((e: unknown) => setFailure(e instanceof Error ? e.message : String(e)));
    }
  }, [firstShown, lastShown, rows, fetchPage, total, pageSize, failure]);

  return { rows, failure };
}
