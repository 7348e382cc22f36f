import { sparseAt } from "../columns/run-of-columns";
import { ROLLOUT_STATUS, UNSCORED, codePassed, codeStatus, type RunColumns } from "../columns/run-columns";
import type { ScoringRollout, ScoringRun } from "../core/types";
import { sameBytes, sameRows } from "../core/same-value";
import { namedTasks } from "./page-report";
import type { NamedTasks } from "./report-types";

/**
 * A run's failed and unscored rollouts grouped by what the verifier and the harness already say: the set of
 * failed required checks, the failure tags, the harness's error type, the error message with its numbers,
 * paths and ids masked, and the last tool called before the failure. No model: two rollouts are in one group
 * exactly when those five agree.
 */

/** What one rollout says about its failure. */
export interface FailureFacts {
  id: string;
  task: string;
  status: "scored" | "unscored";
  /** The verdict as scored; a passed rollout is no failure, whatever error it recorded. */
  passed: boolean;
  /** Keys of the graded required checks that failed. */
  failedRequired: readonly string[];
  /** Failure tags of the failed checks. */
  failureTags: readonly string[];
  /** The harness's error type (Harbor's exception type, Inspect's error category). */
  errorType: string | null;
  message: string | null;
  /** Name of the last tool call in the rollout's trace. */
  lastTool: string | null;
}

export interface FailureGroup {
  /** Stable identity of the group: the same failure in two runs has the same key. */
  key: string;
  /** A short form of the key for URLs (`?failure=` of the rollouts list): 8 hex digits. */
  id: string;
  failedRequired: string[];
  failureTags: string[];
  errorType: string | null;
  /** The message as masked (maskErrorMessage); null when no rollout of the group recorded one. */
  message: string | null;
  lastTool: string | null;
  count: number;
  /** How many of them are unscored (the rest scored and failed). */
  unscored: number;
  /** count / the run's rollouts. */
  share: number;
  /** Task keys, sorted. */
  tasks: string[];
  /** The first rollouts of the group, in run order (at most EXAMPLES_PER_GROUP). */
  examples: string[];
}

export const EXAMPLES_PER_GROUP = 3;

/** Task keys a group names on the run page; it counts the rest. */
export const GROUP_TASKS_NAMED = 3;

/**
 * A failure group as the run page's worker sends it: its first GROUP_TASKS_NAMED task keys and how many it has.
 * At 100,000 rollouts the groups' whole task lists are over a megabyte for the page to receive at every flip.
 */
export type PageFailureGroup = Omit<FailureGroup, "tasks"> & NamedTasks;

const pageGroupsOf = new WeakMap<readonly FailureGroup[], PageFailureGroup[]>();

/** The groups as the run page gets them: the same list for the same groups, so they go again only when changed. */
export function pageFailureGroups(groups: readonly FailureGroup[]): PageFailureGroup[] {
  let page = pageGroupsOf.get(groups);
  if (page === undefined) {
    page = groups.map((g) => ({ ...g, ...namedTasks(g.tasks, GROUP_TASKS_NAMED) }));
    pageGroupsOf.set(groups, page);
  }
  return page;
}
/** Characters of a masked message kept: enough to tell failures apart, bounded for a 1 MB stack trace. */
export const MESSAGE_LIMIT = 200;

const MASKS: ReadonlyArray<[RegExp, string]> = [
  [/\bhttps?:\/\/\S+/gi, "<url>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>"],
  // Absolute, home, dot-relative and Windows paths, then relative ones with a folder (src/dates.py).
  [/(?<![\w<])(?:[A-Za-z]:\\|~\/|\.{1,2}\/|\/)[\w.@+\-/\\]*/g, "<path>"],
  [/\b[\w.-]+(?:\/[\w.-]+)+/g, "<path>"],
  // Hex and mixed letter-digit tokens of 8 or more (hashes, trial suffixes, call ids) are ids.
  [/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{8,}\b/g, "<id>"],
  [/\b0x[0-9a-f]+\b/gi, "<n>"],
  // A number may run into its unit ("12.5s", "3s"): both mask to "<n>s".
  [/-?\b\d+(?:[.,]\d+)*(?:e[+-]?\d+)?/gi, "<n>"],
];

/**
 * An error message with what varies between two occurrences of one failure masked: URLs, UUIDs, paths, ids,
 * numbers. Whitespace collapsed; at most MESSAGE_LIMIT characters (then "…"). Only the first MESSAGE_LIMIT × 20
 * characters are read, so a huge trace-back costs what a short one does.
 */
