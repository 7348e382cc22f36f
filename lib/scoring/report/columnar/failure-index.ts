import type { AuthorityGate, FailedCheckReport, Report } from "../report-types";
import type { ColumnModel } from "./column-model";
import type { ScoredColumns } from "./scored-columns";

type Violation = AuthorityGate["list"][number];

/** The violations of a task that has none: one list for all of them (never added to). */
const NONE: Violation[] = [];

/**
 * The failures table and the authority gate (report-failures.ts) summed from each task's part of them
 * (ScoredColumns' slots), kept up to date task by task: a task re-scored is taken out (`remove`, before it is
 * scored again) and put back (`add`), its counts subtracted and added as integers, so the result is the one a
 * pass over every check gives. Orders follow the checks: a row's failing tasks in order of their first failure,
 * rows and tags in order of their first occurrence before sorting, violations in check order.
 */
export class FailureIndex {
  private readonly rollouts: Int32Array;
  private readonly failures: Int32Array;
  private readonly first: Int32Array;
  /** Per identity: the task slots with a failure, in order of their first failure. */
  private readonly failing: number[][];
  private readonly rows: (FailedCheckReport | null)[];
  /** Identities whose row or first occurrence must be computed again. */
  private readonly touched = new Set<number>();
  private readonly firstStale = new Set<number>();
  private readonly tagCount: Int32Array;
  private readonly tagFirst: Int32Array;
  private readonly tagFirstStale = new Set<number>();
  private authorityChecks = 0;
  private readonly violations: (Violation[] | null)[];
  /** Per task slot, what `remove` took out: a row is made again only when `add` puts back something else. */
  private readonly was: Int32Array;

  constructor(private readonly state: ScoredColumns) {
    const model = state.model;
    const identities = model.identities.length;
    this.rollouts = new Int32Array(identities);
    this.failures = new Int32Array(identities);
    this.first = new Int32Array(identities).fill(-1);
    this.failing = Array.from({ length: identities }, () => []);
    this.rows = new Array<FailedCheckReport | null>(identities).fill(null);
    this.tagCount = new Int32Array(model.columns.tagStrings.length);
    this.tagFirst = new Int32Array(model.columns.tagStrings.length).fill(-1);
    this.violations = new Array<Violation[] | null>(model.tasks.length).fill(null);
    this.was = new Int32Array(4 * model.slotIdentity.length);
  }

  private get model(): ColumnModel {
    return this.state.model;
  }

  /** Takes task t's part out, before it is scored again. */
  remove(t: number): void {
    const { model, state } = this;
    for (let k = model.slotStart[t]!; k < model.slotStart[t + 1]!; k++) {
      const id = model.slotIdentity[k]!;
      this.was[4 * k] = state.slotRollouts[k]!;
      this.was[4 * k + 1] = state.slotFailures[k]!;
      this.was[4 * k + 2] = state.slotFirst[k]!;
      this.was[4 * k + 3] = state.slotFirstFail[k]!;
      this.rollouts[id]! -= state.slotRollouts[k]!;
      if (state.slotFirst[k] === this.first[id] && this.first[id] !== -1) this.firstStale.add(id);
      if (state.slotFailures[k]! > 0) {
        this.failures[id]! -= state.slotFailures[k]!;
        const list = this.failing[id]!;
        list.splice(this.find(list, state.slotFirstFail[k]!), 1);
      }
    }
    for (let k = model.tagSlotStart[t]!; k < model.tagSlotStart[t + 1]!; k++) {
      const tag = model.tagSlotTag[k]!;
      this.tagCount[tag]! -= state.tagCount[k]!;
      if (state.tagFirst[k] === this.tagFirst[tag] && this.tagFirst[tag] !== -1) this.tagFirstStale.add(tag);
    }
    this.authorityChecks -= state.authorityChecks[t]!;
    this.violations[t] = null;
  }

  /** Puts every task's part in, once all are scored (the index must be new). */
  addAll(): void {
    const { model, state } = this;
    this.bulk = true;
    for (let t = 0; t < model.tasks.length; t++) this.add(t);
    this.bulk = false;
    const fail = state.slotFirstFail;
    for (const list of this.failing) list.sort((a, b) => fail[a]! - fail[b]!);
  }

  private bulk = false;

  /** Puts task t's part in, once it is scored. */
  add(t: number): void {
    const { model, state } = this;
    for (let k = model.slotStart[t]!; k < model.slotStart[t + 1]!; k++) {
      const id = model.slotIdentity[k]!;
      this.rollouts[id]! += state.slotRollouts[k]!;
      const first = state.slotFirst[k]!;
      if (first !== -1 && (this.first[id] === -1 || first < this.first[id]!)) this.first[id] = first;
      if (state.slotFailures[k]! > 0) {
        this.failures[id]! += state.slotFailures[k]!;
        const list = this.failing[id]!;
        if (this.bulk) list.push(k);
        else list.splice(this.find(list, state.slotFirstFail[k]!), 0, k);
      }
      if (
        this.bulk ||
        this.was[4 * k] !== state.slotRollouts[k] ||
        this.was[4 * k + 1] !== state.slotFailures[k] ||
        this.was[4 * k + 3] !== state.slotFirstFail[k]
      )
        this.touched.add(id);
    }
    for (let k = model.tagSlotStart[t]!; k < model.tagSlotStart[t + 1]!; k++) {
      const tag = model.tagSlotTag[k]!;
      this.tagCount[tag]! += state.tagCount[k]!;
      const first = state.tagFirst[k]!;
      if (first !== -1 && (this.tagFirst[tag] === -1 || first < this.tagFirst[tag]!)) this.tagFirst[tag] = first;
    }
    this.authorityChecks += state.authorityChecks[t]!;
  }

