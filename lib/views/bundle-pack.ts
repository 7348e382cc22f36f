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

/** Whether Interned finds a value by its JSON (objects) or by itself (primitives: a Map tells "1", 1 and true apart). */
const byJson = (value: unknown) => typeof value === "object" && value !== null;

class Interned<T> {
  readonly list: T[] = [];
  readonly #primitives = new Map<unknown, number>();
  readonly #objects = new Map<string, number>();

  /** `key`: the value's JSON when `json`, else the value. */
  add(value: T, json = byJson(value), key: unknown = json ? JSON.stringify(value) : value): number {
    const index = json ? this.#objects : this.#primitives;
    let at = index.get(key);
    if (at === undefined) {
      at = this.list.length;
      this.list.push(value);
      index.set(key, at);
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
  readonly #checkOf = new WeakMap<object, number>();
  /** By slot: the last rollout's value there (its JSON for an object) and its index. */
  readonly #lastAt = { json: [] as boolean[], id: [] as unknown[], index: [] as number[] };
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

  /**
   * A check's row index: the same object is looked up first (callers share equal checks, and its head is made
   * only on first sight), then its head's whole JSON; its values are interned only when it is new.
   */
  #check<C extends object>(check: C, headOf: (check: C) => CheckHead): number {
    let at = this.#checkOf.get(check);
    if (at !== undefined) return at;
    const head = headOf(check);
    const id = JSON.stringify(CHECK_FIELDS.map((f) => head[f]));
    at = this.#checkAt.get(id);
    if (at === undefined) {
      at = this.#checks.add(CHECK_FIELDS.map((f) => this.#values.add(head[f])));
      this.#checkAt.set(id, at);
    }
    this.#checkOf.set(check, at);
    return at;
  }

  /**
   * A rollout as a row: each field's value index at its key's slot, -1 where it has no such field. Its checks
   * are heads, or any objects with `headOf` making their heads (called once per object a chunk sees).
   */
  rollout(rollout: BundleRollout, checks: readonly CheckHead[]): number[];
  rollout<C extends object>(rollout: BundleRollout, checks: readonly C[], headOf: (check: C) => CheckHead): number[];
  rollout(
    rollout: BundleRollout,
    checks: readonly object[],
    headOf: (check: object) => CheckHead = (check) => check as CheckHead,
  ): number[] {
    // The checks' values are interned before the head's: the order values are listed in.
    const checkRows = checks.map((c) => this.#check(c, headOf));
    const row: number[] = [];
    const put = (key: string, value: unknown) => {
      const at = this.#slot(key);
      while (row.length < at) row.push(-1);
      // Most fields repeat the rollout before's value (its status, its nulls): compared without a lookup.
      const json = byJson(value);
      const id = json ? JSON.stringify(value) : value;
      const last = this.#lastAt;
      if (last.json[at] === json && last.id[at] === id && last.index[at] !== undefined) row[at] = last.index[at];
      else {
        row[at] = this.#values.add(value, json, id);
        last.json[at] = json;
        last.id[at] = id;
        last.index[at] = row[at];
      }
    };
    const head = rollout.head as unknown as Record<string, unknown>;
    for (const key in head) put(key, head[key]);
    put(OWN.checks, checkRows);
    put(OWN.trialTexts, rollout.trialTexts);
    put(OWN.stateDiff, rollout.stateDiff);
    put(OWN.trace, rollout.trace);
    put(OWN.evidence, rollout.evidence);
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
