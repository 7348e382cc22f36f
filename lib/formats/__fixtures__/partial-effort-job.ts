import type { InputFile } from "../types";
import { harborJobFiles, type EvalSpec } from "./harbor-job-generator";

/**
 * A Harbor job whose spending is recorded unevenly, as in real jobs: 6 trials of 3 tasks, 4 with a trial folder
 * (tokens and duration), 3 of those with a cost. The largest spender is a crash (unscored, no cost), and one of
 * the 3 passes has no folder. Its figures, derived by hand, are in lib/ingest/partial-effort.test.ts.
 *
 * | trial              | reward | tokens (in + out)     | cost  | duration |
 * |--------------------|--------|-----------------------|-------|----------|
 * | alpha__Pass001     | 1      | 300,000 + 20,000      | $0.50 | 100 s    |
 * | alpha__Fail001     | 0      | 500,000 + 30,000      | $0.80 | 200 s    |
 * | beta__Crash01      | —      | 9,000,000 + 400,000   | —     | 900 s    |
 * | beta__Pass002      | 1      | 100,000 + 10,000      | $0.20 | 50 s     |
 * | gamma__Pass003     | 1      | no folder             |       |          |
 * | gamma__Fail002     | 0      | no folder             |       |          |
 */
export const PARTIAL_EFFORT_EVAL: EvalSpec = {
  agent: "terminus-2",
  model: "gpt-5",
  dataset: "tasks",
  trials: [
    {
      task: "alpha",
      id: "Pass001",
      reward: 1,
      folder: { inputTokens: 300_000, outputTokens: 20_000, costUsd: 0.5, durationSec: 100 },
    },
    {
      task: "alpha",
      id: "Fail001",
      reward: 0,
      folder: { inputTokens: 500_000, outputTokens: 30_000, costUsd: 0.8, durationSec: 200 },
    },
    {
      task: "beta",
      id: "Crash01",
      reward: null,
      exception: "AgentTimeoutError",
      folder: { inputTokens: 9_000_000, outputTokens: 400_000, costUsd: null, durationSec: 900 },
    },
    {
      task: "beta",
      id: "Pass002",
      reward: 1,
      folder: { inputTokens: 100_000, outputTokens: 10_000, costUsd: 0.2, durationSec: 50 },
    },
    { task: "gamma", id: "Pass003", reward: 1 },
    { task: "gamma", id: "Fail002", reward: 0 },
  ],
};

export const partialEffortJobFiles = (root = "partial-effort"): InputFile[] =>
  harborJobFiles([PARTIAL_EFFORT_EVAL], root);
