"use client";

import { apiCall, dataOf, withQuery } from "@/lib/api/client";
import { ZChecksAnswer } from "@/lib/api/schemas/rollouts";
import { apiUrls, type TRolloutRef } from "@/lib/api/client-routes";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { CheckEntryView } from "@/lib/views/check-views";
import { CHECK_PAGE, type CheckFilter } from "@/lib/scoring/view/check-pages";
import { isFailedRequired } from "@/lib/scoring/view/check-grid";
import { count, plural } from "@/lib/display/format";
import { CheckTableHead, CheckTableRow, checkTableColumns, type FlipTarget } from "@/components/checks/check-table";
import listStyles from "@/components/checks/check-list.module.css";
import { useDocumentTop, useHydrated, useMediaQuery } from "@/components/ui/use-document-top";
import { usePagedRows } from "@/components/ui/use-paged-rows";
import styles from "./rollout-page.module.css";

/** Room above a row scrolled to, so the sticky site header does not cover it. */
const HEADER_ROOM = 72;
/** Checks per request of the checks API. */
const PAGE = 100;

/** Where the checks past the first page come from: the checks API, or (a shared copy) every entry at hand. */
import type { CheckRowsSource } from "@/lib/views/rollout-view-model";
export type { CheckRowsSource };

interface Props {
  total: number;
  failedTotal: number;
  /** The first rows of the list of every check, as the page was rendered with them. */
  first: CheckEntryView[];
  source: CheckRowsSource;
  flip?: FlipTarget;
  hasWeights: boolean;
  /** The rollout's API, for each text's "show all"; null in a shared copy. */
  rolloutApi: TRolloutRef | null;
  /** What the rows were computed under (the scenario): the list starts over when it changes. */
  version: string;
}

/** `#check-12` → 11, the check's index in the list of every check; null for any other fragment. */
function checkIndexOfHash(hash: string): number | null {
  const m = /^#check-([1-9]\d{0,8})$/.exec(hash);
  return m ? Number(m[1]) - 1 : null;
}

/**
 * Every check of a rollout in the verifier's order, virtualised against the window: the page comes with its
 * first rows, the rest are fetched a page at a time as the reader scrolls to them (or follows a link to
 * `#check-<n>`), so a rollout of 100,000 checks never sits whole in the page. A filter keeps only the failed
 * required checks, fetched the same way.
 */
export function CheckRows(props: Props) {
  const [filter, setFilter] = useState<CheckFilter>("all");
  const [jump, setJump] = useState<{ index: number; seq: number } | null>(null);
  const followHash = useCallback((hash: string) => {
    const index = checkIndexOfHash(hash);
    if (index === null) return;
    setFilter("all");
    setJump((j) => ({ index, seq: (j?.seq ?? 0) + 1 }));
  }, []);
  useEffect(() => {
    const onHash = () => followHash(window.location.hash);
    // A link to the check the URL already names changes no hash: follow it all the same.
    const onClick = (event: MouseEvent) => {
      const href = event.target instanceof Element ? event.target.closest("a")?.getAttribute("href") : null;
      if (href && href === window.location.hash) followHash(href);
    };
    onHash();
    window.addEventListener("hashchange", onHash);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("hashchange", onHash);
      document.removeEventListener("click", onClick);
    };
  }, [followHash]);

  const shown = filter === "all" ? props.total : props.failedTotal;
  return (
    <div data-testid="check-rows">
      <div className={styles.checksToolbar}>
        {props.failedTotal > 0 ? (
          <label className={styles.checksFilter}>
            <input
              type="checkbox"
              checked={filter === "failed-required"}
              onChange={(e) => setFilter(e.target.checked ? "failed-required" : "all")}
              data-testid="failed-only"
            />
            Only failed required checks ({count(props.failedTotal)})
          </label>
        ) : null}
        <span className="muted" aria-live="polite">
          {filter === "all" ? plural(shown, "check") : `${plural(shown, "failed required check")}`}
          {props.total > PAGE ? "; more load as you scroll" : ""}
        </span>
      </div>
      <VirtualCheckTable key={filter} {...props} filter={filter} count={shown} jump={filter === "all" ? jump : null} />
    </div>
  );
}

