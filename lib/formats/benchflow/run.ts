import { folderName } from "../harbor/trial-folders";
import { timeFromJobName } from "../harbor/timestamps";
import { earliestStart, uniqueRolloutIds, uniqueTasks } from "../harbor/run-parts";
import type { JsonObject, NormalizedRun } from "../types";
import {
  fromRecord,
  fromSummaryRow,
  regradeDisagreement,
  regradeSentence,
  rolloutRegradeWarning,
  runRegrades,
  type TrialRegrade,
} from "./regrades";
import type { BenchflowTrial } from "./rollout";
import type { TBenchflowSummary, TRegradeRecord, TRegradeSummary } from "./schema";
import { summaryDisagreement, tallyTrials } from "./summary";

export const PASS_THRESHOLD = 1;

/** One job folder's trials and job files, read. */
export interface BenchflowJob {
  /** The job folder (`…/2026-11-04__17-58-34`); null for a trial at the batch root. */
  jobDir: string | null;
  trials: BenchflowTrial[];
  summary: { path: string; data: TBenchflowSummary; raw: JsonObject } | null;
  regradeSummaries: { path: string; summary: TRegradeSummary }[];
  /** regrade.json of each trial, by rollout id. */
  regradeRecords: Map<string, TRegradeRecord>;
  warnings: string[];
}

/** A run before it is named: the batch names its runs together (benchflow.ts). */
export interface UnnamedRun {
  run: Omit<NormalizedRun, "name">;
  jobDir: string | null;
}

const REPLACED =
  "replaced by a scored retry of the same task, agent and model: BenchFlow's summary does not count this attempt";

/**
 * BenchFlow keeps the folder of an attempt that failed before scoring and was retried; its summary counts only
 * the retry. Tally keeps the attempt (it is unscored, so no mean counts it) and says so.
 */
function markReplacedAttempts(trials: readonly BenchflowTrial[]): Set<BenchflowTrial> {
  const attempt = (t: BenchflowTrial) => JSON.stringify([t.task.key, t.agent, t.model]);
  const scored = new Set(trials.filter((t) => t.rollout.status === "scored").map(attempt));
  const replaced = new Set<BenchflowTrial>();
  for (const t of trials) {
    const evidence = t.trialDir === null ? null : t.trialDir === "" ? "evidence/" : `${t.trialDir}/evidence/`;
    const frozen = evidence !== null && t.rollout.files.some((f) => f.startsWith(evidence));
    if (t.rollout.status === "unscored" && !frozen && scored.has(attempt(t))) {
      replaced.add(t);
      t.rollout.warnings.push(REPLACED);
      t.rollout.metadata.replacedAttempt = true;
    }
  }
  return replaced;
}

/** Regrades of the job: each trial's regrade.json, filled in by regrade-summary.json rows. */
function collectRegrades(job: BenchflowJob, ids: ReadonlySet<string>, warnings: string[]): Map<string, TrialRegrade> {
  const regrades = new Map<string, TrialRegrade>();
  for (const [id, record] of job.regradeRecords) {
    const r = fromRecord(id, record);
    if (r) regrades.set(id, r);
  }
  for (const { path, summary } of job.regradeSummaries) {
    for (const row of summary.trials) {
      const fromRow = fromSummaryRow({ ...row, regrade_id: row.regrade_id ?? summary.regrade_id ?? null });
      if (!ids.has(row.trial)) {
        warnings.push(`${path} names trial ${row.trial}, which is not in this job`);
        continue;
      }
      const known = regrades.get(row.trial);
      if (!known) regrades.set(row.trial, fromRow);
      else {
        const disagreement = regradeDisagreement(known, fromRow);
        if (disagreement) warnings.push(`${row.trial}: ${disagreement}`);
      }
    }
  }
  return regrades;
}

/**
 * The runs of one job folder: one per agent and model (a BenchFlow job has one). Rewards are the originally
 * recorded ones; regrades are listed beside them (run.regrades, the run's regradeSummary and a warning).
 */
export function assembleBenchflowJob(job: BenchflowJob, overrides: { agent?: string; model?: string }): UnnamedRun[] {
  const jobWarnings = [...job.warnings];
  const replaced = markReplacedAttempts(job.trials);
  const counted = job.trials.filter((t) => !replaced.has(t));
  const ids = new Set(job.trials.map((t) => t.rollout.id));

  const regrades = collectRegrades(job, ids, jobWarnings);
  for (const t of job.trials) {
    const r = regrades.get(t.rollout.id);
    if (!r) continue;
    t.rollout.warnings.push(rolloutRegradeWarning(r, PASS_THRESHOLD));
    t.rollout.metadata.regrade = {
      id: r.regradeId,
      status: r.status,
      originalReward: r.originalReward,
      newReward: r.newReward,
      change: r.changeText,
      reason: r.reason,
      from: r.from,
    };
  }

  const groups = new Map<string, BenchflowTrial[]>();
  for (const t of job.trials) {
    const key = JSON.stringify([overrides.agent ?? t.agent, overrides.model ?? t.model]);
    const list = groups.get(key);
    if (list) list.push(t);
    else groups.set(key, [t]);
  }

  const summaryWarning = job.summary
    ? summaryDisagreement(
        job.summary.data,
        tallyTrials(
          counted.map((t) => (t.rollout.status === "scored" ? t.rollout.reportedReward : null)),
          PASS_THRESHOLD,
        ),
        groups.size === 1
          ? { agent: counted[0]?.agent ?? null, model: counted[0]?.model ?? null }
          : { agent: null, model: null },
      )
    : null;

  return [...groups.values()].map((trials) => {
    const warnings = [...jobWarnings];
    if (summaryWarning) warnings.push(summaryWarning);
    const rollouts = uniqueRolloutIds(trials.map((t) => t.rollout));
    const own = new Set(trials.map((t) => t.rollout.id));
    const mine = [...regrades.values()].filter((r) => own.has(r.rollout));

    const metadata: JsonObject = { trials: trials.length };
    if (job.jobDir !== null) metadata.jobFolder = job.jobDir || ".";
    if (job.summary) metadata.summary = job.summary.raw;
    if (replaced.size > 0) metadata.replacedAttempts = trials.filter((t) => replaced.has(t)).length;
    if (mine.length > 0) {
      const sentence = regradeSentence(mine, PASS_THRESHOLD);
      metadata.regradeSummary = sentence;
      const reason = job.regradeSummaries.find((s) => s.summary.reason)?.summary.reason;
      if (reason) metadata.regradeReason = reason;
      warnings.push(
        `Regrades: ${sentence}. Rewards are the originally recorded ones; the regrade view lists the new ones.`,
      );
    }

    const first = trials[0]!;
    return {
      jobDir: job.jobDir,
      run: {
        agent: overrides.agent ?? first.agent,
        model: overrides.model ?? first.model,
        format: "benchflow",
        createdAt: earliestStart(rollouts, timeFromJobName(folderName(job.jobDir))),
        passThreshold: PASS_THRESHOLD,
        tasks: uniqueTasks(trials.map((t) => t.task)),
        rollouts,
        warnings,
        regrades: runRegrades(mine, PASS_THRESHOLD),
        metadata,
      },
    };
  });
}
