import type { AuthorityGate, FailedCheckReport, Report } from "./report-types";
import type { ScenarioEdits } from "../scenario/apply-scenario";
import { isGraded } from "../core/rollout";
import type { RunIndex } from "../core/run-index";
import type { ScoringCheck, ScoringRollout } from "../core/types";

/** Per check identity (see RunIndex.identities): rollouts grading it as required, failures, failing tasks. */
class RequiredTally {
  readonly rollouts: Int32Array;
  readonly failures: Int32Array;
  /** Identities in order of their first graded required occurrence: the table's order before sorting. */
  readonly order: number[] = [];
  /** Failing tasks per identity, aligned with `order` (slot[id] is the identity's place in it). */
  readonly tasks: string[][] = [];
  private readonly slot: Int32Array;
  /** The task row that last failed each identity (rollouts of a task usually come together), and every pair. */
  private readonly lastTask: Int32Array;
  private readonly seen = new Set<number>();

  constructor(
    identities: number,
    private readonly taskCount: number,
  ) {
    this.rollouts = new Int32Array(identities);
    this.failures = new Int32Array(identities);
    this.slot = new Int32Array(identities);
    this.lastTask = new Int32Array(identities).fill(-1);
  }

  add(id: number, failed: boolean, taskRow: number, task: string): void {
    if (this.rollouts[id] === 0) {
      this.slot[id] = this.order.length;
      this.order.push(id);
      this.tasks.push([]);
    }
    this.rollouts[id]! += 1;
    if (!failed) return;
    this.failures[id]! += 1;
    if (this.lastTask[id] === taskRow) return;
    this.lastTask[id] = taskRow;
    const pair = id * this.taskCount + taskRow;
    if (this.seen.has(pair)) return;
    this.seen.add(pair);
    this.tasks[this.slot[id]!]!.push(task);
  }
}

/**
 * What the failures table and the authority gate count, fed one graded check at a time: by the whole-run
 * scorer (score-rollouts.ts), in its one pass over the checks, or by failuresAndGate.
 */
export class FailureTally {
  private readonly required: RequiredTally;
  private readonly tagCount: Int32Array;
  /** Tags in order of their first failure: the tag list's order before sorting. */
  private readonly tagOrder: number[] = [];
  private readonly violations: AuthorityGate["list"] = [];
  private authorityChecks = 0;
  private readonly authority: number;

  constructor(private readonly index: RunIndex) {
    this.required = new RequiredTally(index.identities.length, index.tasks.length);
    this.tagCount = new Int32Array(index.tags.length);
    this.authority = index.metrics.indexOf("authority");
  }

  /** Graded check `c`, number i in RunIndex numbering, of rollout r. */
  graded(c: ScoringCheck, i: number, rollout: ScoringRollout, r: number): void {
    const failed = c.passed === false;
    if (this.index.checkColumn[i] === this.authority) {
      this.authorityChecks += 1;
      if (failed) this.violations.push({ task: rollout.task, rollout: rollout.id, check: c.key, label: c.label });
    }
    const tag = this.index.checkTag[i]!;
    if (failed && tag >= 0 && this.tagCount[tag]!++ === 0) this.tagOrder.push(tag);
    if (c.required) this.required.add(this.index.checkIdentity[i]!, failed, this.index.rolloutTask[r]!, rollout.task);
  }

  /**
   * - the authority gate (zero violations: every graded authority check of the run passed);
   * - most-failed required checks (most failures first, then highest failure rate), one entry per
   *   (dimension, key, label), so a shared rubric item adds up across tasks while unrelated "C1"s stay apart;
   * - failure tags of failed checks, most frequent first.
   */
  result(): { failures: Report["failures"]; gate: AuthorityGate } {
    const { required, tagCount, violations, index } = this;
    const checks = required.order
      .map((id, k): FailedCheckReport => {
        const { key, label, dimension } = index.identities[id]!;
        return {
          key,
          label,
          dimension,
          failures: required.failures[id]!,
          rollouts: required.rollouts[id]!,
          tasks: required.tasks[k]!,
        };
      })
      .filter((c) => c.failures > 0)
      .sort(
        (x, y) =>
          y.failures - x.failures ||
          y.failures / y.rollouts - x.failures / x.rollouts ||
          x.label.localeCompare(y.label),
      );
    const tags = this.tagOrder
      .map((tag) => ({ tag: index.tags[tag]!, count: tagCount[tag]! }))
      .sort((x, y) => y.count - x.count || x.tag.localeCompare(y.tag));
    return {
      failures: { checks, tags },
      gate: {
        passed: violations.length === 0,
        violations: violations.length,
        checks: this.authorityChecks,
        list: violations,
      },
    };
  }
}

/**
 * The failures table and authority gate (see FailureTally.result) over the graded checks of every rollout,
 * scored or not, its checks as `edits` leaves them; `index` is the run's RunIndex, whose per-check
 * identities and tags spare every string lookup.
 */
export function failuresAndGate(
  rollouts: readonly ScoringRollout[],
  index: RunIndex,
  edits: Pick<ScenarioEdits, "checks"> = { checks: rollouts.map((r) => r.checks) },
): { failures: Report["failures"]; gate: AuthorityGate } {
  const tally = new FailureTally(index);
  rollouts.forEach((rollout, r) => {
    const checks = edits.checks[r]!;
    const start = index.checkStart[r]!;
    for (let j = 0; j < checks.length; j++) if (isGraded(checks[j]!)) tally.graded(checks[j]!, start + j, rollout, r);
  });
  return tally.result();
}