function VirtualCheckTable({
  first,
  source,
  flip,
  hasWeights,
  rolloutApi,
  filter,
  count: total,
  jump,
  version,
}: Props & { filter: CheckFilter; count: number; jump: { index: number; seq: number } | null }) {
  const initial = () => {
    if (source.kind === "local") {
      const all = filter === "all" ? source.entries : source.entries.filter((e) => isFailedRequired(e.cell));
      return new Map(all.map((e, i) => [i, e]));
    }
    return new Map(filter === "all" ? first.map((e, i) => [i, e]) : []);
  };
  const mounted = useHydrated();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const margin = useDocumentTop(bodyRef);
  const narrow = useMediaQuery("(max-width: 720px)");

  const virtualizer = useWindowVirtualizer({
    count: total,
    estimateSize: () => 74,
    overscan: 6,
    gap: narrow ? 8 : 0,
    scrollMargin: margin,
    scrollPaddingStart: HEADER_ROOM,
  });
  const items = virtualizer.getVirtualItems();
  const firstShown = items[0]?.index ?? 0;
  const lastShown = items.at(-1)?.index ?? -1;

  // The pages the rows on screen fall in, fetched once each.
  const fetchPage = useMemo(
    () =>
      source.kind !== "api" || !mounted
        ? null
        : (offset: number, limit: number) =>
            apiCall(
              withQuery(apiUrls.rolloutChecks(source.rollout, source.scenario), { offset, limit, filter }),
              ZChecksAnswer,
            ).then((result) => {
              const body = dataOf(result);
              return { offset: body.offset, rows: body.entries };
            }),
    [source, filter, mounted],
  );
  const { rows, failure } = usePagedRows({ initial, version, total, pageSize: PAGE, firstShown, lastShown, fetchPage });

  // A link to a check: scroll to its row, then give it the focus once it is drawn with its check.
  const focusWanted = useRef<number | null>(null);
  useEffect(() => {
    if (!mounted || !jump || jump.index >= total) return;
    focusWanted.current = jump.index;
    virtualizer.scrollToIndex(jump.index, { align: "start" });
  }, [mounted, jump, total, virtualizer]);
  useEffect(() => {
    const index = focusWanted.current;
    if (index === null || !rows.has(index)) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"][id]`);
    if (!row) return;
    focusWanted.current = null;
    row.focus({ preventScroll: true });
    virtualizer.scrollToIndex(index, { align: "start" });
  });

  const columns = checkTableColumns(hasWeights);
  const rowOf = (entry: CheckEntryView, index: number, measure?: (el: Element | null) => void) => (
    <CheckTableRow
      key={index}
      ref={measure}
      index={index}
      entry={entry}
      flip={flip}
      hasWeights={hasWeights}
      rolloutApi={rolloutApi}
    />
  );
  let body: ReactNode;
  if (!mounted) {
    // Rendered on the server and hydrated as a plain table of the rows the page came with; virtualised once
    // mounted (the window's size and the table's place are known only then).
    const preloaded: CheckEntryView[] = [];
    for (let i = 0; i < Math.min(CHECK_PAGE, total) && rows.has(i); i++) preloaded.push(rows.get(i)!);
    body = (
      <>
        {preloaded.map((entry, i) => rowOf(entry, i))}
        {total > preloaded.length ? (
          <tr className={styles.loadingRow}>
            <td colSpan={columns} className="muted">
              {count(total - preloaded.length)} more {total - preloaded.length === 1 ? "check loads" : "checks load"} as
              you scroll.
            </td>
          </tr>
        ) : null}
      </>
    );
  } else {
    const before = items.length > 0 ? items[0]!.start - virtualizer.options.scrollMargin : 0;
    const after =
      items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - virtualizer.options.scrollMargin) : 0;
    body = (
      <>
        {before > 0 ? (
          <tr aria-hidden="true" className={styles.spacerRow}>
            <td colSpan={columns} style={{ height: before }} />
          </tr>
        ) : null}
        {items.map((item) => {
          const entry = rows.get(item.index);
          return entry ? (
            rowOf(entry, item.index, virtualizer.measureElement)
          ) : (
            <tr key={item.index} ref={virtualizer.measureElement} data-index={item.index} className={styles.loadingRow}>
              <td colSpan={columns} className="muted">
                Loading check {count(item.index + 1)}…
              </td>
            </tr>
          );
        })}
        {after > 0 ? (
          <tr aria-hidden="true" className={styles.spacerRow}>
            <td colSpan={columns} style={{ height: after }} />
          </tr>
        ) : null}
      </>
    );
  }

  return (
    <>
      {failure !== null ? (
        <p className="callout" role="alert">
          Could not load more checks: {failure}.
        </p>
      ) : null}
      <div className={listStyles.tableScroll}>
        <table
          className={`table table-cards ${listStyles.checkTable}`}
          data-testid="check-table"
          data-virtual={mounted ? "true" : undefined}
        >
          <CheckTableHead hasWeights={hasWeights} />
          <tbody ref={bodyRef}>
            {total === 0 ? (
              <tr>
                <td colSpan={columns} className="muted">
                  No required check failed.
                </td>
              </tr>
            ) : null}
            {body}
          </tbody>
        </table>
      </div>
    </>
  );
}
