"use client";

import { apiCall, dataOf, withQuery } from "@/lib/api/client";
import { ZTracePageAnswer } from "@/lib/api/schemas/traces";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { preload } from "react-dom";
import { useDocumentTop, useHydrated } from "@/components/ui/use-document-top";
import { useStaticSite } from "@/components/ui/static-site";
import type { Citation } from "@/lib/views/rollout-trace";
import { count } from "@/lib/display/format";
import type { TraceStep, TraceTotals } from "@/lib/traces";
import { stepAnchor, stepIndexOfHash, stepNumber } from "@/components/evidence/anchors";
import { callNamesOf, stepHasError, stepMatches } from "./step-search";
import { TraceStepView } from "./trace-step";
import { TraceTotalsView } from "./trace-totals";
import styles from "./trace.module.css";

/** Room above a step scrolled to, so the sticky site header does not cover it. */
const HEADER_ROOM = 72;

/** Steps per request after the first page, which the server renders with the page. */
const PAGE = 200;

/**
 * Steps loaded without the reader asking: a trace this short loads whole, so search sees every step. A longer
 * one loads the pages the reader looks at (or a link names), so a trace of 300,000 steps never sits whole in
 * the browser.
 */
const EAGER_STEPS = 10_000;

/** Steps the list spans at once; a jump outside it moves it. Keeps the list's height within what browsers draw. */
const WINDOW = 10_000;

/**
 * Steps drawn in the server's HTML, in plain flow: the first steps show before the page's scripts run. The
 * list is virtualised once hydrated (the window's size and the list's place are known only then).
 */
const STATIC_STEPS = 12;

/** The window's start that shows step `index` with room either side. */
const windowAround = (index: number, total: number) =>
  Math.max(0, Math.min(Math.floor((index - WINDOW / 2) / PAGE) * PAGE, Math.max(0, total - WINDOW)));

/**
 * A trace's steps, virtualised against the window so a trace of many thousand steps renders only what is on
 * screen. The first page comes with the page; the rest is fetched from the trace API a page at a time: all of
 * it for a short trace, what is on screen for a long one, which the list spans WINDOW steps at a time.
 */
