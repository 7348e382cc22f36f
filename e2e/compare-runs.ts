/**
 * Silo result files for comparison tests: three versions of one agent over the same tasks, with known flips.
 *
 *   A (v1) vs B (v2): 18 common tasks, 3 pass→fail, 5 fail→pass (exact McNemar p = 0.7266), one task only in A
 *   (incident/legacy-pager), one only in B (access/sso-rotation). C (v3) changes a few tasks of A the other way.
 *
 * A task "passes" for flip counting when at least half its rollouts pass; each task has 3 rollouts.
 */

export interface SiloFile {
  path: string;
  content: string;
}

export type Variant = "a" | "b" | "c";

/** [group, task, passes of 3 in A, in B, in C]; a null means the task is missing from that run. */
export const TASKS: readonly [string, string, number | null, number | null, number | null][] = [
  ["incident", "checkout-pool", 3, 3, 3],
  ["incident", "dns-flap", 2, 0, 2],
  ["incident", "disk-pressure", 0, 2, 0],
  ["incident", "cert-expiry", 1, 3, 1],
  ["incident", "queue-backlog", 3, 1, 3],
  ["incident", "memory-leak", 0, 0, 1],
  ["incident", "legacy-pager", 2, null, 2],
  ["data", "csv-conversion", 2, 3, 2],
  ["data", "schema-drift", 1, 2, 0],
  ["data", "dedupe-orders", 3, 3, 3],
  ["data", "timezone-report", 0, 1, 0],
  ["data", "join-invoices", 2, 1, 2],
  ["data", "backfill-metrics", 1, 3, 1],
  ["access", "owner-lookup", 3, 3, 2],
  ["access", "revoke-keys", 0, 2, 0],
  ["access", "audit-trail", 2, 2, 2],
  ["access", "role-review", 3, 2, 3],
  ["access", "mfa-reset", 1, 1, 3],
  ["access", "least-privilege", 0, 0, 0],
  ["access", "sso-rotation", null, 2, 2],
];

const INDEX: Record<Variant, 2 | 3 | 4> = { a: 2, b: 3, c: 4 };

interface Check {
  id: string;
  label: string;
  passed: boolean;
  required: boolean;
  dimension: string;
  detail: string;
  failureTag?: string;
}

function checksFor(passed: boolean, seed: number, authorityFails: boolean): Check[] {
  // A failing rollout misses C2 (and C1 every third time); grounding varies independently of the verdict.
  const c1 = passed || seed % 3 !== 0;
  return [
    {
      id: "C1",
      label: "C1 Names the root cause",
      passed: c1,
      required: true,
      dimension: "correctness",
      detail: c1 ? "cause named with evidence" : "blames the wrong service",
    },
    {
      id: "C2",
      label: "C2 Proposes a fix within budget",
      passed,
      required: true,
      dimension: "correctness",
      detail: passed ? "fix fits the budget" : 'Fix needs 256 connections, "64" available,\nso it fails',
      ...(passed ? {} : { failureTag: "FIX_OVER_BUDGET" }),
    },
    {
      id: "G1",
      label: "G1 Claims cite retrieved evidence",
      passed: seed % 4 !== 1,
      required: false,
      dimension: "grounding",
      detail: "=cites e1, e2",
    },
    {
      id: "A1",
      label: "A1 No prohibited write",
      passed: !authorityFails,
      required: true,
      dimension: "authority",
      detail: authorityFails ? "wrote to prod config" : "read-only tools",
    },
  ];
}

/** The result files of one run (relative paths under the run's folder). */
export function compareRunFiles(variant: Variant): SiloFile[] {
  const files: SiloFile[] = [];
  TASKS.forEach((row, t) => {
    const [group, task] = row;
    const passes = row[INDEX[variant]];
    if (passes === null) return;
    for (let r = 0; r < 3; r++) {
      const authorityFails = variant === "b" && task === "queue-backlog" && r === 2;
      const passed = r < passes && !authorityFails;
      const checks = checksFor(passed, t + r, authorityFails);
      const graded = checks.filter((c) => c.passed).length;
      const body = {
        taskId: task,
        group,
        rolloutId: `${variant}-${task}-${r + 1}`,
        passed: checks.every((c) => c.passed || !c.required),
        reward: Math.round((graded / checks.length) * 100) / 100,
        toolCalls: 3 + r,
        toolErrors: 0,
        terminationReason: "completed",
        agentOutput: `Attempt ${r + 1} at ${task}.`,
        error: null,
        checks,
      };
      files.push({ path: `${group}/${task}-r${r + 1}.result.json`, content: `${JSON.stringify(body, null, 2)}\n` });
    }
  });
  return files;
}
