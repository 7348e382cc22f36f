import { seeded } from "@/lib/scoring/core/seeded";
import type { ScoringCheck, ScoringRollout, ScoringRun, ScoringTask } from "@/lib/scoring/core/types";

export interface SyntheticShape {
  tasks: number;
  rollouts: number;
  checks: number;
  groups: number;
  seed: number;
  /** Events in a `<rollout>.trace.jsonl` beside each result (tool calls and their results); 0: no traces. */
  traceEvents?: number;
}

export const BENCH_SHAPE: SyntheticShape = { tasks: 2000, rollouts: 5, checks: 12, groups: 8, seed: 7 };

const DIMENSIONS = [
  "correctness",
  "correctness",
  "correctness",
  "correctness",
  "correctness",
  "correctness",
  "correctness",
  "authority",
  "grounding",
  "grounding",
  "correctness",
  "efficiency",
];

interface SyntheticCheck {
  id: string;
  label: string;
  passed: boolean;
  required: boolean;
  dimension: string;
  detail: string;
}

/** The checks of one rollout: each task has its own difficulty, so tasks differ and rollouts of a task vary. */
function rolloutChecks(shape: SyntheticShape, difficulty: number, random: () => number): SyntheticCheck[] {
  return Array.from({ length: shape.checks }, (_, c) => {
    const dimension = DIMENSIONS[c % DIMENSIONS.length]!;
    return {
      id: `C${c + 1}`,
      label: `C${c + 1} ${dimension} check ${c + 1}`,
      passed: random() > difficulty * (dimension === "authority" ? 0.1 : 0.35),
      required: dimension !== "grounding" && c < shape.checks - 1,
      dimension,
      detail: `observed value ${Math.floor(random() * 1000)}`,
    };
  });
}

function* syntheticRollouts(shape: SyntheticShape) {
  const random = seeded(shape.seed);
  for (let t = 0; t < shape.tasks; t++) {
    const group = `env-${t % shape.groups}`;
    const taskId = `TASK-${String(t + 1).padStart(5, "0")}`;
    const difficulty = random();
    for (let r = 0; r < shape.rollouts; r++)
      yield { group, taskId, rollout: `${taskId}-r${r + 1}`, checks: rolloutChecks(shape, difficulty, random) };
  }
}

/** The run as lib/scoring reads it, without going through files (for the recompute benchmark). */
export function syntheticScoringRun(shape: SyntheticShape = BENCH_SHAPE): ScoringRun {
  const tasks: ScoringTask[] = [];
  const rollouts: ScoringRollout[] = [];
  const run: ScoringRun = { name: "synthetic", format: "silo", passThreshold: 1, tasks, rollouts };
  const seen = new Set<string>();
  for (const r of syntheticRollouts(shape)) {
    const key = `${r.group}/${r.taskId}`;
    if (!seen.has(key)) {
      seen.add(key);
      tasks.push({ key, taskId: r.taskId, name: null, group: r.group, weight: 1 + (seen.size % 3) });
    }
    const checks: ScoringCheck[] = r.checks.map((c) => ({
      key: c.id,
      label: c.label,
      passed: c.passed,
      score: c.passed ? 1 : 0,
      required: c.required,
      dimension: c.dimension,
      status: "graded",
      weight: null,
      failureTag: c.passed ? null : "SYNTHETIC",
    }));
    rollouts.push({
      id: r.rollout,
      task: key,
      status: "scored",
      rule: "checks",
      reportedPassed: null,
      reportedReward: null,
      penalties: 0,
      gate: null,
      checks,
    });
  }
  return run;
}

/** The same run as Silo result files (one `<group>/<task>/<rollout>.result.json` each), for the ingest benchmark. */
export function* syntheticSiloFiles(shape: SyntheticShape = BENCH_SHAPE): Generator<{ path: string; text: string }> {
  for (const r of syntheticRollouts(shape)) {
    const graded = r.checks.length;
    const passed = r.checks.filter((c) => c.passed).length;
    const failedRequired = r.checks.filter((c) => c.required && !c.passed).map((c) => c.label);
    const required = r.checks.filter((c) => c.required);
    const result = {
      taskId: r.taskId,
      group: r.group,
      rolloutId: r.rollout,
      passed: failedRequired.length === 0,
      reward: Math.round((passed / graded + Number.EPSILON) * 100) / 100,
      requiredPassed: required.length - failedRequired.length,
      requiredTotal: required.length,
      failedRequired,
      checksPassed: passed,
      checksFailed: graded - passed,
      toolCalls: 7,
      toolErrors: 0,
      terminationReason: "completed",
      agentOutput: `Synthetic answer for ${r.taskId}.`,
      error: null,
      checks: r.checks,
    };
    yield { path: `${r.group}/${r.taskId}/${r.rollout}.result.json`, text: JSON.stringify(result, null, 2) };
    if (shape.traceEvents)
      yield {
        path: `${r.group}/${r.taskId}/${r.rollout}.trace.jsonl`,
        text: syntheticTrace(r.taskId, shape.traceEvents),
      };
  }
}

/** A Silo trace of `events` lines: pairs of a tool call and its result, each result with a record of ~300 bytes. */
function syntheticTrace(taskId: string, events: number): string {
  const lines: string[] = [];
  const at = (seq: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, seq)).toISOString();
  for (let seq = 1; seq <= events; seq++) {
    const callId = Math.ceil(seq / 2);
    const tool = `tool_${callId % 5}`;
    lines.push(
      JSON.stringify(
        seq % 2 === 1
          ? { seq, type: "tool_call", at: at(seq), callId, tool, input: { taskId, query: `lookup ${callId}` } }
          : {
              seq,
              type: "tool_result",
              at: at(seq),
              callId,
              tool,
              output: {
                id: `e${callId}`,
                rows: Array.from({ length: 8 }, (_, i) => ({ key: `k${i}`, value: i * callId })),
              },
            },
      ),
    );
  }
  return lines.join("\n") + "\n";
}
