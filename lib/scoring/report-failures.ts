import type { AuthorityGate, FailedCheckReport, Report } from "./report-types";
import type { ScenarioEdits } from "./apply-scenario";
import { isGraded } from "./rollout";
import type { RunIndex } from "./run-index";
import type { ScoringRollout } from "./types";

/** Per check identity (see RunIndex.identities): rollouts grading it as required, failures, failing tasks. */
class RequiredTally {
  readonly rollouts: Int32Array;
  readonly failures: Int32Array;
  readonly tasks: string[][] = [];
  /** Identities in order of their first graded required occurrence: the table's order before sorting. */
  readonly order: number[] = [];
  /** The task row that last failed each identity (rollouts of a task usually come together), and every pair. */
  private readonly lastTask: Int32Array;
  private readonly seen = new Set<number>();

  constructor(
    identities: number,
    private readonly taskCount: number,
  ) {
    this.rollouts = new Int32Array(identities);
    this.failures = new Int32Array(identities);
    this.lastTask = new Int32Array(identities).fill(-1);
  }

  add(id: number, failed: boolean, taskRow: number, task: string): void {
    if (this.rollouts[id] === 0) {
      this.order.push(id);
      this.tasks[id] = [];
    }
    this.rollouts[id]! += 1;
    if (!failed) return;
    this.failures[id]! += 1;
    if (this.lastTask[id] === taskRow) return;
    this.lastTask[id] = taskRow;
    const pair = id * this.taskCount + taskRow;
    if (this.seen.has(pair)) return;
    this.seen.add(pair);
    this.tasks[id]!.push(task);
  }
}

/** The scan behind failuresAndGate, one rollout per call (see RolloutScorer in score-rollouts.ts for why). */
class FailureScan {
  readonly required: RequiredTally;
  readonly tagCount: Int32Array;
  /** Tags in order of their first failure: the tag list's order before sorting. */
  readonly tagOrder: number[] = [];
  readonly violations: AuthorityGate["list"] = [];
  authorityChecks = 0;
  private readonly authority: number;

  constructor(
    private readonly index: RunIndex,
    private readonly edits: Pick<ScenarioEdits, "checks">,
  ) {
    this.required = new RequiredTally(index.identities.length, index.tasks.length);
    this.tagCount = new Int32Array(index.tags.length);
    this.authority = index.metrics.indexOf("authority");
  }

  rollout(rollout: ScoringRollout, r: number): void {
    const checks = this.edits.checks[r]!;
    const { checkColumn, checkTag, checkIdentity } = this.index;
    const start = this.index.checkStart[r]!;
    for (let j = 0; j < checks.length; j++) {
      const c = checks[j]!;
      if (!isGraded(c)) continue;
      const failed = c.passed === false;
      if (checkColumn[start + j] === this.authority) {
        this.authorityChecks += 1;
        if (failed) this.violations.push({ task: rollout.task, rollout: rollout.id, check: c.key, label: c.label });
      }
      const tag = checkTag[start + j]!;
      if (failed && tag >= 0 && this.tagCount[tag]!++ === 0) this.tagOrder.push(tag);
      if (c.required) this.required.add(checkIdentity[start + j]!, failed, this.index.rolloutTask[r]!, rollout.task);
    }
  }
}

/**
 * In one pass over the graded checks of every rollout (scored or not) of a run, read through a scenario's
 * edits; `index` is the run's RunIndex, whose per-check identities and tags spare every string lookup here:
 * - the authority gate (zero violations: every graded authority check of the run passed);
 * - most-failed required checks (most failures first, then highest failure rate), one entry per
 *   (dimension, key, label), so a shared rubric item adds up across tasks while unrelated "C1"s stay apart;
 * - failure tags of failed checks, most frequent first.
 */
export function failuresAndGate(
  rollouts: readonly ScoringRollout[],
  index: RunIndex,
  edits: Pick<ScenarioEdits, "checks"> = { checks: rollouts.map((r) => r.checks) },
): { failures: Report["failures"]; gate: AuthorityGate } {
  const scan = new FailureScan(index, edits);
  rollouts.forEach((rollout, r) => scan.rollout(rollout, r));
  const { required, tagCount, violations } = scan;
  const checks: FailedCheckReport[] = required.order
    .filter((id) => required.failures[id]! > 0)
    .map((id) => {
      const { key, label, dimension } = index.identities[id]!;
      return { key, label, dimension, failures: required.failures[id]!, rollouts: required.rollouts[id]!, tasks: required.tasks[id]! };
    })
    .sort((x, y) => y.failures - x.failures || y.failures / y.rollouts - x.failures / x.rollouts || x.label.localeCompare(y.label));
  const tags = scan.tagOrder
    .map((tag) => ({ tag: index.tags[tag]!, count: tagCount[tag]! }))
    .sort((x, y) => y.count - x.count || x.tag.localeCompare(y.tag));
  return {
    failures: { checks, tags },
    gate: { passed: violations.length === 0, violations: violations.length, checks: scan.authorityChecks, list: violations },
  };
}
