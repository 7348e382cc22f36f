import { failureGroupsOfColumns, pageFailureGroups } from "@/lib/scoring/report/failure-groups";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { reportDelta } from "@/lib/scoring/wire/report-delta";
import { pageReportOf } from "@/lib/scoring/report/page-report";
import { schemeVotes } from "@/lib/scoring/view/explain-schemes";
import { summaryDelta, summaryKeeper } from "@/lib/scoring/view/rollout-summary";
import {
  RECORDED_ID,
  type LeversMode,
  type ScoredView,
  type SentView,
  type WorkerAnswer,
  type WorkerRequest,
} from "./run-source";

/*
 * The run page's scoring as a message handler: reads the run's bytes once as columns, then scores them under
 * each scenario the page asks for (RunSnapshot, lib/scoring/report/columnar: a scenario re-scores only what it
 * changes from the one before, and a change of weights, scheme or headline metric only sums the task figures
 * again). run-worker.ts runs it in a Web Worker; a page with no server behind it (a static bundle, where a
 * file:// page may not start a worker) runs it on its own thread (use-run-scoring.ts). Requests are answered in
 * order; one that a newer request superseded before it started is skipped.
 */

export type Post = (answer: WorkerAnswer, transfer?: Transferable[]) => void;

/**
 * The view without its levers, unless they are known already (as recorded, after the first time). No rollout row
 * is made: the summary and the failure groups read the scorer's columns.
 */
function scored(
  s: RunSnapshot,
  scenario: Scenario,
  asRecorded: boolean,
  summaryOf: ReturnType<typeof summaryKeeper>,
): ScoredView {
  const { report, rollouts, passed } = s.pageView(scenario);
  return {
    report: pageReportOf(report),
    schemeVotes: schemeVotes(report.tasks, report.headline.metric),
    summary: summaryOf(report.warnings, rollouts),
    tallies: s.checkTallies(scenario),
    levers: asRecorded && s.hasLevers ? s.levers : null,
    robustness: s.robustness(scenario, report),
    failureGroups: pageFailureGroups(failureGroupsOfColumns(s.columns, passed)),
  };
}

/**
 * A handler for the page's requests that answers through `post`. `warm`: after the first view, score a change the
 * page has not asked for and drop it, so that V8 has compiled the code a change runs before a person makes one
 * (for a worker, which is idle while the page draws the first view; not on the page's own thread).
 */
export function runScorer(
  post: Post,
  levers: LeversMode = "after",
  { warm = false }: { warm?: boolean } = {},
): (request: WorkerRequest) => void {
  // Scenarios may arrive before the run's bytes: they wait for it.
  let loaded: (s: Promise<RunSnapshot>) => void = () => undefined;
  const snapshot = new Promise<RunSnapshot>((resolve) => (loaded = resolve));
  let latest = RECORDED_ID;
  // The last view computed and sent: each view's report goes as a delta from the one before.
  let last: ScoredView | null = null;
  const summaryOf = summaryKeeper();
  // The summary and the failure groups (kept while the verdicts are the same: failureGroupsOfColumns) go again
  // only when they changed. At 100,000 rollouts the groups are ~1.4 MB for the page to receive.
  const send = (view: ScoredView): SentView => {
    const report = reportDelta(last?.report ?? null, view.report);
    const summary = last?.summary === view.summary ? null : summaryDelta(last?.summary ?? null, view.summary);
    const failureGroups = last?.failureGroups === view.failureGroups ? null : view.failureGroups;
    last = view;
    return { ...view, report, summary, failureGroups };
  };
  const fail = (e: unknown) => post({ type: "error", message: e instanceof Error ? e.message : String(e) });

  /**
   * The levers of view `id`, in a task of their own: a request that arrives meanwhile is read first, and the
   * levers of a view it supersedes are never computed. The as-recorded view's always are: the page goes back
   * to it (a reset) without asking.
   */
  const leversAfter = (s: RunSnapshot, id: number, scenario: Scenario, asRecorded: boolean) =>
    setTimeout(() => {
      if (id !== RECORDED_ID && id !== latest) return;
      try {
        post({ type: "levers", id, levers: asRecorded ? s.levers : s.leversUnder(scenario) });
      } catch (e) {
        fail(e);
      }
    }, 0);

  /** Another headline metric scored, unless the page asked for a scenario first (which compiles the code itself). */
  const warmUp = (s: RunSnapshot, recorded: ScoredView) =>
    setTimeout(() => {
      const { metric } = recorded.report.headline;
      const other = Object.keys(recorded.report.metrics).find((m) => m !== metric);
      if (latest !== RECORDED_ID || other === undefined) return;
      try {
        scored(s, { headline: { metric: other } }, false, summaryOf);
      } catch {
        // Nothing was asked: a request that fails the same way reports it.
      }
    }, 0);

  return (request) => {
    if (request.type === "load") {
      const loading = Promise.resolve().then(() => {
        const s = RunSnapshot.fromBytes(new Uint8Array(request.bytes), request.levers);
        const recorded = levers === "only" ? null : scored(s, {}, true, summaryOf);
        if (recorded) post({ type: "run", recorded: send(recorded) });
        if (levers !== "never" && !s.hasLevers) leversAfter(s, RECORDED_ID, {}, true);
        // After the levers: the page waits for those, not for this.
        if (recorded && warm) warmUp(s, recorded);
        return s;
      });
      loaded(loading);
      loading.catch(fail);
      return;
    }
    latest = request.id;
    void snapshot.then((s) => {
      if (request.id !== latest) return;
      try {
        const asRecorded = Object.keys(request.scenario).length === 0;
        if (levers === "only") {
          leversAfter(s, request.id, request.scenario, asRecorded);
          return;
        }
        const view = scored(s, request.scenario, asRecorded, summaryOf);
        post({ type: "scored", id: request.id, view: send(view) });
        if (view.levers === null && levers === "after") leversAfter(s, request.id, request.scenario, asRecorded);
      } catch (e) {
        fail(e);
      }
    });
  };
}