export function maskErrorMessage(text: string): string {
  let out = text.slice(0, MESSAGE_LIMIT * 20);
  for (const [pattern, mask] of MASKS) out = out.replace(pattern, mask);
  out = out.replace(/\s+/g, " ").trim();
  return out.length <= MESSAGE_LIMIT ? out : `${out.slice(0, MESSAGE_LIMIT - 1)}…`;
}

/** The facts of a rollout as scoring holds it (its checks and its recorded failure), with its verdict. */
export function failureFactsOf(
  rollout: Pick<ScoringRollout, "id" | "task" | "status" | "checks" | "failure">,
  passed: boolean,
): FailureFacts {
  const failed = rollout.checks.filter((c) => c.status === "graded" && c.passed === false);
  return {
    id: rollout.id,
    task: rollout.task,
    status: rollout.status,
    passed,
    failedRequired: [...new Set(failed.filter((c) => c.required).map((c) => c.key))].sort(),
    failureTags: [...new Set(failed.flatMap((c) => (c.failureTag === null ? [] : [c.failureTag])))].sort(),
    errorType: rollout.failure?.errorType ?? null,
    message: rollout.failure?.message ?? null,
    lastTool: rollout.failure?.lastTool ?? null,
  };
}

/** Whether a rollout is a failure: unscored, or scored and not passed. */
export const isFailure = (f: Pick<FailureFacts, "status" | "passed">): boolean => f.status === "unscored" || !f.passed;

type GroupParts = Pick<FailureGroup, "failedRequired" | "failureTags" | "errorType" | "message" | "lastTool">;

/** What a failed rollout is grouped by, normalised (sorted sets, trimmed type, masked message). */
function partsOf(f: FailureFacts): GroupParts {
  const errorType = f.errorType?.trim() || null;
  const message = f.message !== null && f.message.trim() !== "" ? maskErrorMessage(f.message) : null;
  return {
    failedRequired: [...new Set(f.failedRequired)].sort(),
    failureTags: [...new Set(f.failureTags)].sort(),
    errorType,
    // A message that only repeats the type (a Harbor job file lists no messages) says nothing more.
    message: message === errorType ? null : message,
    lastTool: f.lastTool,
  };
}

const keyOf = (p: GroupParts): string =>
  JSON.stringify([p.failedRequired, p.failureTags, p.errorType, p.message, p.lastTool]);

/** FNV-1a over the key's UTF-16 units, as 8 hex digits: short enough for a URL, stable across runs. */
export function groupIdOf(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The key of the group a failed rollout falls in. */
export const groupKeyOf = (f: FailureFacts): string => keyOf(partsOf(f));

/** A failed rollout as grouping reads it: its group's key and parts, its task, status and id. */
interface Grouped {
  key: string;
  parts: GroupParts;
  id: string;
  task: string;
  status: FailureFacts["status"];
}

const groupedOf = (f: FailureFacts): Grouped => {
  const parts = partsOf(f);
  return { key: keyOf(parts), parts, id: f.id, task: f.task, status: f.status };
};

/** The run's failures grouped, most rollouts first (then by key). `total` is the run's rollout count. */
export function failureGroups(facts: readonly FailureFacts[], total = facts.length): FailureGroup[] {
  return groupFailures(facts.filter(isFailure).map(groupedOf), total);
}

function groupFailures(failed: Iterable<Grouped>, total: number): FailureGroup[] {
  const groups = new Map<string, FailureGroup & { taskSet: Set<string> }>();
  for (const f of failed) {
    const { key } = f;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        id: groupIdOf(key),
        ...f.parts,
        count: 0,
        unscored: 0,
        share: 0,
        tasks: [],
        examples: [],
        taskSet: new Set(),
      };
      groups.set(key, group);
    }
    group.count += 1;
    if (f.status === "unscored") group.unscored += 1;
    group.taskSet.add(f.task);
    if (group.examples.length < EXAMPLES_PER_GROUP) group.examples.push(f.id);
  }
  return sortFailureGroups(
    [...groups.values()].map(({ taskSet, ...group }) => ({
      ...group,
      share: total > 0 ? group.count / total : 0,
      tasks: [...taskSet].sort(),
    })),
    "count",
  );
}

export type FailureGroupSort = "count" | "tasks" | "errorType" | "message" | "lastTool";

const text = (v: string | null) => v ?? "";

