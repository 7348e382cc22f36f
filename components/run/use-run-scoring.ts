"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { decodeColumns } from "@/lib/scoring/columns/column-bytes";
import type { RunColumns } from "@/lib/scoring/columns/run-columns";
import type { PageFailureGroup } from "@/lib/scoring/report/failure-groups";
import type { Lever, PageReport } from "@/lib/scoring/report/report-types";
import { applySummaryDelta, type RolloutSummary } from "@/lib/scoring/view/rollout-summary";
import { applyReportDelta } from "@/lib/scoring/wire/report-delta";
import {
  RECORDED_ID,
  WORKER_NAMES,
  runBytes,
  type RunSource,
  type ScoredView,
  type SentView,
  type WorkerAnswer,
  type WorkerRequest,
} from "./run-source";
import { runScorer } from "./run-scorer";

/** What the hook needs of a Worker. */
interface ScorerPort {
  postMessage(request: WorkerRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/**
 * Two Web Workers answering as one: the figures from one, the levers from the other (LeversMode). A scenario
 * reaches the levers' worker once the figures' worker has answered: on two cores, with the page rendering on
 * the main thread, the levers (hundreds of milliseconds at 100,000 rollouts) would otherwise slow the figures
 * the reader is waiting for.
 */
function workerPair(): ScorerPort {
  const figures = new Worker(new URL("./run-worker.ts", import.meta.url), { name: WORKER_NAMES.never });
  const levers = new Worker(new URL("./run-worker.ts", import.meta.url), { name: WORKER_NAMES.only });
  // The newest scenario the levers' worker has not been sent yet.
  let waiting: WorkerRequest | null = null;
  const port: ScorerPort = {
    onmessage: null,
    onerror: null,
    postMessage: (request, transfer = []) => {
      if (request.type === "load") {
        levers.postMessage({ ...request, bytes: request.bytes.slice(0) } satisfies WorkerRequest);
        figures.postMessage(request, transfer);
      } else {
        figures.postMessage(request);
        waiting = request;
      }
    },
    terminate: () => {
      figures.terminate();
      levers.terminate();
    },
  };
  figures.onmessage = (event: MessageEvent<WorkerAnswer>) => {
    if (event.data.type !== "run" && waiting !== null) {
      levers.postMessage(waiting);
      waiting = null;
    }
    port.onmessage?.(event);
  };
  levers.onmessage = (event: MessageEvent<WorkerAnswer>) => port.onmessage?.(event);
  for (const w of [figures, levers]) w.onerror = (event) => port.onerror?.(event);
  return port;
}

/**
 * A Web Worker for a run the server serves (two on a machine with two cores or more: the levers, the slowest
 * figures, are computed beside the rest); for a run embedded in the page (a static bundle, opened from file://
 * where a page may not start a worker) the same scorer on this thread, answering asynchronously.
 */
function scorerFor(source: RunSource): ScorerPort {
  if ("href" in source)
    return navigator.hardwareConcurrency >= 2 ? workerPair() : new Worker(new URL("./run-worker.ts", import.meta.url));
  let open = true;
  const port: ScorerPort = {
    onmessage: null,
    onerror: null,
    postMessage: (request) => setTimeout(() => open && handle(request), 0),
    terminate: () => {
      open = false;
    },
  };
  const handle = runScorer((answer) => {
    if (open) port.onmessage?.({ data: answer } as MessageEvent<WorkerAnswer>);
  });
  return port;
}

/**
 * What identifies a source: its URL; an embedded run (a static bundle: megabytes of base64, one object for the
 * page's life) by identity, never by copying its text.
 */
const inlineIds = new WeakMap<object, number>();
let inlineCount = 0;
function sourceKeyOf(source: RunSource): string {
  if ("href" in source) return `href:${source.href}`;
  let id = inlineIds.get(source);
  if (id === undefined) inlineIds.set(source, (id = ++inlineCount));
  return `inline:${id}`;
}

export interface RunScoring {
  /**
   * Asks for the view under `scenario` (`key`: its URL text) now, as a change is made, rather than once the page
   * has rendered the new URL; the hook's own request for that key and scenario is then not sent again.
   */
  ask: (key: string, scenario: Scenario) => void;
  /**
   * The run's columns, once loaded (the what-if controls read them; views of the bytes, so a 100,000-rollout run
   * costs no object per rollout on this thread); null before.
   */
  columns: RunColumns | null;
  recorded: ScoredView | null;
  /** The view under `scenario`: the latest one the worker answered while a newer one is computed. */
  current: ScoredView | null;
  /** The key (URL scenario text) `current` was scored for: "" for the run as recorded. */
  currentKey: string;
  /** Whether `current` is the answer for `scenario` itself. */
  settled: boolean;
  error: string | null;
}

/**
 * The run page's scores from its worker (run-worker.ts): the run is loaded once per source, and every change
 * of `scenarioKey` (the URL's scenario text) asks for a new view. Until the worker first answers, `current` is
 * null and the page shows what the server rendered; after, the view on screen stays until the next arrives.
 * `recordedLevers`: the run's levers as recorded when the page has them (its stored first screen), handed to the
 * worker with the run so that it computes none.
 */
export function useRunScoring(
  source: RunSource,
  scenarioKey: string,
  scenario: Scenario,
  recordedLevers: Lever[] | null = null,
): RunScoring {
  const worker = useRef<ScorerPort | null>(null);
  // The request last sent to this worker: asked for again only when the key or the scenario object changed.
  const posted = useRef<{ key: string; scenario: Scenario } | null>(null);
  const asked = useRef(0);
  const [state, setState] = useState<
    Omit<RunScoring, "settled" | "ask" | "currentKey"> & { answered: number; answeredKey: string }
  >({
    columns: null,
    recorded: null,
    current: null,
    error: null,
    answered: 0,
    answeredKey: "",
  });
  // By key: the server renders the page again on a router navigation, handing an equal but new object.
  // The levers as recorded go with the source they were given for.
  const [held, setHeld] = useState({ source, levers: recordedLevers });
  if (sourceKeyOf(held.source) !== sourceKeyOf(source)) setHeld({ source, levers: recordedLevers });
  const sourceKey = sourceKeyOf(held.source);
  const keys = useRef(new Map<number, string>());

  useEffect(() => {
    const w = scorerFor(held.source);
    worker.current = w;
    posted.current = null;
    let live = true;
    const fail = (e: unknown) => {
      if (live) setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) }));
    };
    w.onerror = () => fail(new Error("The run could not be scored in this browser."));
    // Every view's report is a delta from the one before it, answers to superseded requests included.
    let received: PageReport | null = null;
    const early = new Map<number, Lever[]>();
    const withEarly = (v: ScoredView, id: number): ScoredView => {
      const levers = early.get(id);
      for (const k of early.keys()) if (k !== RECORDED_ID && k <= id) early.delete(k);
      return levers && v.levers === null ? { ...v, levers } : v;
    };
    let summary: RolloutSummary | null = null;
    let failureGroups: PageFailureGroup[] | null = null;
    const view = (sent: SentView): ScoredView => {
      const report = applyReportDelta(received, sent.report);
      received = report;
      summary = sent.summary ? applySummaryDelta(summary, sent.summary) : summary;
      failureGroups = sent.failureGroups ?? failureGroups;
      if (summary === null || failureGroups === null)
        throw new Error("The worker sent no rollout summary or failure groups before its first view.");
      return { ...sent, report, summary, failureGroups };
    };
    w.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data;
      if (answer.type === "error") fail(new Error(answer.message));
      else if (answer.type === "levers") {
        // From a second worker, levers may come before the view they belong to: kept until it comes.
        early.set(answer.id, answer.levers);
        setState((s) => withLevers(s, answer.id, answer.levers));
      } else if (answer.type === "run") {
        const recorded = withEarly(view(answer.recorded), RECORDED_ID);
        setState((s) => ({ ...s, recorded }));
      } else {
        const current = withEarly(view(answer.view), answer.id);
        if (answer.id !== asked.current) return;
        const key = keys.current.get(answer.id) ?? "";
        keys.current.clear();
        setState((s) => ({ ...s, current, answered: answer.id, answeredKey: key }));
      }
    };
    // Fetched here, not in the worker, so the request starts while the worker's script still loads. The
    // worker gets the bytes; the page decodes its own copy for the what-if controls meanwhile.
    runBytes(held.source)
      .then((bytes) => {
        if (!live) return;
        const own = bytes.slice(0);
        const load: WorkerRequest = { type: "load", bytes };
        if (held.levers !== null) load.levers = held.levers;
        w.postMessage(load, [bytes]);
        const columns = decodeColumns(new Uint8Array(own));
        if (live) setState((s) => ({ ...s, columns }));
      })
      .catch(fail);
    return () => {
      live = false;
      w.terminate();
      worker.current = null;
    };
  }, [held]);

  const ask = useCallback((key: string, scenario: Scenario) => {
    const w = worker.current;
    if (!w || key === "") {
      posted.current = null;
      return;
    }
    if (posted.current?.key === key && posted.current.scenario === scenario) return;
    posted.current = { key, scenario };
    const id = ++asked.current;
    keys.current.set(id, key);
    w.postMessage({ type: "score", id, scenario } satisfies WorkerRequest);
  }, []);
  useEffect(() => ask(scenarioKey, scenario), [sourceKey, ask, scenarioKey, scenario]);

  // Leaving the as-recorded view for a scenario: it stays on screen (marked unsettled) until the scenario's
  // answer arrives, instead of the server's first screen replacing the whole page for that time. An answer
  // asked for as the change was made may have come already.
  const [lastKey, setLastKey] = useState(scenarioKey);
  if (lastKey !== scenarioKey) {
    setLastKey(scenarioKey);
    if (lastKey === "" && state.recorded && state.answeredKey !== scenarioKey)
      setState((s) => ({ ...s, current: s.recorded, answered: -1, answeredKey: "" }));
  }

  const { answered: _a, answeredKey, ...rest } = state;
  // Settled once the view has its levers too: they follow the figures in a message of their own.
  if (scenarioKey === "")
    return {
      ...rest,
      ask,
      current: rest.recorded,
      currentKey: "",
      settled: rest.recorded !== null && rest.recorded.levers !== null,
    };
  // Under a scenario the page waits for its first answer (the server's first screen is under it already).
  return {
    ...rest,
    ask,
    currentKey: answeredKey,
    settled: answeredKey === scenarioKey && rest.current?.levers != null,
  };
}

/** The state with the levers of answer `id` in its view: the as-recorded one, or the current one if still it. */
function withLevers<S extends { recorded: ScoredView | null; current: ScoredView | null; answered: number }>(
  state: S,
  id: number,
  levers: Lever[],
): S {
  if (id === RECORDED_ID) return state.recorded ? { ...state, recorded: { ...state.recorded, levers } } : state;
  if (id !== state.answered || !state.current) return state;
  return { ...state, current: { ...state.current, levers } };
}
