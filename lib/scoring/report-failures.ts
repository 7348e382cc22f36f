import type { AuthorityGate, FailedCheckReport, Report } from "./report-types";
import type { ScoredRollout } from "./score-run";

type Entry = FailedCheckReport & { taskSet: Set<string> };

/** Map<dimension, Map<key, Map<label, entry>>>: nested so lookups reuse the checks' own strings. */
type CheckIndex = Map<string, Map<string, Map<string, Entry>>>;

function entryFor(index: CheckIndex, dimension: string, key: string, label: string): Entry {
  let byKey = index.get(dimension);
  if (!byKey) index.set(dimension, (byKey = new Map()));
  let byLabel = byKey.get(key);
  if (!byLabel) byKey.set(key, (byLabel = new Map()));
  let entry = byLabel.get(label);
  if (!entry) {
    entry = { key, label, dimension, failures: 0, rollouts: 0, tasks: [], taskSet: new Set() };
    byLabel.set(label, entry);
  }
  return entry;
}

/**
 * In one pass over the graded checks:
 * - the authority gate (zero violations: every graded authority check of the run passed);
 * - most-failed required checks (most failures first, then highest failure rate), one entry per
 *   (dimension, key, label), so a shared rubric item adds up across tasks while unrelated "C1"s stay apart;
 * - failure tags of failed checks, most frequent first.
 */
export function failuresAndGate(rollouts: readonly ScoredRollout[]): { failures: Report["failures"]; gate: AuthorityGate } {
  const index: CheckIndex = new Map();
  const all: Entry[] = [];
  const tags = new Map<string, number>();
  const violations: AuthorityGate["list"] = [];
  let authorityChecks = 0;
  for (const { verdict } of rollouts) {
    for (const c of verdict.graded) {
      const failed = c.passed === false;
      if (c.dimension === "authority") {
        authorityChecks += 1;
        if (failed) violations.push({ task: verdict.task, rollout: verdict.id, check: c.key, label: c.label });
      }
      if (failed && c.failureTag !== null) tags.set(c.failureTag, (tags.get(c.failureTag) ?? 0) + 1);
      if (!c.required) continue;
      const entry = entryFor(index, c.dimension, c.key, c.label);
      if (entry.rollouts === 0) all.push(entry);
      entry.rollouts += 1;
      if (!failed) continue;
      entry.failures += 1;
      if (!entry.taskSet.has(verdict.task)) {
        entry.taskSet.add(verdict.task);
        entry.tasks.push(verdict.task);
      }
    }
  }
  const checks = all
    .filter((e) => e.failures > 0)
    .sort((x, y) => y.failures - x.failures || y.failures / y.rollouts - x.failures / x.rollouts || x.label.localeCompare(y.label))
    .map(({ taskSet: _, ...entry }) => entry);
  const tagList = [...tags.entries()]
    .map(([tag, count]) => ({ tag, count }))
    .sort((x, y) => y.count - x.count || x.tag.localeCompare(y.tag));
  return {
    failures: { checks, tags: tagList },
    gate: { passed: violations.length === 0, violations: violations.length, checks: authorityChecks, list: violations },
  };
}
