import type { CheckHead, RolloutHead } from "@/lib/store/records";
import type { BundleRollout, DetailChunk } from "./bundle-data";

/*
 * A details chunk as rows of indices into one table of distinct values. A run of 100,000 rollouts holds over a
 * million checks whose field names, labels, statuses and verdicts repeat: each distinct value is written once
 * per chunk, each distinct check (as its row of value indices) once, and a rollout is a row of value indices.
 * Decoded values are shared between rows: readers must not mutate them.
 */

/** The fields of a check head in the order a check row holds them. */
const CHECK_FIELDS = [
  "order",
  "key",
  "label",
  "passed",
  "score",
  "required",
  "dimension",
  "status",
  "weight",
  "detail",
  "reason",
  "failureTag",
  "evidenceRefs",
  "evidenceCount",
  "metadata",
] as const satisfies readonly (keyof CheckHead)[];

/** A rollout row's own fields beside its head's (a head has a `trace` summary of its own). */
const OWN = {
  checks: "@checks",
  trialTexts: "@trialTexts",
  stateDiff: "@stateDiff",
  trace: "@trace",
  evidence: "@evidence",
};

class Interned<T> {
  readonly list: T[] = [];
  readonly #index = new Map<string, number>();

  add(value: T): number {
    // Primitives are keyed without JSON.stringify: a chunk interns about two million values.
    const id =
      typeof value === "string"
        ? `s${value}`
        : typeof value === "object" && value !== null
          ? `j${JSON.stringify(value)}`
          : `p${String(value)}`;
    let at = this.#index.get(id);
    if (at === undefined) {
      at = this.list.length;
      this.list.push(value);
      this.#index.set(id, at);
    }
    return at;
  }
}

/** Builds one details chunk, rollout by rollout. */
export class ChunkPacker {
  readonly #values = new Interned<unknown>();
  readonly #checks = new Interned<number[]>();
  readonly #keys: string[] = [];
  readonly #keyAt = new Map<string, number>();
  readonly #checkAt = new Map<string, number>();
  readonly chunk: DetailChunk;

  constructor() {
    this.chunk = { values: this.#values.list, checkRows: this.#checks.list, rolloutKeys: this.#keys, tasks: [] };
  }

  #slot(key: string): number {
    let at = this.#keyAt.get(key);
    if (at === undefined) {
      at = this.#keys.length;
      this.#keys.push(key);
      this.#keyAt.set(key, at);
    }
    return at;
  }

  /** A check's row index: its whole JSON looked up first, its values interned only when it is new. */
  #check(check: CheckHead): number {
    const id = JSON.stringify(CHECK_FIELDS.map((f) => check[f]));
    let at = this.#checkAt.get(id);
    if (at === undefined) {
      at = this.#checks.add(CHECK_FIELDS.map((f) => this.#values.add(check[f])));
      this.#checkAt.set(id, at);
    }
    return at;
  }

  /** A rollout as a row: each field's value index at its key's slot, -1 where it has no such field. */
  rollout(rollout: BundleRollout, checks: readonly CheckHead[]): number[] {
    const fields: [string, unknown][] = [
      ...Object.entries(rollout.head),
      [OWN.checks, checks.map((c) => this.#check(c))],
      [OWN.trialTexts, rollout.trialTexts],
      [OWN.stateDiff, rollout.stateDiff],
      [OWN.trace, rollout.trace],
      [OWN.evidence, rollout.evidence],
    ];
    const row: number[] = [];
    for (const [key, value] of fields) {
      const at = this.#slot(key);
      while (row.length < at) row.push(-1);
      row[at] = this.#values.add(value);
    }
    return row;
  }
}

/** A rollout of a details chunk, its checks decoded. */
export interface UnpackedRollout extends Omit<BundleRollout, "checks"> {
  checks: CheckHead[];
}

export function unpackRollout(chunk: DetailChunk, row: readonly number[]): UnpackedRollout {
  const fields: Record<string, unknown> = {};
  chunk.rolloutKeys.forEach((key, i) => {
    const at = row[i];
    if (at !== undefined && at >= 0) fields[key] = chunk.values[at];
  });
  const { [OWN.checks]: checks, [OWN.trialTexts]: trialTexts, [OWN.stateDiff]: stateDiff } = fields;
  const { [OWN.trace]: trace, [OWN.evidence]: evidence, ...head } = fields;
  for (const own of [OWN.checks, OWN.trialTexts, OWN.stateDiff]) delete head[own];
  return {
    head: head as unknown as RolloutHead,
    checks: (checks as number[]).map((c) => {
      const check: Record<string, unknown> = {};
      chunk.checkRows[c]!.forEach((v, i) => (check[CHECK_FIELDS[i]!] = chunk.values[v]));
      return check as unknown as CheckHead;
    }),
    trialTexts: trialTexts as BundleRollout["trialTexts"],
    stateDiff: stateDiff as BundleRollout["stateDiff"],
    trace: trace as BundleRollout["trace"],
    evidence: evidence as BundleRollout["evidence"],
  };
}
