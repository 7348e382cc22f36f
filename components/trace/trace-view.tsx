"use client";

import { apiCall, dataOf, withQuery } from "@/lib/api/client";
import { ZTracePageAnswer } from "@/lib/api/schemas/traces";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useDocumentTop } from "@/components/ui/use-document-top";
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
const PAGE = 1000;

/**
 * Steps loaded without the reader asking. Past this, more load as the reader scrolls near the end of what is
 * loaded (or follows a link to a later step), so a trace of 100,000 steps never sits whole in the browser.
 */
const EAGER_STEPS = 10_000;

/**
 * A trace's steps, virtualised against the window so a trace of many thousand steps renders only what is on
 * screen. The first page comes with the page; the rest is fetched from the trace API in pages.
 */
export function TraceView({
  traceUrl,
  imageUrl,
  totals,
  firstSteps,
  citations: firstCitations,
  citedBy: firstCitedBy = {},
}: {
  traceUrl: string;
  /** The rollout's image route (`?path=` names the file). */
  imageUrl: string;
  totals: TraceTotals;
  firstSteps: TraceStep[];
  /** The checks citing each step of the first page, by step index (later pages bring their own). */
  citations: Record<number, Citation[]>;
  /** How many checks cite each step that more cite than `citations` lists. */
  citedBy?: Record<number, number>;
}) {
  const [steps, setSteps] = useState<TraceStep[]>(firstSteps);
  const [cites, setCites] = useState({ citations: firstCitations, citedBy: firstCitedBy });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [focusStep, setFocusStep] = useState<number | null>(null);
  const focused = useCallback(() => setFocusStep(null), []);
  const listRef = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(EAGER_STEPS);

  const callNames = useMemo(() => callNamesOf(steps), [steps]);
  const visible = useMemo(
    () => (query.trim() === "" ? steps : steps.filter((s) => stepMatches(s, query, callNames))),
    [steps, query, callNames],
  );

  // Kept current: the checks above the trace grow as their rows load and are measured.
  const margin = useDocumentTop(listRef);

  const virtualizer = useWindowVirtualizer({
    count: visible.length,
    estimateSize: () => 120,
    overscan: 6,
    scrollMargin: margin,
    scrollPaddingStart: HEADER_ROOM,
    getItemKey: (i) => visible[i]?.index ?? i,
  });

  // Reading near the end of what is loaded asks for the next page.
  const lastShown = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  const nearEnd = query.trim() === "" && lastShown >= steps.length - 200;
  const goal = Math.min(totals.steps, nearEnd ? Math.max(wanted, steps.length + PAGE) : wanted);

  useEffect(() => {
    if (steps.length >= goal || loadError !== null) return;
    let live = true;
    apiCall(withQuery(traceUrl, { offset: steps.length, limit: PAGE }), ZTracePageAnswer)
      .then((result) => {
        const body = dataOf(result);
        if (!live) return;
        if (body.status !== "read" || body.steps.length === 0) throw new Error("the trace API returned no steps");
        setSteps((prev) => (prev.length === body.offset ? [...prev, ...body.steps] : prev));
        setCites((now) => ({
          citations: { ...now.citations, ...body.citations },
          citedBy: { ...now.citedBy, ...body.citedBy },
        }));
      })
      .catch((e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [steps.length, goal, traceUrl, loadError]);

  // The step a link asked for, scrolled to once it is loaded (a later step loads first) and then cleared.
  const pendingJump = useRef<number | null>(null);
  const [jumps, setJumps] = useState(0);
  const jumpTo = useCallback((stepIndex: number) => {
    setQuery("");
    setHighlighted(stepIndex);
    setFocusStep(stepIndex);
    setWanted((w) => Math.max(w, stepIndex + PAGE));
    pendingJump.current = stepIndex;
    setJumps((n) => n + 1);
  }, []);

  useEffect(() => {
    const target = pendingJump.current;
    if (target === null) return;
    const position = visible.findIndex((s) => s.index === target);
    if (position < 0) return;
    pendingJump.current = null;
    virtualizer.scrollToIndex(position, { align: "start" });
  }, [jumps, visible, virtualizer]);

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

  const firstError = steps.find(stepHasError);

  return (
    <div data-testid="trace">
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
        {query.trim() !== "" ? (
          <span className="muted" data-testid="trace-matches">
            {count(visible.length)} of {count(steps.length)} steps match
          </span>
        ) : null}
        {firstError ? (
          <a className="button button-small" href={`#${stepAnchor(firstError.index)}`} data-testid="jump-first-error">
            Jump to first error (step {count(stepNumber(firstError.index))})
          </a>
        ) : null}
      </div>
      {loadError !== null ? (
        <p className={styles.missing}>
          Showing {count(steps.length)} of {count(totals.steps)} steps: {loadError}.
        </p>
      ) : steps.length < goal ? (
        <p className="muted">
          Loading steps {count(steps.length + 1)}–{count(goal)}…
        </p>
      ) : steps.length < totals.steps ? (
        <p className="muted" data-testid="trace-partial">
          {count(steps.length)} of {count(totals.steps)} steps loaded (search looks at these); more load as you scroll.{" "}
          <button type="button" className="button button-small" onClick={() => setWanted(steps.length + 5 * PAGE)}>
            Load {count(Math.min(5 * PAGE, totals.steps - steps.length))} more
          </button>
        </p>
      ) : null}
      <div ref={listRef} className={styles.list} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const step = visible[item.index];
          if (!step) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles.row}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <TraceStepView
                step={step}
                highlighted={highlighted === step.index}
                focus={focusStep === step.index}
                onFocused={focused}
                citedBy={cites.citations[step.index] ?? []}
                citedByTotal={cites.citedBy[step.index]}
                callNames={callNames}
                imageUrl={imageUrl}
              />
            </div>
          );
        })}
      </div>
      {query.trim() !== "" && visible.length === 0 ? <p className="muted">No step matches “{query}”.</p> : null}
    </div>
  );
}
