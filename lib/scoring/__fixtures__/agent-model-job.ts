import type { ScoringRun } from "../core/types";
import { check, rollout, run, task } from "./build";

/** The shape of a Harbor job of several agent × model runs: 8 runs on the same 85 tasks, 4 rollouts each. */
export const JOB_RUNS = 8;
export const JOB_TASKS = 85;
export const JOB_ROLLOUTS = 4;

/** Passes of task t (0-based) in run r: a fixed spread of task difficulty, better runs passing more. */
export function jobPasses(r: number, t: number): number {
  const difficulty = (t * 37) % 9; // 0 … 8
  const skill = [4, 6, 6, 7, 7, 7, 8, 9][r]!;
  const noise = (t * 13 + r * 7 + ((t * (r + 3)) % 7)) % 5; // 0 … 4
  return Math.max(0, Math.min(JOB_ROLLOUTS, Math.floor((skill + noise - difficulty + 4) / 3)));
}

export const jobTaskKey = (t: number) => `suite-${t % 5}/task-${String(t).padStart(3, "0")}`;

/** Run r of the job: one required check per rollout, passed by the first jobPasses(r, t) rollouts. */
export function jobRun(r: number): ScoringRun {
  const tasks = Array.from({ length: JOB_TASKS }, (_, t) => task(jobTaskKey(t)));
  const rollouts = tasks.flatMap((tk, t) =>
    Array.from({ length: JOB_ROLLOUTS }, (_, i) =>
      rollout(`r${r}-t${t}-${i}`, tk.key, [check("solved", i < jobPasses(r, t))]),
    ),
  );
  return run(tasks, rollouts, { name: `agent-${r >> 1}/model-${r & 1}` });
}

/** Run r as Silo result files (one per rollout), for tests that ingest it: the same figures as jobRun(r). */
export function jobRunFiles(r: number): { path: string; content: string }[] {
  return Array.from({ length: JOB_TASKS }, (_, t) => t).flatMap((t) => {
    const key = jobTaskKey(t);
    const [group, taskId] = key.split("/") as [string, string];
    return Array.from({ length: JOB_ROLLOUTS }, (_, i) => {
      const passed = i < jobPasses(r, t);
      const body = {
        taskId,
        group,
        rolloutId: `r${r}-t${t}-${i}`,
        passed,
        reward: passed ? 1 : 0,
        checks: [{ id: "solved", label: "solved", passed, required: true, dimension: "correctness", detail: "" }],
      };
      return { path: `${group}/${taskId}-r${i}.result.json`, content: JSON.stringify(body) };
    });
  });
}