/** Groups ordered by a column: counts most first, names A→Z with the empty last; ties by key. */
export function sortFailureGroups<G extends FailureGroup | PageFailureGroup>(
  groups: readonly G[],
  by: FailureGroupSort,
): G[] {
  const byKey = (a: G, b: G) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const tasks = (g: G) => ("taskCount" in g ? g.taskCount : g.tasks.length);
  const compare: Record<FailureGroupSort, (a: G, b: G) => number> = {
    count: (a, b) => b.count - a.count,
    tasks: (a, b) => tasks(b) - tasks(a) || b.count - a.count,
    errorType: (a, b) =>
      Number(a.errorType === null) - Number(b.errorType === null) || text(a.errorType).localeCompare(text(b.errorType)),
    message: (a, b) =>
      Number(a.message === null) - Number(b.message === null) || text(a.message).localeCompare(text(b.message)),
    lastTool: (a, b) =>
      Number(a.lastTool === null) - Number(b.lastTool === null) || text(a.lastTool).localeCompare(text(b.lastTool)),
  };
  return [...groups].sort((a, b) => compare[by](a, b) || byKey(a, b));
}

/** Rollout ids of a group, in run order, for filtering the rollouts list by it. */
export function rolloutsInGroup(facts: readonly FailureFacts[], key: string): string[] {
  return facts.filter((f) => isFailure(f) && groupKeyOf(f) === key).map((f) => f.id);
}

export interface FailureGroupChange {
  key: string;
  group: FailureGroup;
  before: number;
  after: number;
  /** "grew from 3 to 19", "shrank from 5 to 1", "new: 4", "gone (was 2)", "unchanged at 7". */
  change: string;
}

/** One run's groups beside another's, matched by key; the largest change first. */
export function compareFailureGroups(
  before: readonly FailureGroup[],
  after: readonly FailureGroup[],
): FailureGroupChange[] {
  const a = new Map(before.map((g) => [g.key, g]));
  const b = new Map(after.map((g) => [g.key, g]));
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys
    .map((key) => {
      const was = a.get(key)?.count ?? 0;
      const now = b.get(key)?.count ?? 0;
      const change =
        was === 0
          ? `new: ${now}`
          : now === 0
            ? `gone (was ${was})`
            : now > was
              ? `grew from ${was} to ${now}`
              : now < was
                ? `shrank from ${was} to ${now}`
                : `unchanged at ${now}`;
      return { key, group: (b.get(key) ?? a.get(key))!, before: was, after: now, change };
    })
    .sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before) || (x.key < y.key ? -1 : 1));
}

/**
 * The failure groups of a run as a report scored it (the report's verdicts, under its scenario): the
 * `failureGroups` of the report JSON. Rollouts are matched by id.
 */
export function failureGroupsOf(
  run: Pick<ScoringRun, "rollouts">,
  verdicts: readonly { id: string; passed: boolean }[],
): FailureGroup[] {
  return failureGroups(runFailureFacts(run, verdicts), run.rollouts.length);
}

/** What decides a rollout's group in a run's columns: its sequence, its graded failed positions, its failure. */
function signatureAt(c: RunColumns, r: number): string {
  let failed = "";
  for (let i = c.checkStart[r]!, j = 0; i < c.checkStart[r + 1]!; i++, j++) {
    const code = c.checkCode[i]!;
    // Graded (status 0) and failed (verdict 0).
    if (codeStatus(code) === 0 && codePassed(code) === 0) failed += `${j},${c.checkTag[i]},`;
  }
  const f = sparseAt(c.failure.at, r);
  const failure = f < 0 ? "" : `${c.failure.errorType[f]},${c.failure.message[f]},${c.failure.lastTool[f]}`;
  return `${c.rolloutSequence[r]}|${failed}|${failure}`;
}