export function TraceView({
  traceUrl,
  imageUrl,
  totals,
  firstSteps,
  errorSteps,
  citations: firstCitations,
  citedBy: firstCitedBy = {},
}: {
  traceUrl: string;
  /** The rollout's image route (`?path=` names the file). */
  imageUrl: string;
  totals: TraceTotals;
  firstSteps: TraceStep[];
  /** The steps with a tool error, when the server knows them all (a big trace's index); else found as loaded. */
  errorSteps?: number[];
  /** The checks citing each step of the first page, by step index (later pages bring their own). */
  citations: Record<number, Citation[]>;
  /** How many checks cite each step that more cite than `citations` lists. */
  citedBy?: Record<number, number>;
}) {
  const [loaded, setLoaded] = useState<ReadonlyMap<number, TraceStep>>(
    () => new Map(firstSteps.map((s) => [s.index, s])),
  );
  const requested = useRef(new Set<number>());
  const [cites, setCites] = useState({ citations: firstCitations, citedBy: firstCitedBy });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [focusStep, setFocusStep] = useState<number | null>(null);
  const focused = useCallback(() => setFocusStep(null), []);
  const listRef = useRef<HTMLDivElement>(null);
  const mounted = useHydrated();
  const [base, setBase] = useState(0);
  const total = totals.steps;
  const span = Math.max(0, Math.min(WINDOW, total - base));

  const steps = useMemo(
    () =>
      [...loaded.values()].filter((s) => s.index >= base && s.index < base + span).sort((a, b) => a.index - b.index),
    [loaded, base, span],
  );
  const callNames = useMemo(() => callNamesOf(steps), [steps]);
  const searching = query.trim() !== "";
  const matches = useMemo(
    () => (searching ? steps.filter((s) => stepMatches(s, query, callNames)) : []),
    [steps, searching, query, callNames],
  );

  // Kept current: the checks above the trace grow as their rows load and are measured.
  const margin = useDocumentTop(listRef);

  // The heights of the steps drawn before the scripts ran: the virtualised list starts from them, so the rows a
  // reader scrolled to meanwhile stay where they were.
  const staticHeights = useRef<number[]>([]);
  useLayoutEffect(() => {
    if (mounted || !listRef.current) return;
    staticHeights.current = [...listRef.current.children].map((row) => row.getBoundingClientRect().height);
  }, [mounted]);

  // Without a query every step of the window has a row (a step not loaded yet shows as loading).
  const rowStep = useCallback(
    (row: number): number | undefined => (searching ? matches[row]?.index : base + row),
    [searching, matches, base],
  );
  const virtualizer = useWindowVirtualizer({
    count: searching ? matches.length : span,
    estimateSize: (i) => (!searching && base === 0 ? staticHeights.current[i] : undefined) ?? 120,
    overscan: 6,
    scrollMargin: margin,
    scrollPaddingStart: HEADER_ROOM,
    getItemKey: (i) => rowStep(i) ?? i,
  });

  const fetchPage = useCallback(
    (page: number) => {
      if (requested.current.has(page) || page * PAGE >= total) return;
      requested.current.add(page);
      apiCall(withQuery(traceUrl, { offset: page * PAGE, limit: PAGE }), ZTracePageAnswer)
        .then((result) => {
          const body = dataOf(result);
          if (body.status !== "read" || body.steps.length === 0) throw new Error("the trace API returned no steps");
          setLoaded((now) => {
            const next = new Map(now);
            for (const step of body.steps) next.set(step.index, step);
            return next;
          });
          setCites((now) => ({
            citations: { ...now.citations, ...body.citations },
            citedBy: { ...now.citedBy, ...body.citedBy },
          }));
        })
        .catch((e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
    },
    [traceUrl, total],
  );

  // A step sent with its long texts cut, read again whole when the reader asks.
  const [wholeError, setWholeError] = useState<string | null>(null);
  const loadWhole = useCallback(
    (index: number) => {
      setWholeError(null);
      apiCall(withQuery(traceUrl, { offset: index, limit: 1, whole: 1 }), ZTracePageAnswer)
        .then((result) => {
          const body = dataOf(result);
          const step = body.status === "read" ? body.steps.find((s) => s.index === index) : undefined;
          if (!step) throw new Error(`the trace API returned no step ${stepNumber(index)}`);
          setLoaded((now) => new Map(now).set(index, step));
          // A step over 8 MiB is stored cut (docs/traces.md): what came is all there is.
          if (step.cut) setWholeError(`step ${count(stepNumber(index))} is stored cut, as it is over 8 MiB`);
        })
        .catch((e: unknown) => setWholeError(e instanceof Error ? e.message : String(e)));
    },
    [traceUrl],
  );

  // A short trace loads whole, a page at a time in order.
  const eager = total <= EAGER_STEPS;
  const firstMissing = useMemo(() => {
    if (!eager) return null;
    for (let i = 0; i < total; i += PAGE) if (!loaded.has(i)) return i;
    return null;
  }, [eager, loaded, total]);
  useEffect(() => {
    if (firstMissing !== null && loadError === null) fetchPage(Math.floor(firstMissing / PAGE));
  }, [firstMissing, loadError, fetchPage]);
  // A long trace reads its second page ahead, asked for in the page's head (before the scripts load) and taken
  // once the list is live: scrolling on from the first steps finds it loaded, and a jump finds the route ready.
  // A shared static copy has no trace API to read ahead from.
  const staticSite = useStaticSite();
  const readAhead = !eager && !staticSite;
  if (readAhead) preload(withQuery(traceUrl, { offset: PAGE, limit: PAGE }), { as: "fetch", crossOrigin: "anonymous" });
  useEffect(() => {
    if (mounted && readAhead) fetchPage(1);
  }, [mounted, readAhead, fetchPage]);

  // The step a link asked for: its window shown, its page loaded, then scrolled to once and cleared.
  const pendingJump = useRef<number | null>(null);
  const [jumps, setJumps] = useState(0);

  // The rows on screen ask for their pages; not while a jump is under way (they are about to scroll away).
  const items = virtualizer.getVirtualItems();
  const onScreen = searching || !mounted ? [] : items.map((item) => base + item.index);
  const missingPages = [...new Set(onScreen.filter((i) => !loaded.has(i)).map((i) => Math.floor(i / PAGE)))].join(",");
  useEffect(() => {
    if (missingPages === "" || loadError !== null || pendingJump.current !== null) return;
    for (const page of missingPages.split(",")) fetchPage(Number(page));
  }, [missingPages, loadError, fetchPage]);

  const jumpTo = useCallback(
    (stepIndex: number) => {
      if (stepIndex >= total) return;
      setQuery("");
      setHighlighted(stepIndex);
      setFocusStep(stepIndex);
      setBase((now) => (stepIndex >= now && stepIndex < now + WINDOW ? now : windowAround(stepIndex, total)));
      fetchPage(Math.floor(stepIndex / PAGE));
      pendingJump.current = stepIndex;
      setJumps((n) => n + 1);
    },
    [total, fetchPage],
  );

  useEffect(() => {
    const target = pendingJump.current;
    // Not before the list is virtualised: until then it has no height to scroll in.
    if (target === null || !mounted || searching || !loaded.has(target)) return;
    if (target < base || target >= base + span) return;
    pendingJump.current = null;
    virtualizer.scrollToIndex(target - base, { align: "start" });
  }, [jumps, mounted, loaded, base, span, searching, virtualizer]);

  useEffect(() => {
    const onHash = () => {
      const target = stepIndexOfHash(window.location.hash);
      if (target !== null) jumpTo(target);
    };
    // A link to the step the URL already names changes no hash: follow it all the same.
    const onClick = (event: MouseEvent) => {
      const href = event.target instanceof Element ? event.target.closest("a")?.getAttribute("href") : null;
      const target = href ? stepIndexOfHash(href) : null;
      if (target !== null && href === window.location.hash) jumpTo(target);
    };
    onHash();
    window.addEventListener("hashchange", onHash);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("hashchange", onHash);
      document.removeEventListener("click", onClick);
    };
  }, [jumpTo]);

  const firstError = errorSteps !== undefined ? (errorSteps[0] ?? null) : (steps.find(stepHasError)?.index ?? null);
  const loadedInWindow = steps.length;

  return (
    <div data-testid="trace" data-hydrated={mounted ? "true" : undefined}>
      <TraceTotalsView totals={totals} />
      <div className={styles.toolbar}>
        <input
          type="search"
          className={styles.search}
          placeholder="Search text, calls, arguments, results"
          aria-label="Search the trace"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="trace-search"
        />
        {searching ? (
          <span className="muted" data-testid="trace-matches">
            {count(matches.length)} of {count(loadedInWindow)} steps match
          </span>
        ) : null}
        {firstError !== null ? (
          <a className="button button-small" href={`#${stepAnchor(firstError)}`} data-testid="jump-first-error">
            Jump to first error (step {count(stepNumber(firstError))})
          </a>
        ) : null}
      </div>
      {loadError !== null ? (
        <p className={styles.missing}>
          Showing {count(loaded.size)} of {count(total)} steps: {loadError}.
        </p>
      ) : firstMissing !== null ? (
        <p className="muted">
          Loading steps {count(firstMissing + 1)}–{count(total)}…
        </p>
      ) : !eager ? (
        <p className="muted" data-testid="trace-partial">
          Steps {count(base + 1)}–{count(base + span)} of {count(total)}; each page loads as you scroll to it (search
          looks at the {count(loadedInWindow)} loaded). A link to a step, or “#trace-step-N” in the address, goes
          straight to it.
        </p>
      ) : null}
      {wholeError !== null ? (
        <p className={styles.missing} role="alert">
          The whole step could not be read: {wholeError}.
        </p>
      ) : null}
      {base > 0 && !searching ? (
        <p>
          <button
            type="button"
            className="button button-small"
            data-testid="trace-earlier"
            onClick={() => setBase(Math.max(0, base - WINDOW))}
          >
            Show steps {count(Math.max(0, base - WINDOW) + 1)}–{count(base)}
          </button>
        </p>
      ) : null}
      <div ref={listRef} className={styles.list} style={mounted ? { height: virtualizer.getTotalSize() } : undefined}>
        {!mounted
          ? firstSteps.slice(0, STATIC_STEPS).map((step) => (
              <div key={step.index} className={styles.staticRow}>
                <TraceStepView
                  step={step}
                  highlighted={false}
                  citedBy={cites.citations[step.index] ?? []}
                  citedByTotal={cites.citedBy[step.index]}
                  callNames={callNames}
                  imageUrl={imageUrl}
                />
              </div>
            ))
          : null}
        {(mounted ? items : []).map((item) => {
          const index = rowStep(item.index);
          const step = index === undefined ? undefined : loaded.get(index);
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles.row}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              {step ? (
                <TraceStepView
                  step={step}
                  highlighted={highlighted === step.index}
                  focus={focusStep === step.index}
                  onFocused={focused}
                  onWhole={loadWhole}
                  citedBy={cites.citations[step.index] ?? []}
                  citedByTotal={cites.citedBy[step.index]}
                  callNames={callNames}
                  imageUrl={imageUrl}
                />
              ) : index !== undefined ? (
                <p className={`muted ${styles.pending}`} data-testid="trace-step-pending">
                  Step {count(stepNumber(index))}: loading…
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {base + span < total && !searching ? (
        <p>
          <button
            type="button"
            className="button button-small"
            data-testid="trace-later"
            onClick={() => setBase(base + WINDOW)}
          >
            Show steps {count(base + span + 1)}–{count(Math.min(total, base + span + WINDOW))}
          </button>
        </p>
      ) : null}
      {searching && matches.length === 0 ? <p className="muted">No step matches “{query}”.</p> : null}
    </div>
  );
}
