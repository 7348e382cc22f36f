import { seeded } from "@/lib/scoring/core/seeded";
import type { InputFile } from "../types";
import { jsonFile } from "./load-fixture";

/**
 * Generated Harbor jobs in the shape of a real one (lib/formats/__fixtures__/harbor-real): a job result.json
 * listing every trial under `stats.evals`, and trial folders (result.json, verifier/ctrf.json) for some of them.
 * Real jobs are uneven: most trials are known from the job file alone (a reward, no checks, no tokens), a few
 * carry a pytest report, and the trial that spent the most may be one that crashed.
 */

export interface TrialSpec {
  task: string;
  /** The 7-character suffix of the trial name (`<task>__<id>`). */
  id: string;
  /** null: the verifier returned nothing (unscored). */
  reward: number | null;
  /** The exception type Harbor recorded; an unscored trial without one gets "RuntimeError". */
  exception?: string;
  /** A trial folder: its result.json, and verifier/ctrf.json when `tests` is given. */
  folder?: {
    inputTokens?: number;
    cacheTokens?: number;
    outputTokens?: number;
    costUsd?: number | null;
    durationSec?: number;
    tests?: { name: string; passed: boolean }[];
  };
}

export interface EvalSpec {
  agent: string;
  model: string;
  dataset?: string;
  trials: TrialSpec[];
}

const START = Date.parse("2026-11-20T10:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();
const trialName = (t: TrialSpec) => `${t.task}__${t.id}`;

function evalEntry(spec: EvalSpec) {
  const rewards: Record<string, string[]> = {};
  const exceptions: Record<string, string[]> = {};
  let scored = 0;
  let sum = 0;
  for (const t of spec.trials) {
    if (t.reward !== null) {
      const key = Number.isInteger(t.reward) ? t.reward.toFixed(1) : String(t.reward);
      (rewards[key] ??= []).push(trialName(t));
      scored += 1;
      sum += t.reward;
    }
    const exception = t.exception ?? (t.reward === null ? "RuntimeError" : undefined);
    if (exception) (exceptions[exception] ??= []).push(trialName(t));
  }
  return {
    n_trials: scored,
    n_errors: Object.values(exceptions).reduce((n, list) => n + list.length, 0),
    metrics: [{ mean: sum / spec.trials.length }],
    reward_stats: { reward: rewards },
    exception_stats: exceptions,
  };
}

function trialResult(spec: EvalSpec, t: TrialSpec, at: number) {
  const f = t.folder!;
  const exception = t.exception ?? (t.reward === null ? "RuntimeError" : undefined);
  return {
    task_name: t.task,
    trial_name: trialName(t),
    source: spec.dataset ?? "tasks",
    agent_info: { name: spec.agent, version: "1.0.0", model_info: { name: spec.model, provider: "generated" } },
    agent_result: {
      n_input_tokens: f.inputTokens ?? null,
      n_cache_tokens: f.cacheTokens ?? null,
      n_output_tokens: f.outputTokens ?? null,
      cost_usd: f.costUsd ?? null,
    },
    verifier_result: t.reward === null ? null : { rewards: { reward: t.reward } },
    exception_info: exception
      ? { exception_type: exception, exception_message: `${exception} in ${trialName(t)}`, exception_traceback: null }
      : null,
    started_at: iso(at),
    finished_at: iso(at + (f.durationSec ?? 60) * 1000),
  };
}

function ctrf(tests: { name: string; passed: boolean }[]) {
  const passed = tests.filter((t) => t.passed).length;
  return {
    results: {
      tool: { name: "pytest", version: "8.4.1" },
      summary: { tests: tests.length, passed, failed: tests.length - passed, skipped: 0, pending: 0, other: 0 },
      tests: tests.map((t) => ({ name: t.name, status: t.passed ? "passed" : "failed", duration: 0.01 })),
    },
  };
}

/** The files of one Harbor job holding the given evals, under `root/` (a job folder). */
export function harborJobFiles(evals: EvalSpec[], root = "job"): InputFile[] {
  const files: InputFile[] = [];
  const entries: Record<string, ReturnType<typeof evalEntry>> = {};
  let total = 0;
  let at = START;
  for (const spec of evals) {
    entries[`${spec.agent}__${spec.model}__${spec.dataset ?? "tasks"}`] = evalEntry(spec);
    total += spec.trials.length;
    for (const t of spec.trials) {
      at += 90_000;
      if (!t.folder) continue;
      files.push(jsonFile(`${root}/${trialName(t)}/result.json`, trialResult(spec, t, at)));
      if (t.folder.tests) files.push(jsonFile(`${root}/${trialName(t)}/verifier/ctrf.json`, ctrf(t.folder.tests)));
    }
  }
  files.push(
    jsonFile(`${root}/result.json`, {
      id: "00000000-0000-4000-8000-000000000001",
      started_at: iso(START),
      finished_at: iso(at),
      n_total_trials: total,
      stats: { n_trials: total, n_errors: 0, evals: entries },
    }),
  );
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}


const ID_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
function trialId(random: () => number): string {
  let id = "";
  for (let i = 0; i < 7; i++) id += ID_CHARS[Math.floor(random() * ID_CHARS.length)];
  return id;
}

export interface UnevenJobOptions {
  agent: string;
  model: string;
  seed: number;
  tasks?: number;
  trialsPerTask?: number;
  /** Each task's chance of a reward of 1 is its ease (fixed per task index) plus `skill`, clipped to [0, 1]. */
  skill?: number;
  /** Share of trials that crash unscored. */
  crashRate?: number;
  /** Task indexes whose trials all carry a trial folder with a pytest report (3 tests). */
  reportTasks?: number[];
}

/** The ease of task i, the same in every generated job, so two agents' jobs pair task by task. */
export function taskEase(i: number): number {
  return seeded(1000 + i)() * 0.6 - 0.3;
}

export const taskName = (i: number) => `task-${String(i + 1).padStart(3, "0")}`;

/**
 * A job like the real 425-trial one: `tasks` × `trialsPerTask` trials known from the job file, rewards 0 or 1,
 * some crashed; trials of `reportTasks` have folders with tokens and a pytest report.
 */
export function unevenEval(options: UnevenJobOptions): EvalSpec {
  const random = seeded(options.seed);
  const { tasks = 85, trialsPerTask = 5, skill = 0.1, crashRate = 0.15, reportTasks = [] } = options;
  const trials: TrialSpec[] = [];
  for (let i = 0; i < tasks; i++) {
    const p = Math.min(1, Math.max(0, taskEase(i) + skill));
    for (let k = 0; k < trialsPerTask; k++) {
      const crashed = random() < crashRate;
      const passed = !crashed && random() < p;
      const trial: TrialSpec = { task: taskName(i), id: trialId(random), reward: crashed ? null : passed ? 1 : 0 };
      if (crashed) trial.exception = "AgentTimeoutError";
      if (reportTasks.includes(i))
        trial.folder = {
          inputTokens: Math.round(200_000 + random() * 800_000),
          cacheTokens: Math.round(random() * 100_000),
          outputTokens: Math.round(5_000 + random() * 20_000),
          durationSec: Math.round(60 + random() * 600),
          tests: crashed
            ? undefined
            : [
                { name: "test_outputs.py::test_file_exists", passed: true },
                { name: "test_outputs.py::test_values", passed },
                { name: "test_outputs.py::test_format", passed: passed || random() < 0.5 },
              ],
        };
      trials.push(trial);
    }
  }
  return { agent: options.agent, model: options.model, dataset: "tasks", trials };
}