/** failureFactsOf rollout r of a run's columns, read from its checks' codes and templates (no objects). */
function factsAt(c: RunColumns, r: number, id: string): FailureFacts {
  const s = c.strings;
  const required = new Set<string>();
  const tags = new Set<string>();
  const from = c.sequenceStart[c.rolloutSequence[r]!]!;
  for (let i = c.checkStart[r]!, j = 0; i < c.checkStart[r + 1]!; i++, j++) {
    const code = c.checkCode[i]!;
    if (codeStatus(code) !== 0 || codePassed(code) !== 0) continue;
    const t = c.sequenceTemplate[from + j]!;
    if (c.templateRequired[t] === 1) required.add(s[c.templateKey[t]!]!);
    const tag = c.checkTag[i]!;
    if (tag !== 0) tags.add(s[c.tagStrings[tag - 1]!]!);
  }
  const f = sparseAt(c.failure.at, r);
  const text = (id: number | undefined) => (id === undefined || id < 0 ? null : s[id]!);
  return {
    id,
    task: s[c.taskKey[c.rolloutTask[r]!]!]!,
    status: ROLLOUT_STATUS[c.rolloutStatus[r]!]!,
    passed: false,
    failedRequired: [...required].sort(),
    failureTags: [...tags].sort(),
    errorType: f < 0 ? null : text(c.failure.errorType[f]),
    message: f < 0 ? null : text(c.failure.message[f]),
    lastTool: f < 0 ? null : text(c.failure.lastTool[f]),
  };
}

/**
 * Per run's columns, each rollout's group as read the first time it failed (no scenario changes it), as an index
 * into the run's groups (-1: not read yet), and each group's index by signature (signatureAt) and by key:
 * rollouts that fail alike share one group, and no object is kept per rollout.
 */
const groupedByColumns = new WeakMap<
  RunColumns,
  {
    groupOf: Int32Array;
    groups: Pick<Grouped, "key" | "parts">[];
    bySignature: Map<string, number>;
    byKey: Map<string, number>;
    /** The last answer and the verdicts it was for: a scenario that keeps every verdict keeps it. */
    last?: { verdicts: Verdicts; groups: FailureGroup[] };
    /** The run's task keys sorted, and each task's key's place among them: a group's tasks sort as numbers. */
    keys?: { sorted: string[]; rankOf: Int32Array };
  }
>();

/** The run's distinct task keys in sort order (String's, as `[...keys].sort()`), and each task's key's place. */
function taskKeyRanks(c: RunColumns): { sorted: string[]; rankOf: Int32Array } {
  const keyOf = (t: number) => c.strings[c.taskKey[t]!]!;
  const sorted = [...new Set(Array.from(c.taskKey, (_, t) => keyOf(t)))].sort();
  const place = new Map(sorted.map((key, i) => [key, i]));
  return { sorted, rankOf: Int32Array.from(c.taskKey, (_, t) => place.get(keyOf(t))!) };
}

/**
 * A report's verdicts: its rollout rows, or each rollout's verdict in run order as bits (1 passed, RolloutFacts'
 * `passed`), which a report scored from columns gives without making a row per rollout.
 */
export type Verdicts = readonly { id: string; passed: boolean }[] | Uint8Array;

/** Verdicts are the same when they are the same list, bits of the same values, or rows holding the same objects. */
function sameVerdicts(a: Verdicts, b: Verdicts): boolean {
  if (a === b) return true;
  if (a instanceof Uint8Array || b instanceof Uint8Array)
    return a instanceof Uint8Array && b instanceof Uint8Array && sameBytes(a, b);
  return sameRows(a, b);
}

/** Each rollout's verdict in run order: read by position when `verdicts` is in run order (a report's rows). */
function passedInRunOrder(ids: () => readonly string[], verdicts: Verdicts): ArrayLike<boolean | number> {
  if (verdicts instanceof Uint8Array) return verdicts;
  const all = ids();
  if (verdicts.length === all.length && verdicts.every((v, r) => v.id === all[r])) return verdicts.map((v) => v.passed);
  const passed = new Map(verdicts.map((v) => [v.id, v.passed]));
  return all.map((id) => passed.get(id) === true);
}

/** A run's failed and unscored rollouts under `verdicts`, in run order, each given its group (kept with the columns). */
function failingOfColumns(c: RunColumns, verdicts: Verdicts): number[] {
  const n = c.rolloutTask.length;
  const kept = keptOf(c, n);
  const { groupOf, groups, bySignature, byKey } = kept;
  const passed = passedInRunOrder(() => c.rolloutId.all(), verdicts);
  const failing: number[] = [];
  for (let r = 0; r < n; r++) {
    if (c.rolloutStatus[r] !== UNSCORED && passed[r]) continue;
    failing.push(r);
    if (groupOf[r] !== -1) continue;
    const signature = signatureAt(c, r);
    let g = bySignature.get(signature);
    if (g === undefined) {
      const { key, parts } = groupedOf(factsAt(c, r, c.rolloutId.at(r)));
      g = byKey.get(key);
      if (g === undefined) byKey.set(key, (g = groups.push({ key, parts }) - 1));
      bySignature.set(signature, g);
    }
    groupOf[r] = g;
  }
  return failing;
}