  /** Where a slot whose first failure is check `at` is, or goes, in a failing list. */
  private find(list: readonly number[], at: number): number {
    const fail = this.state.slotFirstFail;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fail[list[mid]!]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The failures table and the gate as FailureTally.result gives them. */
  result(): { failures: Report["failures"]; gate: AuthorityGate } {
    const { model, state } = this;
    for (const id of this.firstStale) {
      let first = -1;
      for (let k = model.identitySlotStart[id]!; k < model.identitySlotStart[id + 1]!; k++) {
        const slot = model.identitySlots[k]!;
        const at = state.slotFirst[slot]!;
        if (at !== -1 && (first === -1 || at < first)) first = at;
      }
      this.first[id] = first;
    }
    this.firstStale.clear();
    for (const tag of this.tagFirstStale) {
      let first = -1;
      for (let k = model.tagSlotsStart[tag]!; k < model.tagSlotsStart[tag + 1]!; k++) {
        const slot = model.tagSlots[k]!;
        const at = state.tagCount[slot]! > 0 ? state.tagFirst[slot]! : -1;
        if (at !== -1 && (first === -1 || at < first)) first = at;
      }
      this.tagFirst[tag] = first;
    }
    this.tagFirstStale.clear();
    for (const id of this.touched) this.rows[id] = this.failures[id]! > 0 ? this.row(id) : null;
    this.touched.clear();

    const order: number[] = [];
    for (let id = 0; id < this.rows.length; id++) if (this.rows[id] !== null) order.push(id);
    order.sort((a, b) => this.first[a]! - this.first[b]!);
    const checks = order
      .map((id) => this.rows[id]!)
      .sort(
        (x, y) =>
          y.failures - x.failures ||
          y.failures / y.rollouts - x.failures / x.rollouts ||
          x.label.localeCompare(y.label),
      );
    const tagOrder: number[] = [];
    for (let tag = 0; tag < this.tagCount.length; tag++) if (this.tagCount[tag]! > 0) tagOrder.push(tag);
    tagOrder.sort((a, b) => this.tagFirst[a]! - this.tagFirst[b]!);
    const strings = model.columns.strings;
    const tags = tagOrder
      .map((tag) => ({ tag: strings[model.columns.tagStrings[tag]!]!, count: this.tagCount[tag]! }))
      .sort((x, y) => y.count - x.count || x.tag.localeCompare(y.tag));
    const list = this.violationList();
    return {
      failures: { checks, tags },
      gate: { passed: list.length === 0, violations: list.length, checks: this.authorityChecks, list },
    };
  }

  private row(id: number): FailedCheckReport {
    const { model } = this;
    const { key, label, dimension } = model.identities[id]!;
    const tasks = this.failing[id]!.map((slot) => model.tasks[model.slotTask[slot]!]!.key);
    return { key, label, dimension, failures: this.failures[id]!, rollouts: this.rollouts[id]!, tasks };
  }

  /** Every violation in check order: tasks in the order of their rollouts when each task's rollouts are consecutive. */
  private violationList(): Violation[] {
    const { model, state } = this;
    const list: Violation[] = [];
    const ofTask = (t: number): Violation[] => {
      let own = this.violations[t];
      if (own === null || own === undefined) {
        const at = state.violations[t];
        own = at ? [] : NONE;
        for (let k = 0; at && k < at.length; k += 2) own.push(this.violation(at[k]!, at[k + 1]!));
        this.violations[t] = own;
      }
      return own;
    };
    if (model.blocks) {
      for (const t of model.taskOrder) for (const v of ofTask(t)) list.push(v);
      return list;
    }
    const at: [number, Violation][] = [];
    for (let t = 0; t < model.tasks.length; t++) {
      const checks = state.violations[t];
      if (!checks) continue;
      const own = ofTask(t);
      for (let k = 0; k < own.length; k++) at.push([checks[2 * k + 1]!, own[k]!]);
    }
    return at.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  }

  private violation(r: number, i: number): Violation {
    const c = this.model.columns;
    const seq = c.rolloutSequence[r]!;
    const tmpl = c.sequenceTemplate[c.sequenceStart[seq]! + i - c.checkStart[r]!]!;
    return {
      task: this.model.tasks[c.rolloutTask[r]!]!.key,
      rollout: this.model.ids[r]!,
      check: c.strings[c.templateKey[tmpl]!]!,
      label: c.strings[c.templateLabel[tmpl]!]!,
    };
  }
}
