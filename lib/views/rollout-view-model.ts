import type { StateDiffRead } from "@/lib/formats/silo/state-diff";
import type { Review } from "@/lib/scoring/reviews/review-types";
import type { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { CheckStatus } from "@/lib/scoring/core/types";
import type { RolloutReport } from "@/lib/scoring/report/report-types";
import { describeOverBudget } from "@/lib/scoring/scenario/describe-scenario";
import { rolloutCheckCells } from "@/lib/scoring/view/check-grid";
import { firstCheckPage } from "@/lib/scoring/view/check-pages";
import { clip } from "@/lib/display/format";
import type { CheckHead, RolloutHead } from "@/lib/store/records";
import type { TraceRead } from "@/lib/traces";
import { checkEntryViews, type CheckEntryView } from "./check-views";
import { rolloutHref, runHref, taskHref } from "./hrefs";
import type { TraceEvidence } from "./rollout-trace";
import type { ScenarioParam } from "./scenario-param";
import type { ViewRun } from "./task-view-model";
import type { TrialTexts } from "./trial-texts";
import type { ViewScenario } from "./view-scenario";

/** Authority checks named beside the state changes they judge. */
const JUDGES_SHOWN = 20;

/** Where the rollout page's list of every check comes from: the checks API a page at a time, or all at hand. */
/** A rollout as the API's paths name it (lib/api/client-routes.ts builds its URLs). */
export interface RolloutRef {
  id: string;
  rollout: string;
}

/** Where a rollout's check rows come from: the checks API under the scenario (its parameter), or the page. */
export type CheckRowsSource =
  { kind: "api"; rollout: RolloutRef; scenario: string | null } | { kind: "local"; entries: CheckEntryView[] };

/** A link to a sibling rollout of the same task (previous or next). */
export interface RolloutLink {
  id: string;
  href: string;
  position: number;
}

/** What a rollout page shows besides the run's figures: the stored rollout and what its raw files read as. */
export interface RolloutRead {
  rollout: RolloutHead;
  /** The stored checks the page has: the first page (app) or every one (bundle). */
  checks: readonly CheckHead[];
  trace: TraceRead;
  trialTexts: TrialTexts;
  stateDiff: StateDiffRead;
  evidence: TraceEvidence;
}

/** The rollout page: everything it draws, serialisable. */
export interface RolloutView extends RolloutRead {
  runId: string;
  runName: string;
  /** A server is behind the page: texts and checks past what the page has are fetched from its APIs. */
  server: boolean;
  scenario: ViewScenario;
  verdict: RolloutReport;
  /** The rollout's checks as scoring reads them (their statuses say why it may be unscored). */
  checkStatuses: { status: CheckStatus }[];
  /** The recorded verdict of each check by key (what a review is shown beside). */
  recordedChecks: { key: string; passed: boolean | null }[];
  total: number;
  failedTotal: number;
  failed: CheckEntryView[];
  first: CheckEntryView[];
  source: CheckRowsSource;
  /** The rollout as the API names it, when a server is behind the page. */
  rolloutApi: RolloutRef | null;
  judges: { shown: { order: number; label: string; passed: boolean | null }[]; total: number };
  hasWeights: boolean;
  /** The measures over the scenario's budget, in words. */
  overBudget: string[];
  /** The rollout's place among its task's rollouts, and its neighbours. */
  position: number;
  siblings: number;
  prev: RolloutLink | null;
  next: RolloutLink | null;
  /** Other rollouts of the task to open beside this one (the nearest SIDE_BY_SIDE_CHOICES); none without a server. */
  sideBySideChoices: RolloutLink[];
  hrefs: { run: string; runRecorded: string; task: string; recorded: string };
  /** The reviews of this rollout's verdicts, oldest first (none where no server answers). */
  reviews: readonly Review[];
}

/** Other rollouts of the task offered beside this one on its page; the task page's grid offers every one. */
export const SIDE_BY_SIDE_CHOICES = 24;

/** Up to `n` positions other than `at` among `total`, the nearest first by distance, returned in order. */
export function nearest(total: number, at: number, n: number): number[] {
  const lo = Math.max(0, Math.min(at - Math.floor(n / 2), total - 1 - n));
  return Array.from({ length: Math.min(n + 1, total) }, (_, i) => lo + i)
    .filter((i) => i !== at && i < total)
    .slice(0, n);
}

/**
 * The rollout's check cells under the scenario, from its task's part of the run (a scenario edits a rollout's
 * checks from the rollout and the scenario alone); null when the run has no such rollout.
 */
export function rolloutCellsOf(snapshot: RunSnapshot, rolloutId: string, scenario: ScenarioParam["scenario"]) {
  const task = snapshot.taskOfRollout(rolloutId);
  const part = task === null ? null : snapshot.taskPart(task);
  return part ? rolloutCheckCells(part, rolloutId, scenario) : null;
}

/**
 * The rollout page's view from the run's snapshot: the rows of the rollout's task and that task's part of the
 * run (its columns), never the run's other tasks. Runs on the server for the app and in the browser for a
 * bundle. Null when the run has no such rollout.
 */
export function rolloutViewOf(
  snapshot: RunSnapshot,
  run: Pick<ViewRun, "id" | "name">,
  read: RolloutRead,
  param: ScenarioParam,
  server: boolean,
): RolloutView | null {
  const { rollout, checks, evidence } = read;
  const { scenario, carried } = param;
  const taskKey = snapshot.taskOfRollout(rollout.id);
  const figures = taskKey === null ? null : snapshot.taskFigures(taskKey, scenario);
  const part = taskKey === null ? null : snapshot.taskPart(taskKey);
  const scoring = part?.rollouts.find((r) => r.id === rollout.id);
  const verdict = figures?.rollouts.find((r) => r.id === rollout.id);
  const cells = part ? rolloutCheckCells(part, rollout.id, scenario) : null;
  if (!figures || !scoring || !verdict || !cells) return null;

  const plan = firstCheckPage(cells);
  const rolloutApi = server ? { id: run.id, rollout: rollout.id } : null;
  const source: CheckRowsSource = rolloutApi
    ? { kind: "api", rollout: rolloutApi, scenario: carried }
    : {
        kind: "local",
        entries: checkEntryViews(
          cells.map((c) => c.index),
          checks,
          cells,
          evidence.byCheck,
        ),
      };
  const authority = scoring.checks.flatMap((c, order) =>
    c.dimension === "authority" ? [{ order, label: clip(c.label, 200), passed: cells[order]?.passed ?? null }] : [],
  );
  const siblings = figures.rollouts.filter((r) => r.task === rollout.taskKey);
  const index = siblings.findIndex((r) => r.id === rollout.id);
  const link = (i: number): RolloutLink | null => {
    const r = siblings[i];
    return r ? { id: r.id, href: rolloutHref(run.id, r.id, carried), position: i + 1 } : null;
  };
  return {
    ...read,
    checks: [...checks],
    runId: run.id,
    runName: run.name,
    server,
    scenario: { description: figures.scenarioDescription, issues: param.issues, carried },
    verdict,
    checkStatuses: scoring.checks.map((c) => ({ status: c.status })),
    recordedChecks: scoring.checks.map((c) => ({ key: c.key, passed: c.passed })),
    total: plan.total,
    failedTotal: plan.failedTotal,
    failed: checkEntryViews(plan.failed, checks, cells, evidence.byCheck),
    first: checkEntryViews(plan.rows, checks, cells, evidence.byCheck),
    source,
    rolloutApi,
    judges: { shown: authority.slice(0, JUDGES_SHOWN), total: authority.length },
    hasWeights: scoring.checks.some((c) => c.weight !== null),
    overBudget: describeOverBudget(scoring.measures, scenario.budget),
    position: index + 1,
    siblings: siblings.length,
    prev: link(index - 1),
    next: link(index + 1),
    sideBySideChoices: server
      ? nearest(siblings.length, index, SIDE_BY_SIDE_CHOICES).flatMap((i) => link(i) ?? [])
      : [],
    hrefs: {
      run: runHref(run.id, carried),
      runRecorded: runHref(run.id),
      task: taskHref(run.id, rollout.taskKey, carried),
      recorded: rolloutHref(run.id, rollout.id),
    },
    reviews: [],
  };
}