function keptOf(c: RunColumns, rollouts: number) {
  let kept = groupedByColumns.get(c);
  if (!kept)
    groupedByColumns.set(
      c,
      (kept = { groupOf: new Int32Array(rollouts).fill(-1), groups: [], bySignature: new Map(), byKey: new Map() }),
    );
  return kept;
}

/**
 * failureGroupsOf a run's columns, for scenario after scenario: only its failed and unscored rollouts are read,
 * from their checks' codes, and which group each falls in is kept with the columns (a scenario changes
 * verdicts, never the facts). Counted per group in run order: the same groups as failureGroups of the rows.
 * Bits given as `verdicts` are kept to compare with the next: the caller must not change them after.
 */
export function failureGroupsOfColumns(c: RunColumns, verdicts: Verdicts): FailureGroup[] {
  const kept = keptOf(c, c.rolloutTask.length);
  if (kept.last && sameVerdicts(kept.last.verdicts, verdicts)) return kept.last.groups;
  const failing = failingOfColumns(c, verdicts);
  const keys = (kept.keys ??= taskKeyRanks(c));
  const found = new Map<number, { count: number; unscored: number; tasks: Set<number>; examples: string[] }>();
  for (const r of failing) {
    const g = kept.groupOf[r]!;
    let group = found.get(g);
    if (!group) found.set(g, (group = { count: 0, unscored: 0, tasks: new Set(), examples: [] }));
    group.count += 1;
    if (c.rolloutStatus[r] === UNSCORED) group.unscored += 1;
    group.tasks.add(keys.rankOf[c.rolloutTask[r]!]!);
    if (group.examples.length < EXAMPLES_PER_GROUP) group.examples.push(c.rolloutId.at(r));
  }
  const total = c.rolloutTask.length;
  const groups = sortFailureGroups(
    [...found].map(([g, { count, unscored, tasks, examples }]) => {
      const { key, parts } = kept.groups[g]!;
      return {
        key,
        id: groupIdOf(key),
        ...parts,
        count,
        unscored,
        share: total > 0 ? count / total : 0,
        tasks: Array.from(Int32Array.from(tasks).sort(), (rank) => keys.sorted[rank]!),
        examples,
      };
    }),
    "count",
  );
  kept.last = { verdicts, groups };
  return groups;
}

/** Each failed or unscored rollout's failure group id (FailureGroup.id) by rollout id, from the run's columns. */
export function failureGroupIdsOfColumns(c: RunColumns, verdicts: Verdicts): Map<string, string> {
  const kept = keptOf(c, c.rolloutTask.length);
  const idOf = new Map<number, string>();
  const out = new Map<string, string>();
  for (const r of failingOfColumns(c, verdicts)) {
    const g = kept.groupOf[r]!;
    let id = idOf.get(g);
    if (id === undefined) idOf.set(g, (id = groupIdOf(kept.groups[g]!.key)));
    out.set(c.rolloutId.at(r), id);
  }
  return out;
}

/** Every rollout's failure facts, in run order, with the report's verdicts. */
export function runFailureFacts(
  run: Pick<ScoringRun, "rollouts">,
  verdicts: readonly { id: string; passed: boolean }[],
): FailureFacts[] {
  const passed = passedInRunOrder(() => run.rollouts.map((r) => r.id), verdicts);
  return run.rollouts.map((r, i) => failureFactsOf(r, passed[i] === true));
}

/**
 * What a group has in common, in words ("RuntimeError · “exit code <n>” · failed C1, C2 · tags WRONG · last
 * tool bash"); a group with none of these is the rollouts that failed with nothing recorded but their verdict.
 */
export function describeFailureGroup(g: Pick<FailureGroup, GroupField>): string {
  const parts: string[] = [];
  if (g.errorType !== null) parts.push(g.errorType);
  if (g.message !== null) parts.push(`“${g.message}”`);
  if (g.failedRequired.length > 0) parts.push(`failed ${g.failedRequired.join(", ")}`);
  if (g.failureTags.length > 0)
    parts.push(`${g.failureTags.length === 1 ? "tag" : "tags"} ${g.failureTags.join(", ")}`);
  if (g.lastTool !== null) parts.push(`last tool ${g.lastTool}`);
  return parts.length > 0 ? parts.join(" · ") : "no error, check or tag recorded";
}

type GroupField = "errorType" | "message" | "failedRequired" | "failureTags" | "lastTool";
