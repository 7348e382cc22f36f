/**
 * The Store contract, run on every provider (a real SQLite file; PostgreSQL when TALLY_TEST_POSTGRES_URL is
 * set): every method, and a full round trip of the real fixtures in which every field of every stored rollout
 * and of each of its checks reads back equal to what was parsed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { expandArchives } from "@/lib/archive/unzip";
import { rolloutRowId, runRowId, taskRowId } from "@/lib/db/ids";
import { forEachDatabase } from "@/lib/db/test-databases";
import { fixtureFile, jsonFile, loadFixture, textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { syntheticSiloFiles } from "@/lib/bench/synthetic";
import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile, NormalizedRollout, NormalizedRun, NormalizedTask } from "@/lib/formats/types";
import { ingestFiles, runKeyOf } from "@/lib/ingest/ingest-files";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { asStored, toScoringRollout, toScoringRunWithTraces, traceSummaryOf } from "@/lib/ingest/to-scoring-run";
import { rolloutMeasures } from "@/lib/formats/measures";
import { rolloutVerdict } from "@/lib/scoring/core/rollout";
import { levers } from "@/lib/scoring/report/levers";
import { seriesFactsOf } from "@/lib/scoring/report/series-table";
import { computeReport } from "@/lib/scoring/report/report";
import { measureRow } from "@/lib/scoring/report/effort";
import { runFirstScreen } from "@/lib/scoring/view/first-screen";
import { passRule } from "@/lib/scoring/view/pass-rule";
import { decodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import { createStore } from "./open-store";
import { runEncoding, runSnapshot, sharedRolloutsOf, warmRuns } from "@/lib/views/run-caches";
import { TASKS_PER_READ } from "./rules/rollouts";
import { indexSiloTraceLines } from "@/lib/formats/silo/trace-index";
import { INDEXED_TRACE_BYTES, readIndexedSteps } from "@/lib/formats/trace-index";
import { chunksOf } from "@/lib/traces";
import { runSummaryOf, type CheckDetail, type RolloutDetail } from "./records";
import { checkHeadOf, rolloutHeadOf } from "./to-records";
import { utf8Bytes } from "@/lib/text-head";
import { SharedChecks, type RolloutToStore, type Store } from "./store";

const FIXTURES = [
  "silo-runs",
  "real/silo",
  "harbor-real",
  "benchflow-job",
  "benchflow-real",
  "inspect-real",
  "grade-problem",
  "rubric",
  "tau-bench-real",
  "scoring-article",
];

/** What JSON storage gives back: object keys in any order, undefined members dropped. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const iso = (at: string | null) => (at === null ? null : new Date(at).toISOString());

/** The batch exactly as ingest parses it (archives expanded). */
function parse(files: readonly InputFile[], rootName: string) {
  const expanded = expandArchives([...files]);
  const parsed = parseBatch(expanded.files, { rootName });
  const byPath = new Map([...files, ...expanded.files].map((f) => [f.path, f]));
  return { runs: parsed.runs.filter((r) => r.rollouts.length > 0), byPath, several: parsed.runs.length > 1 };
}

function expectedCheck(c: NormalizedRollout["checks"][number]): CheckDetail {
  return {
    order: c.order,
    key: c.key,
    label: c.label,
    passed: c.passed,
    score: c.score,
    required: c.required,
    dimension: c.dimension,
    status: c.status,
    detail: c.detail,
    weight: c.weight,
    reason: c.reason,
    failureTag: c.failureTag,
    evidenceRefs: c.evidenceRefs,
    metadata: asJson(c.metadata),
  };
}

function expectedRollout(
  runId: string,
  r: NormalizedRollout,
  byPath: ReadonlyMap<string, InputFile>,
): Omit<RolloutDetail, "checks"> {
  const trace = traceSummaryOf(r, byPath);
  return {
    id: r.id,
    taskKey: r.task,
    status: r.status,
    rule: r.rule,
    reportedPassed: r.reportedPassed,
    reportedReward: r.reportedReward,
    terminationReason: r.terminationReason,
    ...rolloutMeasures(r, trace),
    trace: trace === null ? null : asJson(trace),
    agentOutput: r.agentOutput,
    error: r.error,
    errorCategory: r.errorCategory,
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    sourcePath: r.source.path,
    sourceFormat: r.source.format,
    sourceSha256: r.source.sha256,
    files: r.files.flatMap((path, n) => {
      const file = byPath.get(path);
      return file ? [{ path, sha256: n === 0 ? r.source.sha256 : sha256Hex(file.bytes) }] : [];
    }),
    warnings: r.warnings,
    metadata: asJson(r.metadata),
  };
}

/**
 * Every member of the Store interface. The compiler fails while a member is missing here or named here but not
 * in the interface (`satisfies`), and the last test of the suite fails while a member has no contract test.
 */
const STORE_MEMBERS = {
  provider: true,
  listRuns: true,
  countRuns: true,
  getRun: true,
  getRunBrief: true,
  baselineRun: true,
  seriesRuns: true,
  listSeries: true,
  setRunSeries: true,
  loadScoringRun: true,
  rolloutCount: true,
  runVersion: true,
  getTask: true,
  getTasks: true,
  getRollout: true,
  getRolloutHead: true,
  getTaskHead: true,
  getChecks: true,
  getCheckRefs: true,
  getRolloutText: true,
  taskKeyOfRowId: true,
  rolloutIdOfRowId: true,
  sharedRollouts: true,
  storeMarker: true,
  runNames: true,
  getRawFile: true,
  getRawFilePieces: true,
  getRawFilePiece: true,
  getRunExport: true,
  getTraceIndex: true,
  findTraceIndex: true,
  getTraceRefs: true,
  getTraceChunks: true,
  putTraceIndex: true,
  upsertRun: true,
  storeRollouts: true,
  storeRejectedFiles: true,
  updateSummaries: true,
  readRunEncoding: true,
  writeRunEncoding: true,
  setBaseline: true,
  renameRun: true,
  setRunTags: true,
  setRunLive: true,
  deleteRun: true,
  listReviews: true,
  addReviews: true,
  checksWithMetadataKey: true,
  listScenarios: true,
  getScenario: true,
  declaredScenario: true,
  createScenario: true,
  updateScenario: true,
  deleteScenario: true,
  bulkWrites: true,
  unindexedTraces: true,
  writeTraceSteps: true,
  appendTraceSteps: true,
  traceSearchState: true,
  searchStepText: true,
  scanSteps: true,
  rolloutsMatching: true,
  traceTools: true,
  close: true,
} as const satisfies Record<keyof Store, true>;

type Member = keyof typeof STORE_MEMBERS;

/** The store as a test calls it: each member the test reads is noted in `seen` (what ingest calls is not). */
function watched(store: Store, seen: Set<string>): Store {
  return new Proxy(store, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof name === "string" && name in STORE_MEMBERS) seen.add(name);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

forEachDatabase("Store", (t) => {
  beforeEach(() => t.reset());

  /** The contract tests naming each member; filled as the suite is collected. */
  const covered = new Map<Member, string[]>();

  /**
   * A contract test of the members it names. Its body reaches the store through `s` (and `watch` for another
   * instance); the test fails when it names a member it never reads, so a name here means a call with assertions.
   */
  function contract(
    title: string,
    members: readonly Member[],
    body: (s: Store, watch: (store: Store) => Store) => Promise<void>,
  ) {
    for (const m of members) covered.set(m, [...(covered.get(m) ?? []), title]);
    it(title, async () => {
      const seen = new Set<string>();
      await body(watched(t.store, seen), (store) => watched(store, seen));
      expect(members.filter((m) => !seen.has(m))).toEqual([]);
    });
  }

  describe("round trip of the real fixtures", () => {
    for (const fixture of FIXTURES) {
      contract(
        `reads back every field of every rollout and check as parsed (${fixture})`,
        [
          "getRun",
          "loadScoringRun",
          "getRunExport",
          "getRollout",
          "getRolloutHead",
          "getChecks",
          "getCheckRefs",
          "getRolloutText",
          "getRawFile",
          "getTasks",
        ],
        async (s) => {
          const files = loadFixture(fixture);
          // Parsed separately: ingest consumes the runs it stores.
          const { runs, byPath, several } = parse(files, fixture);
          expect(runs.length).toBeGreaterThan(0);
          const result = await ingestFiles(t.store, files, { rootName: fixture });
          expect(result.rejected).toEqual([]);

          for (const run of runs) {
            const runId = runRowId(runKeyOf(run, { rootName: fixture }, several));
            expect(result.runs.map((r) => r.id)).toContain(runId);
            const meta = await s.getRun(runId);
            expect(meta).toMatchObject({
              id: runId,
              name: run.name,
              agent: run.agent,
              model: run.model,
              format: run.format,
              createdAt: iso(run.createdAt),
              baseline: false,
              tags: [],
            });
            expect(meta!.metadata).toEqual(asJson(run.metadata));
            expect(meta!.warnings).toEqual(run.warnings);
            expect(meta!.regrades).toEqual(asJson(run.regrades));

            const scoring = await s.loadScoringRun(runId);
            expect(scoring).toEqual(asJson(asStored(toScoringRunWithTraces(run, [...byPath.values()]))));
            const exported = await s.getRunExport(runId);
            const exportById = new Map(exported!.rollouts.map((r) => [r.rolloutId, r]));
            const scoringById = new Map(scoring!.rollouts.map((r) => [r.id, r]));

            for (const rollout of run.rollouts) {
              const stored = await s.getRollout(runId, rollout.id);
              expect(stored).not.toBeNull();
              const { checks, ...fields } = stored!;
              const expected = expectedRollout(runId, rollout, byPath);
              for (const name of Object.keys(expected) as (keyof typeof expected)[]) {
                expect({ [name]: fields[name] }).toEqual({ [name]: expected[name] });
              }
              expect(Object.keys(fields).sort()).toEqual(Object.keys(expected).sort());
              expect(checks).toHaveLength(rollout.checks.length);
              rollout.checks.forEach((check, n) => {
                const want = expectedCheck(check);
                for (const name of Object.keys(want) as (keyof CheckDetail)[]) {
                  expect({ check: n, [name]: checks[n]![name] }).toEqual({ check: n, [name]: want[name] });
                }
              });
              // The bounded reads of the pages give the same, nothing cut under bounds past every text.
              const whole = { key: 1e9, label: 1e9, text: 1e9 };
              expect(await s.getRolloutHead(runId, rollout.id, { textHead: 1e9 })).toEqual(rolloutHeadOf(stored!, 1e9));
              const orders = checks.map((c) => c.order);
              expect(await s.getChecks(runId, [{ rolloutId: rollout.id, orders }], whole)).toEqual([
                checks.map((c) => checkHeadOf(c, whole)),
              ]);
              expect(await s.getCheckRefs(runId, rollout.id)).toEqual(
                checks
                  .filter((c) => c.evidenceRefs.length > 0)
                  .map((c) => ({ order: c.order, key: c.key, refs: c.evidenceRefs })),
              );
              expect(await s.getRolloutText(runId, rollout.id, { field: "agentOutput" })).toEqual({
                text: stored!.agentOutput,
              });
              // The columns no detail shows: the verdict computed at ingest, the gate and the penalties.
              const verdict = rolloutVerdict(toScoringRollout(rollout), { passThreshold: run.passThreshold });
              expect(exportById.get(rollout.id)).toMatchObject({ passed: verdict.passed, reward: verdict.reward });
              // The CSV's measures are the ones the report reads, null where not recorded.
              expect(exportById.get(rollout.id)!.measures).toEqual(measureRow(scoringById.get(rollout.id)!.measures));
              expect(scoringById.get(rollout.id)).toMatchObject({ gate: rollout.gate, penalties: rollout.penalties });
            }
            // Read in groups, every task is what getTask reads (every field of each rollout and check).
            const keys = run.tasks.map((task) => task.key);
            const tasks = await s.getTasks(runId, keys);
            expect(tasks).toEqual(await Promise.all(keys.map((key) => s.getTask(runId, key))));
            expect(tasks.every((task) => task !== null)).toBe(true);
            for (const file of byPath.values()) {
              const raw = await s.getRawFile(sha256Hex(file.bytes));
              if (run.rollouts.some((r) => r.files.includes(file.path))) {
                expect(Buffer.from(raw!.bytes).equals(Buffer.from(file.bytes))).toBe(true);
                expect(raw!.size).toBe(file.bytes.byteLength);
              }
            }
          }
        },
      );
    }
  });

  /** Ingests a fixture and returns its (first) run's id and parsed run. */
  async function ingest(fixture: string, options: { runName?: string } = {}) {
    const files = loadFixture(fixture);
    const parsed = parse(files, fixture).runs[0]!;
    const { runs } = await ingestFiles(t.store, files, { rootName: fixture, ...options });
    return { id: runs[0]!.id, parsed, files };
  }

  contract(
    "lists runs newest first with their summaries, counts them, and briefs one",
    ["listRuns", "countRuns", "getRunBrief", "loadScoringRun"],
    async (s) => {
      expect(await s.listRuns()).toEqual([]);
      expect(await s.countRuns()).toBe(0);
      const a = await ingest("scoring-article");
      const b = await ingest("silo-runs");
      const listed = await s.listRuns();
      expect(listed.map((r) => r.id)).toEqual([b.id, a.id]);
      const report = computeReport((await s.loadScoringRun(a.id))!);
      expect(listed[1]!.summary).toEqual(runSummaryOf(report));
      expect(Date.parse(listed[0]!.ingestedAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.ingestedAt));
      expect(await s.countRuns()).toBe(2);
      expect(await s.getRunBrief(a.id)).toEqual({ id: a.id, name: "scoring-article", baseline: false });
      expect(await s.getRunBrief("nope")).toBeNull();
    },
  );

  contract(
    "finds the runs sharing a run's rollouts (same rollout id, same bytes): a duplicate and a subset",
    ["sharedRollouts", "rolloutCount"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const full = await ingestFiles(t.store, files, { runName: "full", rootName: "scoring-article" });
      const again = await ingestFiles(t.store, files, { runName: "again", rootName: "scoring-article" });
      const part = await ingestFiles(
        t.store,
        files.filter((f) => f.path.startsWith("checkout/")),
        { runName: "part", rootName: "scoring-article" },
      );
      const other = await ingest("silo-runs");
      const [fullId, againId, partId] = [full, again, part].map((r) => r.runs[0]!.id) as [string, string, string];
      const n = await s.rolloutCount(fullId);
      const k = await s.rolloutCount(partId);
      expect(k).toBeGreaterThan(0);
      expect(k).toBeLessThan(n);

      expect(await s.sharedRollouts(partId)).toEqual([
        { runId: againId, name: "again", shared: k, sameBytes: k, rollouts: n },
        { runId: fullId, name: "full", shared: k, sameBytes: k, rollouts: n },
      ]);
      expect(await s.sharedRollouts(fullId)).toEqual([
        { runId: againId, name: "again", shared: n, sameBytes: n, rollouts: n },
        { runId: partId, name: "part", shared: k, sameBytes: k, rollouts: k },
      ]);
      expect(await s.sharedRollouts(other.id)).toEqual([]);
      expect(await s.sharedRollouts("nope")).toEqual([]);
    },
  );

  contract(
    "keeps a run's shared rollouts until runs or rollouts change anywhere, on every instance; names are read fresh",
    ["sharedRollouts", "storeMarker", "runNames", "renameRun", "deleteRun"],
    async (s, watch) => {
      const files = loadFixture("scoring-article");
      const ids = async (...names: string[]) => {
        const out: string[] = [];
        for (const runName of names)
          out.push((await ingestFiles(t.store, files, { runName, rootName: "scoring-article" })).runs[0]!.id);
        return out;
      };
      const [a, b] = (await ids("a", "b")) as [string, string];
      const other = watch(createStore(t.target));
      try {
        const names = async (store: Store, id: string) => (await sharedRolloutsOf(store, id)).map((r) => r.name);
        expect(await names(other, a)).toEqual(["b"]);
        await s.renameRun(b, "b renamed");
        expect(await names(other, a)).toEqual(["b renamed"]);
        const [c] = (await ids("c")) as [string];
        expect(await names(other, a)).toEqual(["b renamed", "c"]);
        await s.deleteRun(b);
        expect(await names(other, a)).toEqual(["c"]);
        // Deleted and one created in its place: the same number of runs and rollouts as before.
        await s.deleteRun(c);
        await ids("d");
        expect(await names(other, a)).toEqual(["d"]);
      } finally {
        await other.close();
      }
    },
  );

  /** A Silo trace.jsonl of `events` events, each result ~`size` characters: chunks of ~1 MB at 2,000 × 1,000. */
  function siloTraceText(events: number, size = 1000): string {
    const lines: string[] = [];
    for (let seq = 1; seq <= events; seq++) {
      const callId = Math.ceil(seq / 2);
      lines.push(
        JSON.stringify(
          seq % 2 === 1
            ? { seq, type: "tool_call", callId, tool: `tool_${callId % 3}`, input: { q: callId } }
            : {
                seq,
                type: "tool_result",
                callId,
                isError: callId % 50 === 0,
                output: { id: `e${callId}`, text: "w".repeat(size) },
              },
        ),
      );
    }
    return lines.join("\n") + "\n";
  }

  contract(
    "stores a trace index of a stored raw file once, reads it back and reads its chunks by range",
    ["getTraceIndex", "findTraceIndex", "getTraceRefs", "getTraceChunks", "putTraceIndex"],
    async (s, watch) => {
      const file = textFile("run/TASK-1/trace.jsonl", siloTraceText(5000));
      const index = indexSiloTraceLines(file)!;
      const sha = sha256Hex(file.bytes);
      expect(index.chunks.length).toBe(3);
      // No raw file, no index: an index never outlives its file.
      expect(await s.putTraceIndex(sha, index)).toBe(false);
      expect(await s.getTraceIndex(sha)).toBeNull();
      await t.store.storeRejectedFiles([{ file, error: "kept for its index" }]);
      expect(await s.putTraceIndex(sha, index)).toBe(true);
      expect(await s.putTraceIndex(sha, index)).toBe(false);
      const stored = (await s.getTraceIndex(sha))!;
      expect(stored.summary).toEqual(index.summary);
      expect(stored.steps.count).toBe(5000);
      expect(stored.steps.tools).toEqual(index.steps.tools);
      expect(Buffer.from(stored.steps.bytes).equals(Buffer.from(index.steps.bytes))).toBe(true);
      // Read in slices (PostgreSQL; 120,000 bytes of packed steps in slices of 7,000, the last one short).
      const sliced = watch(createStore(t.target, { indexSliceBytes: 7000 }));
      try {
        const again = (await sliced.getTraceIndex(sha))!;
        expect(again.summary).toEqual(index.summary);
        expect(Buffer.from(again.steps.bytes).equals(Buffer.from(index.steps.bytes))).toBe(true);
      } finally {
        await sliced.close();
      }
      expect(await s.getTraceRefs(sha)).toEqual(index.refs);
      // A range of chunks, in order, each the bytes it was given.
      const chunks = await s.getTraceChunks(sha, 1, 2);
      expect(chunks.map((c) => Buffer.from(c).toString("utf8"))).toEqual(
        index.chunks.slice(1, 3).map((c) => Buffer.from(c).toString("utf8")),
      );
      expect(await s.getTraceChunks(sha, index.chunks.length, index.chunks.length + 5)).toEqual([]);
      expect(await s.getTraceRefs("0".repeat(64))).toBeNull();
      // Another trace of the same file (a sample of a log) is an index of its own.
      expect(await s.getTraceIndex(sha, "1_epoch_1")).toBeNull();
      const sample = { ...index, chunks: index.chunks.slice(0, 1) };
      expect(await s.putTraceIndex(sha, sample, "1_epoch_1")).toBe(true);
      expect(await s.getTraceChunks(sha, 0, 5, "1_epoch_1")).toHaveLength(1);
      expect(await s.getTraceChunks(sha, 0, 5)).toHaveLength(3);
      expect(await s.getTraceRefs(sha, "1_epoch_1")).toEqual(index.refs);
      expect((await s.getTraceIndex(sha, "1_epoch_1"))!.steps.count).toBe(5000);
      // Found among candidate files: the first in the order given that has an index of the part asked.
      const none = "0".repeat(64);
      expect(await s.findTraceIndex([])).toBeNull();
      expect(await s.findTraceIndex([none])).toBeNull();
      const found = (await s.findTraceIndex([none, sha]))!;
      expect(found.sha256).toBe(sha);
      expect(found.index.summary).toEqual(index.summary);
      expect(found.index.steps.count).toBe(5000);
      expect((await s.findTraceIndex([sha], "1_epoch_1"))!.index.steps.count).toBe(5000);
      expect(await s.findTraceIndex([none], "1_epoch_1")).toBeNull();
      const other = textFile("run/TASK-2/trace.jsonl", siloTraceText(10));
      const otherSha = sha256Hex(other.bytes);
      await t.store.storeRejectedFiles([{ file: other, error: "kept for its index" }]);
      expect(await s.putTraceIndex(otherSha, indexSiloTraceLines(other)!)).toBe(true);
      expect((await s.findTraceIndex([otherSha, sha]))!.sha256).toBe(otherSha);
      expect((await s.findTraceIndex([sha, otherSha]))!.sha256).toBe(sha);
    },
  );

  contract(
    "ingest indexes a big Silo trace; its pages are read by range; the index goes with the run's files",
    ["getTraceIndex", "getTraceChunks", "deleteRun"],
    async (s) => {
      const files = loadFixture("traces/silo/scoring-article/csv-conversion").map((f) =>
        f.path.endsWith("trace.jsonl") ? textFile(f.path, siloTraceText(16_000, 1000)) : f,
      );
      const trace = files.find((f) => f.path.endsWith("trace.jsonl"))!;
      expect(trace.bytes.byteLength).toBeGreaterThan(INDEXED_TRACE_BYTES);
      const result = await ingestFiles(t.store, files, { rootName: "big" });
      const runId = result.runs[0]!.id;
      const sha = sha256Hex(trace.bytes);
      const stored = (await s.getTraceIndex(sha))!;
      expect(stored.summary.totals).toMatchObject({ steps: 16_000, toolCalls: 8000, toolErrors: 160 });
      const rollout = (await t.store.loadScoringRun(runId))!;
      // The harness's own count (7) wins; the steps and the last tool come from the index.
      expect(rollout).toMatchObject({
        rollouts: [{ measures: { toolCalls: 7, steps: 16_000 }, failure: { lastTool: "tool_2" } }],
      });
      const [first, last] = chunksOf(stored.summary, 12_000, 12_100);
      const chunks = await s.getTraceChunks(sha, first, last);
      const page = readIndexedSteps(
        stored.summary,
        stored.steps,
        12_000,
        12_100,
        chunks.map((bytes, n) => ({ start: stored.summary.chunkOffset[first + n]!, bytes })),
      );
      expect(page.map((p) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => String(12_001 + i)));
      await s.deleteRun(runId);
      expect(await s.getTraceIndex(sha)).toBeNull();
      expect(await s.getTraceChunks(sha, 0, 1000)).toEqual([]);
    },
  );

  contract(
    "finds the same Inspect samples in the .eval and the .json of one log (other bytes), not in another eval",
    ["sharedRollouts"],
    async (s) => {
      const evalLog = fixtureFile("inspect-real/log_formats.eval");
      const jsonLog = fixtureFile("inspect-real/log_formats.json");
      const first = (await ingestFiles(t.store, [evalLog])).runs[0]!;
      const second = (await ingestFiles(t.store, [jsonLog])).runs[0]!;
      expect(second.id).not.toBe(first.id);
      expect(second.shared).toEqual([{ runId: first.id, name: "popularity", shared: 1, sameBytes: 0, rollouts: 1 }]);
      expect(await s.sharedRollouts(first.id)).toEqual([
        { runId: second.id, name: "popularity", shared: 1, sameBytes: 0, rollouts: 1 },
      ]);

      // The same .eval again under another name: the same bytes and the same samples, counted once.
      const again = (await ingestFiles(t.store, [evalLog], { runName: "again" })).runs[0]!;
      expect(again.shared).toEqual([
        { runId: first.id, name: "popularity", shared: 1, sameBytes: 1, rollouts: 1 },
        { runId: second.id, name: "popularity", shared: 1, sameBytes: 0, rollouts: 1 },
      ]);

      // Another eval of the same task: the same sample id and epoch, but another run and task id.
      const log = JSON.parse(new TextDecoder().decode(jsonLog.bytes)) as { eval: Record<string, unknown> };
      const otherEval = { ...log, eval: { ...log.eval, run_id: "AnotherRun", task_id: "AnotherTask" } };
      const other = (await ingestFiles(t.store, [jsonFile("other_eval.json", otherEval)])).runs[0]!;
      expect(other.rollouts).toBe(1);
      expect(other.shared).toEqual([]);
    },
  );

  contract(
    "reads a run's fields, and answers null for an unknown run",
    ["getRun", "loadScoringRun", "getRunExport", "rolloutCount"],
    async (s) => {
      const { id } = await ingest("silo-runs");
      expect(await s.getRun(id)).toMatchObject({ id, name: "silo-runs", format: "silo", baseline: false });
      expect(await s.getRun("nope")).toBeNull();
      expect(await s.loadScoringRun("nope")).toBeNull();
      expect(await s.getRunExport("nope")).toBeNull();
      expect(await s.rolloutCount("nope")).toBe(0);
    },
  );

  contract(
    "reads a task by its key with its rollouts, each as getRollout reads it by its id, within their run only",
    ["getTask", "getRollout", "getRawFile"],
    async (s) => {
      const { id, parsed } = await ingest("silo-runs");
      for (const task of parsed.tasks) {
        const found = await s.getTask(id, task.key);
        expect(found!.task).toEqual(task);
        const ids = parsed.rollouts.filter((r) => r.task === task.key).map((r) => r.id);
        expect(found!.rollouts.map((r) => r.id)).toEqual([...ids].sort());
        for (const r of found!.rollouts) expect(r).toEqual(await s.getRollout(id, r.id));
      }
      expect(await s.getTask(id, "TASK-007")).toBeNull();
      expect(await s.getTask("nope", "finance/TASK-007")).toBeNull();
      expect(await s.getRollout("nope", parsed.rollouts[0]!.id)).toBeNull();
      expect(await s.getRawFile("0".repeat(64))).toBeNull();
    },
  );

  contract(
    "reads tasks by key in groups, each as getTask reads it, in the order asked, null for a key not in the run",
    ["getTasks"],
    async (s) => {
      const { id, parsed } = await ingest("silo-runs");
      const keys = [...parsed.tasks.map((t) => t.key)].reverse();
      // More keys than one statement reads (TASKS_PER_READ), some twice, one unknown.
      const asked = [
        keys[0]!,
        "TASK-007",
        ...Array.from({ length: TASKS_PER_READ + 7 }, (_, i) => keys[i % keys.length]!),
      ];
      const one = await Promise.all(asked.map((key) => s.getTask(id, key)));
      expect(one.filter((t) => t === null)).toHaveLength(1);
      expect(await s.getTasks(id, asked)).toEqual(one);
      // Calls given one table share equal checks: the same task read twice has the very same check objects.
      const shared = new SharedChecks();
      const [a] = await s.getTasks(id, [keys[0]!], { sharedChecks: shared });
      const [b] = await s.getTasks(id, [keys[0]!], { sharedChecks: shared });
      expect(b).toEqual(a);
      expect(b!.rollouts[0]!.checks[0]).toBe(a!.rollouts[0]!.checks[0]);
      expect(await s.getTasks(id, [])).toEqual([]);
      expect(await s.getTasks("nope", keys)).toEqual(keys.map(() => null));

      // Texts holding the separator the database joins a rollout's checks with, quotes, surrogates and numbers
      // JSON writes in more than one way are read back as they are.
      const odd = jsonFile("odd/r1.result.json", {
        taskId: "T",
        rolloutId: "r1",
        passed: false,
        reward: 0.1,
        checks: [
          {
            id: "a\u001eb",
            label: 'sep \u001e "q" \\ 😀 \ud83d',
            passed: true,
            detail: "\u001e",
            score: 0.30000000000000004,
          },
          { id: "b", label: "b", passed: false, score: 1e-7, weight: 1e300, evidenceRefs: ["x\u001ey"] },
          { id: "c", label: "c", passed: null, reason: "\u0000\u001f" },
        ],
      });
      const oddRun = (await ingestFiles(t.store, [odd], { rootName: "odd" })).runs[0]!.id;
      const [oddTask] = await s.getTasks(oddRun, ["T"]);
      expect(oddTask).toEqual(await s.getTask(oddRun, "T"));
      expect(oddTask!.rollouts[0]!.checks.map((c) => c.key)).toEqual(["a\u001eb", "b", "c"]);
    },
  );

  contract(
    "reads a rollout's head and pages of its checks with each long text cut, and any text whole",
    ["getRolloutHead", "getRolloutText", "getChecks", "getCheckRefs", "getTaskHead"],
    async (s) => {
      // 50,000 characters, some outside the BMP (two UTF-16 units, four UTF-8 bytes each).
      const answer = "answer 😀 é ".repeat(4_000).slice(0, 50_000);
      const checks = Array.from({ length: 300 }, (_, i) => ({
        id: `C${i}`,
        label: i === 7 ? "L".repeat(3_000) : `check ${i}`,
        passed: i % 3 !== 0,
        required: true,
        detail: i === 5 ? "d".repeat(10_000) : `detail ${i}`,
        reason: i === 5 ? "r".repeat(5_000) : null,
        evidenceRefs:
          i === 9 ? Array.from({ length: 80 }, (_, n) => `e${n}`.padEnd(300, "x")) : i % 50 === 0 ? [`e${i}`] : [],
        note: i === 5 ? "m".repeat(5_000) : i,
      }));
      const file = jsonFile("big/r1.result.json", {
        taskId: "T",
        rolloutId: "r1",
        passed: false,
        reward: 0,
        checks,
        agentOutput: answer,
        error: "e".repeat(30_000),
        huge: "h".repeat(40_000),
      });
      const { runs } = await ingestFiles(t.store, [file], { rootName: "big" });
      const runId = runs[0]!.id;

      const head = await s.getRolloutHead(runId, "r1", { textHead: 1_000 });
      expect(head!.checkCount).toBe(300);
      expect(head!.agentOutput).toEqual({
        head: [...answer].slice(0, 1_000).join(""),
        bytes: utf8Bytes(answer),
        cut: true,
      });
      expect(head!.error).toEqual({ head: "e".repeat(1_000), bytes: 30_000, cut: true });
      expect(head!.metadata.cut).toBe(true);
      expect(await s.getRolloutHead(runId, "nope", { textHead: 10 })).toBeNull();
      expect(await s.getRolloutHead("nope", "r1", { textHead: 10 })).toBeNull();
      // The whole texts on request.
      expect(await s.getRolloutText(runId, "r1", { field: "agentOutput" })).toEqual({ text: answer });
      const metadata = await s.getRolloutText(runId, "r1", { field: "metadata" });
      expect(JSON.parse((metadata as { text: string }).text)).toMatchObject({ huge: "h".repeat(40_000) });
      expect(await s.getRolloutText(runId, "r1", { field: "detail", check: 5 })).toEqual({
        text: "d".repeat(10_000),
      });
      expect(await s.getRolloutText(runId, "r1", { field: "reason", check: 6 })).toEqual({ text: null });
      expect(await s.getRolloutText(runId, "r1", { field: "detail", check: 300 })).toBe("missing");
      expect(await s.getRolloutText(runId, "nope", { field: "error" })).toBe("missing");

      // A page of checks by order, in stored order whatever the order asked; texts cut to the bounds.
      const bounds = { key: 100, label: 500, text: 2_000 };
      const [page] = await s.getChecks(runId, [{ rolloutId: "r1", orders: [9, 7, 5, 299, 400] }], bounds);
      expect(page!.map((c) => c.order)).toEqual([5, 7, 9, 299]);
      const [five, seven, nine] = page!;
      expect(five!.detail).toEqual({ head: "d".repeat(2_000), bytes: 10_000, cut: true });
      expect(five!.reason).toEqual({ head: "r".repeat(2_000), bytes: 5_000, cut: true });
      expect(five!.metadata).toMatchObject({ cut: true, head: expect.stringMatching(/^\{/) });
      expect(seven!.label).toEqual({ head: "L".repeat(500), bytes: 3_000, cut: true });
      expect(seven!.key).toEqual({ head: "C7", bytes: 2, cut: false });
      expect(nine!.evidenceRefs).toHaveLength(50);
      expect(nine!.evidenceRefs[0]).toBe("e0".padEnd(200, "x"));
      expect(nine!.evidenceCount).toBe(80);
      expect(page![3]!.metadata).toEqual({ cut: false, value: { note: 299 } });
      expect(
        await s.getChecks(
          runId,
          [
            { rolloutId: "nope", orders: [1] },
            { rolloutId: "r1", orders: [] },
          ],
          bounds,
        ),
      ).toEqual([[], []]);
      // The checks citing evidence, with their first refs.
      const refs = await s.getCheckRefs(runId, "r1");
      expect(refs.map((r) => r.order)).toEqual([0, 9, 50, 100, 150, 200, 250]);
      expect(refs[1]!.refs).toHaveLength(50);

      // A task's rollouts without their texts.
      const task = await s.getTaskHead(runId, "T");
      expect(task!.task.key).toBe("T");
      expect(task!.rollouts.map((r) => [r.id, r.checkCount, r.agentOutput])).toEqual([
        ["r1", 300, { head: "", bytes: utf8Bytes(answer), cut: true }],
      ]);
      expect(await s.getTaskHead(runId, "nope")).toBeNull();
    },
  );

  contract(
    "translates the row ids of older links back to task keys and rollout ids",
    ["taskKeyOfRowId", "rolloutIdOfRowId"],
    async (s) => {
      const { id } = await ingest("silo-runs");
      expect(await s.taskKeyOfRowId(id, taskRowId(id, "finance/TASK-007"))).toBe("finance/TASK-007");
      expect(await s.rolloutIdOfRowId(id, rolloutRowId(id, "run_20261104100300_9c46"))).toBe("run_20261104100300_9c46");
      expect(await s.taskKeyOfRowId("other", taskRowId(id, "finance/TASK-007"))).toBeNull();
      expect(await s.rolloutIdOfRowId(id, "finance/TASK-007")).toBeNull();
    },
  );

  contract("exports rollouts by task key and rollout id, with checks in order", ["getRunExport"], async (s) => {
    const { id, parsed } = await ingest("silo-runs");
    const exported = await s.getRunExport(id);
    expect(exported!.name).toBe("silo-runs");
    const order = exported!.rollouts.map((r) => `${r.taskKey}\u0000${r.rolloutId}`);
    expect(order).toEqual([...order].sort());
    const groups = new Map(parsed.tasks.map((task) => [task.key, task.group]));
    for (const r of exported!.rollouts) {
      const source = parsed.rollouts.find((p) => p.id === r.rolloutId)!;
      expect(r.group).toBe(groups.get(r.taskKey));
      expect(r.checks.map((c) => c.key)).toEqual(source.checks.map((c) => c.key));
      expect(r.checks[0]).toEqual({
        key: source.checks[0]!.key,
        label: source.checks[0]!.label,
        required: source.checks[0]!.required,
        dimension: source.checks[0]!.dimension,
        status: source.checks[0]!.status,
        passed: source.checks[0]!.passed,
        score: source.checks[0]!.score,
        detail: source.checks[0]!.detail,
        failureTag: source.checks[0]!.failureTag,
      });
    }
  });

  contract(
    "creates a run once, and stores a batch: new, duplicate of the same bytes, conflict with other bytes",
    ["upsertRun", "storeRollouts", "rolloutCount"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const { runs, byPath } = parse(files, "s");
      const run: NormalizedRun = runs[0]!;
      const first = await s.upsertRun("key", run, {});
      expect(first).toEqual({ id: runRowId("key"), created: true });
      expect(await s.upsertRun("key", run, {})).toEqual({ id: first.id, created: false });
      const tasks = new Map<string, NormalizedTask>(run.tasks.map((task) => [task.key, task]));
      const item = (rollout: NormalizedRollout): RolloutToStore => ({
        task: tasks.get(rollout.task)!,
        rollout,
        verdict: rolloutVerdict(toScoringRollout(rollout), { passThreshold: run.passThreshold }),
      });
      const [one, two] = run.rollouts;
      expect(await s.storeRollouts(first.id, [item(one!), item(one!)], byPath)).toEqual([
        "stored",
        { conflict: `rollout ${one!.id} appears twice in this batch` },
      ]);
      const edited = { ...one!, source: { ...one!.source, sha256: "f".repeat(64) } };
      expect(await s.storeRollouts(first.id, [item(one!), item(edited), item(two!)], byPath)).toEqual([
        "duplicate",
        { conflict: `rollout ${one!.id} is already in this run from other content (${one!.source.path})` },
        "stored",
      ]);
      expect(await s.rolloutCount(first.id)).toBe(2);
      expect(await s.storeRollouts(first.id, [], byPath)).toEqual([]);
    },
  );

  contract(
    "keeps refused files with their reasons, once per path, the reason updated",
    ["storeRejectedFiles", "getRawFile"],
    async (s) => {
      const bad = fixtureFile("bad-inputs/truncated.json", "bad/truncated.json");
      await s.storeRejectedFiles([{ file: bad, error: "first" }]);
      await s.storeRejectedFiles([{ file: bad, error: "second" }]);
      await s.storeRejectedFiles([]);
      const rows = await t.db.rejectedFile.findMany();
      expect(rows).toEqual([expect.objectContaining({ path: "bad/truncated.json", error: "second" })]);
      // One call naming a path twice keeps its last reason; the same bytes at another path are another row.
      await s.storeRejectedFiles([
        { file: bad, error: "third" },
        { file: { ...bad, path: "elsewhere/truncated.json" }, error: "moved" },
        { file: bad, error: "fourth" },
      ]);
      const again = await t.db.rejectedFile.findMany({ orderBy: { path: "asc" } });
      expect(again.map((r) => [r.path, r.error, r.sha256])).toEqual([
        ["bad/truncated.json", "fourth", sha256Hex(bad.bytes)],
        ["elsewhere/truncated.json", "moved", sha256Hex(bad.bytes)],
      ]);
      expect(await t.db.rawFile.count()).toBe(1);
      const raw = await s.getRawFile(sha256Hex(bad.bytes));
      expect(Buffer.from(raw!.bytes).equals(Buffer.from(bad.bytes))).toBe(true);
    },
  );

  contract(
    "stores a file over the part size in parts, read whole and piece by piece, gone with its last reference",
    ["getRawFile", "getRawFilePieces", "getRawFilePiece", "storeRejectedFiles", "deleteRun"],
    async (s, watch) => {
      const PART = 200;
      const parted = watch(createStore(t.target, { rawPartBytes: PART }));
      try {
        const files = loadFixture("silo-runs");
        const { runs } = await ingestFiles(parted, files, { rootName: "silo-runs" });
        // The same bytes again are stored once: the parts already written are left as they are.
        await ingestFiles(parted, files, { rootName: "silo-runs" });
        const unique = new Map(files.map((f) => [sha256Hex(f.bytes), f.bytes]));
        const partsOf = (n: number) => (n <= PART ? 0 : Math.ceil(n / PART));
        let expected = 0;
        for (const [sha, bytes] of unique) {
          expected += partsOf(bytes.byteLength);
          // Whole, through either store: reading does not depend on the part size.
          for (const store of [parted, s]) {
            const raw = await store.getRawFile(sha);
            expect(Buffer.from(raw!.bytes).equals(Buffer.from(bytes))).toBe(true);
            expect(raw!.size).toBe(bytes.byteLength);
          }
          const pieces = await parted.getRawFilePieces(sha);
          expect(pieces).toEqual({ size: bytes.byteLength, pieces: Math.max(1, partsOf(bytes.byteLength)) });
          const read: Uint8Array[] = [];
          for (let n = 0; n < pieces!.pieces; n++) read.push((await parted.getRawFilePiece(sha, n))!);
          expect(Buffer.concat(read).equals(Buffer.from(bytes))).toBe(true);
          expect(read.every((piece) => piece.byteLength <= PART || pieces!.pieces === 1)).toBe(true);
          expect(await parted.getRawFilePiece(sha, pieces!.pieces)).toBeNull();
        }
        expect(expected).toBeGreaterThan(unique.size);
        expect(await t.db.rawFilePart.count()).toBe(expected);
        expect(await parted.getRawFilePieces("0".repeat(64))).toBeNull();
        expect(await parted.getRawFilePiece("0".repeat(64), 0)).toBeNull();

        // A refused file over the part size is stored in parts too; it keeps its bytes when the run goes.
        const bad = { path: "bad/long.json", bytes: Buffer.from(`{"text": "${"x".repeat(2500)}`) };
        await parted.storeRejectedFiles([{ file: bad, error: "kept" }]);
        for (const run of runs) expect(await s.deleteRun(run.id)).toBe(true);
        expect(await t.db.rawFilePart.count()).toBe(partsOf(bad.bytes.byteLength));
        const kept = await s.getRawFile(sha256Hex(bad.bytes));
        expect(Buffer.from(kept!.bytes).equals(Buffer.from(bad.bytes))).toBe(true);
        // A file whose parts are gone (deleted between two reads) reads as no file, not as a shorter one.
        await t.db.rawFilePart.deleteMany({ where: { sha256: sha256Hex(bad.bytes), part: 1 } });
        expect(await s.getRawFile(sha256Hex(bad.bytes))).toBeNull();
      } finally {
        await parted.close();
      }
    },
  );

  contract(
    "stores the run and task summaries of a report",
    ["updateSummaries", "listRuns", "loadScoringRun"],
    async (s) => {
      const { id } = await ingest("silo-runs");
      // Figures other than the ones ingest stored, so the write is seen.
      const computed = computeReport((await s.loadScoringRun(id))!);
      const report = {
        ...computed,
        counts: { ...computed.counts, unscored: 99 },
        tasks: computed.tasks.map((task) => ({ ...task, passes: task.passes + 100 })),
      };
      await s.updateSummaries(id, report);
      const [listed] = await s.listRuns();
      expect(listed!.summary).toEqual(runSummaryOf(report));
      const tasks = await t.db.task.findMany({ where: { runId: id }, select: { key: true, summary: true } });
      for (const task of tasks) expect(task.summary).toEqual(asJson(report.tasks.find((r) => r.key === task.key)));
    },
  );

  contract(
    "keeps at most one baseline, set at ingest or later, and unsets it",
    ["setBaseline", "baselineRun", "getRunBrief", "listRuns"],
    async (s) => {
      const a = await ingest("scoring-article", { runName: "a" });
      expect((await s.getRunBrief(a.id))!.baseline).toBe(false);
      const files = loadFixture("silo-runs");
      const { runs } = await ingestFiles(t.store, files, { rootName: "silo-runs", baseline: true });
      const b = runs[0]!.id;
      expect((await s.getRunBrief(b))!.baseline).toBe(true);
      expect(await s.baselineRun()).toEqual({ id: b, name: "silo-runs", baseline: true });
      await s.setBaseline(a.id);
      expect((await s.getRunBrief(a.id))!.baseline).toBe(true);
      expect((await s.getRunBrief(b))!.baseline).toBe(false);
      // An unknown run changes nothing: the baseline stays where it is.
      await s.setBaseline("nope");
      await s.setBaseline("nope", false);
      expect(await s.baselineRun()).toEqual({ id: a.id, name: "a", baseline: true });
      await s.setBaseline(a.id, false);
      expect((await s.listRuns()).filter((r) => r.baseline)).toEqual([]);
      expect(await s.baselineRun()).toBeNull();
    },
  );

  contract(
    "saves, lists, renames, declares and deletes named scenarios, at most one declared",
    ["createScenario", "listScenarios", "getScenario", "declaredScenario", "updateScenario", "deleteScenario"],
    async (s) => {
      const weights = {
        headline: { scheme: "check" as const },
        weights: { "owner-lookup": 2 },
        unscored: "fail" as const,
      };
      const created = await s.createScenario({ name: "prod ✓", description: "agreed", scenario: weights });
      expect(created).toEqual({
        saved: {
          name: "prod ✓",
          description: "agreed",
          scenario: weights,
          declared: false,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      expect(await s.createScenario({ name: "prod ✓", description: "", scenario: {} })).toEqual({ error: "taken" });
      await s.createScenario({ name: "a-first", description: "", scenario: { unscored: "exclude" } });
      expect((await s.listScenarios()).map((s) => s.name)).toEqual(["a-first", "prod ✓"]);
      expect(await s.getScenario("prod ✓")).toEqual("saved" in created ? created.saved : null);
      expect(await s.getScenario("nope")).toBeNull();
      expect(await s.declaredScenario()).toBeNull();

      const declared = await s.updateScenario("a-first", { declared: true });
      expect("saved" in declared && declared.saved.declared).toBe(true);
      const renamed = await s.updateScenario("prod ✓", { name: "production", declared: true, description: "new" });
      expect(renamed).toMatchObject({
        saved: { name: "production", description: "new", scenario: weights, declared: true },
      });
      expect("saved" in renamed && "saved" in created && renamed.saved.createdAt).toBe(
        "saved" in created && created.saved.createdAt,
      );
      expect((await s.declaredScenario())?.name).toBe("production");
      expect((await s.listScenarios()).filter((s) => s.declared).map((s) => s.name)).toEqual(["production"]);
      expect(await s.getScenario("prod ✓")).toBeNull();

      expect(await s.updateScenario("a-first", { name: "production" })).toEqual({ error: "taken" });
      expect(await s.updateScenario("nope", { description: "x" })).toEqual({ error: "missing" });
      const changed = await s.updateScenario("production", { scenario: {}, declared: false });
      expect(changed).toMatchObject({ saved: { scenario: {}, declared: false, description: "new" } });
      expect(await s.declaredScenario()).toBeNull();

      expect(await s.deleteScenario("production")).toBe(true);
      expect(await s.deleteScenario("production")).toBe(false);
      expect((await s.listScenarios()).map((s) => s.name)).toEqual(["a-first"]);
    },
  );

  contract("runs bulk writes, nested, and gives back their result", ["bulkWrites", "countRuns"], async (s) => {
    const out = await s.bulkWrites(async () => {
      const inner = await s.bulkWrites(async () => (await ingest("scoring-article")).id);
      return `${inner}!`;
    });
    expect(out).toMatch(/!$/);
    expect(await s.countRuns()).toBe(1);
    await expect(
      s.bulkWrites(async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await ingest("silo-runs");
    expect(await s.countRuns()).toBe(2);
  });

  contract(
    "reads a run of more rollouts than one read holds whole, in rollout id order, answering other calls meanwhile",
    ["loadScoringRun", "rolloutCount"],
    async (s) => {
      const shape = { tasks: 700, rollouts: 3, checks: 2, groups: 2, seed: 5 };
      const files = [...syntheticSiloFiles(shape)].map((f) => textFile(f.path, f.text));
      const id = (await ingestFiles(t.store, files, { runName: "paged" })).runs[0]!.id;
      // A call made while the run is read is answered before the read is done (SQLite reads synchronously).
      const order: string[] = [];
      const reading = s.loadScoringRun(id).then((r) => (order.push("run"), r));
      const counting = s.rolloutCount(id).then((n) => (order.push("count"), n));
      const [run, count] = await Promise.all([reading, counting]);
      expect(count).toBe(2100);
      expect(order).toEqual(["count", "run"]);
      const ids = run!.rollouts.map((r) => r.id);
      expect(new Set(ids).size).toBe(2100);
      expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(run!.rollouts.every((r) => r.checks.length === 2 && r.task !== "")).toBe(true);
    },
  );

  contract(
    "serves an unchanged run's snapshot from the run cache and rereads the run once rollouts are added; cachedOnly never reads",
    ["runVersion", "loadScoringRun"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const first = await ingestFiles(t.store, files.slice(0, 1), { runName: "nightly", rootName: "a" });
      const id = first.runs[0]!.id;
      // cachedOnly never reads the run: null until something has.
      expect(await runSnapshot(s, id, { cachedOnly: true })).toBeNull();
      const one = await runSnapshot(s, id);
      expect(one?.run.rollouts).toHaveLength(1);
      expect(await runSnapshot(s, id)).toBe(one);
      expect(await runSnapshot(s, id, { cachedOnly: true })).toBe(one);
      expect(one?.recorded).toEqual(computeReport(one!.run));

      await ingestFiles(t.store, files, { runName: "nightly", rootName: "a" });
      expect(await runSnapshot(s, id, { cachedOnly: true })).toBeNull();
      const three = await runSnapshot(s, id);
      expect(three).not.toBe(one);
      expect(three?.run).toEqual(await s.loadScoringRun(id));
      expect(three?.run.rollouts).toHaveLength(3);
      expect(await runSnapshot(s, id)).toBe(three);
      expect(await runSnapshot(s, "nope")).toBeNull();
    },
  );

  contract(
    "stores a run's encoding at ingest, which the run cache decodes instead of the rows; a rename, a new layout or a delete leave none current",
    ["readRunEncoding", "runVersion", "writeRunEncoding", "renameRun", "deleteRun"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const id = (await ingestFiles(t.store, files, { runName: "encoded", rootName: "e" })).runs[0]!.id;
      const rows = (await s.loadScoringRun(id))!;
      const current = await runEncoding(s, id, { bytes: true });
      expect(current?.version).toEqual(await s.runVersion(id));
      expect(decodeBinaryRun(current!.bytes)).toEqual(rows);
      const report = computeReport(rows);
      // The first screen as the run page draws it, with its levers and the series facts the series page reads.
      expect(current!.firstScreen).toEqual(
        asJson({
          ...runFirstScreen(report, report.headline, passRule(rows), true),
          levers: levers(rows),
          seriesFacts: seriesFactsOf(report),
        }),
      );
      expect((await runEncoding(s, id, { bytes: false }))?.bytes).toHaveLength(0);

      // Another instance builds its snapshot from the encoding, bytes included.
      const other = createStore(t.target);
      try {
        const snapshot = (await runSnapshot(other, id))!;
        expect(snapshot.run).toEqual(rows);
        expect(snapshot.binary).toEqual(current!.bytes);
      } finally {
        await other.close();
      }

      // A rename: stale until the run cache reads the rows (with the new name) and writes the encoding again.
      await s.renameRun(id, "renamed");
      expect(await runEncoding(s, id, { bytes: false })).toBeNull();
      expect((await runSnapshot(s, id))?.run.name).toBe("renamed");
      let again = null;
      for (let i = 0; i < 100 && !again; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        again = await runEncoding(s, id, { bytes: true });
      }
      if (!again) throw new Error("the encoding was not written again after the rows were read");
      expect(decodeBinaryRun(again.bytes).name).toBe("renamed");

      // Another layout of the bytes is never read; another layout of the first screen leaves the bytes current.
      const stored = (await s.readRunEncoding(id, { bytes: true }))!;
      await s.writeRunEncoding(id, { ...stored, screenLayout: stored.screenLayout + 1 });
      expect((await runEncoding(s, id, { bytes: false }))?.firstScreen).toBeNull();
      await s.writeRunEncoding(id, { ...stored, layout: stored.layout + 1 });
      expect(await runEncoding(s, id, { bytes: false })).toBeNull();

      expect(await s.deleteRun(id)).toBe(true);
      expect(await s.readRunEncoding(id, { bytes: false })).toBeNull();
      expect(await runEncoding(s, id, { bytes: false })).toBeNull();
    },
  );

  contract(
    "renames a run and replaces its tags; tags given at ingest are added to the run's",
    ["renameRun", "setRunTags", "getRun", "listRuns", "getRunBrief", "runVersion", "countRuns"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const first = await ingestFiles(t.store, files.slice(0, 1), {
        runName: "nightly",
        rootName: "a",
        tags: ["x", "y"],
      });
      const id = first.runs[0]!.id;
      expect((await s.getRun(id))!.tags).toEqual(["x", "y"]);
      await ingestFiles(t.store, files, { runName: "nightly", rootName: "a", tags: ["y", "z"] });
      expect((await s.listRuns())[0]!.tags).toEqual(["x", "y", "z"]);
      const before = await runSnapshot(s, id);

      expect(await s.renameRun(id, "nightly ✓ renamed")).toBe(true);
      expect(await s.setRunTags(id, ["only"])).toBe(true);
      expect(await s.getRun(id)).toMatchObject({ name: "nightly ✓ renamed", tags: ["only"] });
      expect(await s.getRunBrief(id)).toMatchObject({ name: "nightly ✓ renamed" });
      const after = await runSnapshot(s, id);
      expect(after).not.toBe(before);
      expect(after!.run.name).toBe("nightly ✓ renamed");
      expect(await s.setRunTags(id, [])).toBe(true);
      expect((await s.getRun(id))!.tags).toEqual([]);
      // The key stays: the next batch under the old name still adds to this run.
      await ingestFiles(t.store, files, { runName: "nightly", rootName: "a" });
      expect(await s.countRuns()).toBe(1);

      expect(await s.renameRun("nope", "x")).toBe(false);
      expect(await s.setRunTags("nope", ["x"])).toBe(false);
    },
  );

  contract(
    "puts runs in a series at ingest or later, lists a series oldest first, and takes a run out",
    ["seriesRuns", "listSeries", "setRunSeries", "getRun", "listRuns"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const ingest = async (runName: string, series?: string) =>
        (await ingestFiles(t.store, files, { runName, rootName: runName, series })).runs[0]!.id;
      const first = await ingest("night-1", "nightly ✓");
      const second = await ingest("night-2", "nightly ✓");
      const other = await ingest("pr-7");
      expect(await s.getRun(first)).toMatchObject({ series: "nightly ✓" });
      expect((await s.listRuns()).find((r) => r.id === other)!.series).toBeNull();
      expect((await s.seriesRuns("nightly ✓")).map((r) => r.id)).toEqual([first, second]);
      expect(await s.seriesRuns("nightly")).toEqual([]);

      expect(await s.setRunSeries(other, "pr")).toBe(true);
      expect(await s.listSeries()).toEqual([
        { name: "nightly ✓", runs: 2 },
        { name: "pr", runs: 1 },
      ]);
      // The same batch again without a series keeps the run's; with one it moves the run.
      await ingest("night-1");
      expect((await s.getRun(first))!.series).toBe("nightly ✓");
      await ingest("night-1", "pr");
      expect((await s.seriesRuns("pr")).map((r) => r.name)).toEqual(["night-1", "pr-7"]);
      expect(await s.setRunSeries(first, null)).toBe(true);
      expect((await s.getRun(first))!.series).toBeNull();
      expect(await s.listSeries()).toEqual([
        { name: "nightly ✓", runs: 1 },
        { name: "pr", runs: 1 },
      ]);
      expect(await s.setRunSeries("nope", "x")).toBe(false);
    },
  );

  contract(
    "keeps a live heartbeat beside the tags: each write keeps the other, and clearing it leaves the tags",
    ["setRunLive", "setRunTags", "getRun", "listRuns", "runVersion"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const { runs } = await ingestFiles(t.store, files.slice(0, 1), {
        runName: "watched",
        rootName: "a",
        tags: ["x"],
      });
      const id = runs[0]!.id;
      const until = new Date(Date.now() + 15_000);
      const before = await runSnapshot(s, id);
      expect(await s.setRunLive(id, until)).toBe(true);
      expect(await s.getRun(id)).toMatchObject({ tags: ["x"], liveUntil: until.toISOString() });
      // The heartbeat is not part of the run's version: the cached snapshot stays.
      expect(await runSnapshot(s, id)).toBe(before);
      await ingestFiles(t.store, files, { runName: "watched", rootName: "a", tags: ["y"] });
      expect((await s.listRuns())[0]).toMatchObject({ tags: ["x", "y"], liveUntil: until.toISOString() });
      expect(await s.setRunTags(id, ["z"])).toBe(true);
      expect(await s.getRun(id)).toMatchObject({ tags: ["z"], liveUntil: until.toISOString() });
      expect(await s.setRunLive(id, null)).toBe(true);
      expect(await s.getRun(id)).toMatchObject({ tags: ["z"], liveUntil: null });
      expect(await s.setRunLive("nope", until)).toBe(false);
    },
  );

  contract(
    "deletes a run with its rows and the raw files no other run or refused file references, and nothing else",
    [
      "deleteRun",
      "getRun",
      "getRunBrief",
      "loadScoringRun",
      "runVersion",
      "getRunExport",
      "getTask",
      "getRawFile",
      "listRuns",
      "countRuns",
      "storeRejectedFiles",
    ],
    async (s) => {
      const files = loadFixture("scoring-article");
      const sha = files.map((f) => sha256Hex(f.bytes));
      const a = (await ingestFiles(t.store, files.slice(0, 2), { runName: "a", rootName: "a" })).runs[0]!.id;
      const b = (await ingestFiles(t.store, files, { runName: "b", rootName: "b" })).runs[0]!.id;
      await s.storeRejectedFiles([{ file: files[0]!, error: "refused elsewhere" }]);
      const counts = async () => ({
        tasks: await t.db.task.count(),
        rollouts: await t.db.rollout.count(),
        checks: await t.db.check.count(),
        runFiles: await t.db.runFile.count(),
      });
      const before = await counts();
      const exportA = await s.getRunExport(a);
      expect(await runSnapshot(s, b)).not.toBeNull();

      expect(await s.deleteRun(b)).toBe(true);
      expect(await s.getRun(b)).toBeNull();
      expect(await s.getRunBrief(b)).toBeNull();
      expect(await s.loadScoringRun(b)).toBeNull();
      expect(await runSnapshot(s, b)).toBeNull();
      expect(await s.getRunExport(b)).toBeNull();
      expect(await s.runVersion(b)).toBeNull();
      expect(await s.getTask(b, "checkout")).toBeNull();
      expect(await t.db.rollout.count({ where: { runId: b } })).toBe(0);
      expect(await t.db.task.count({ where: { runId: b } })).toBe(0);
      expect(await t.db.runFile.count({ where: { runId: b } })).toBe(0);
      expect(await t.db.check.count({ where: { rollout: { runId: b } } })).toBe(0);
      // a's two files stay (a holds them), b's own third file goes.
      expect(await s.getRawFile(sha[0]!)).not.toBeNull();
      expect(await s.getRawFile(sha[1]!)).not.toBeNull();
      expect(await s.getRawFile(sha[2]!)).toBeNull();
      expect(await s.getRunExport(a)).toEqual(exportA);
      expect((await s.listRuns()).map((r) => r.id)).toEqual([a]);
      expect((await counts()).rollouts).toBe(before.rollouts - 3);

      expect(await s.deleteRun(a)).toBe(true);
      expect(await counts()).toEqual({ tasks: 0, rollouts: 0, checks: 0, runFiles: 0 });
      // The refused file keeps its bytes; the other goes.
      expect(await s.getRawFile(sha[0]!)).not.toBeNull();
      expect(await s.getRawFile(sha[1]!)).toBeNull();
      expect(await s.deleteRun(a)).toBe(false);
      expect(await s.countRuns()).toBe(0);
    },
  );

  contract(
    "a run deleted on one instance is gone for another that has its snapshot cached, and its new version is read",
    ["deleteRun", "loadScoringRun"],
    async (s) => {
      const other = createStore(t.target);
      try {
        const files = loadFixture("scoring-article");
        const id = (await ingestFiles(t.store, files, { runName: "shared", rootName: "s" })).runs[0]!.id;
        const cached = await runSnapshot(other, id);
        expect(cached?.run.rollouts).toHaveLength(3);
        expect(await runSnapshot(other, id)).toBe(cached);

        expect(await s.deleteRun(id)).toBe(true);
        expect(await runSnapshot(other, id)).toBeNull();
        expect(await other.getRun(id)).toBeNull();

        // Ingested again under the same name: the same run id and rollout count, a new version.
        await ingestFiles(t.store, files.slice(0, 1), { runName: "shared", rootName: "s" });
        const again = await runSnapshot(other, id);
        expect(again?.run.rollouts).toHaveLength(1);
        await s.deleteRun(id);
        await ingestFiles(t.store, files.slice(1, 2), { runName: "shared", rootName: "s" });
        const third = await runSnapshot(other, id);
        expect(third).not.toBe(again);
        expect(third?.run).toEqual(await s.loadScoringRun(id));
        expect(third?.run.rollouts[0]!.id).not.toBe(again?.run.rollouts[0]!.id);
      } finally {
        await other.close();
      }
    },
  );

  /** A batch item as ingest builds it, for a rollout of `run`. */
  function itemOf(run: NormalizedRun, rollout: NormalizedRollout): RolloutToStore {
    return {
      task: run.tasks.find((task) => task.key === rollout.task)!,
      rollout,
      verdict: rolloutVerdict(toScoringRollout(rollout), { passThreshold: run.passThreshold }),
    };
  }

  contract(
    "names its provider; a closed store answers no call, and closing it again is harmless",
    ["provider", "close", "countRuns"],
    async (s, watch) => {
      expect(s.provider).toBe(t.provider);
      const other = watch(createStore(t.target));
      expect(other.provider).toBe(t.provider);
      expect(await other.countRuns()).toBe(0);
      await other.close();
      await expect(other.countRuns()).rejects.toThrow();
      await other.close();
      expect(await s.countRuns()).toBe(0);
    },
  );

  contract(
    "gives a run's version: its ingest time, name and rollout count, null once it is gone",
    ["runVersion", "getRun", "renameRun", "deleteRun"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const id = (await ingestFiles(t.store, files.slice(0, 1), { runName: "v", rootName: "v" })).runs[0]!.id;
      const { ingestedAt } = (await s.getRun(id))!;
      expect(await s.runVersion(id)).toEqual({ ingestedAt, name: "v", rollouts: 1 });
      await ingestFiles(t.store, files, { runName: "v", rootName: "v" });
      expect(await s.runVersion(id)).toEqual({ ingestedAt, name: "v", rollouts: 3 });
      await s.renameRun(id, "w");
      expect(await s.runVersion(id)).toEqual({ ingestedAt, name: "w", rollouts: 3 });
      expect(await s.deleteRun(id)).toBe(true);
      expect(await s.runVersion(id)).toBeNull();
      expect(await s.runVersion("nope")).toBeNull();
    },
  );

  contract(
    "reads the runs it is asked to warm into the run cache after the call returns",
    ["runVersion"],
    async (s) => {
      const files = loadFixture("scoring-article");
      const id = (await ingestFiles(t.store, files, { runName: "warm", rootName: "w" })).runs[0]!.id;
      expect(await runSnapshot(s, id, { cachedOnly: true })).toBeNull();
      warmRuns(s, [id, "nope"]);
      let warmed = null;
      for (let i = 0; i < 200 && !warmed; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        warmed = await runSnapshot(s, id, { cachedOnly: true });
      }
      expect(warmed?.run.rollouts).toHaveLength(3);
      expect(await runSnapshot(s, id)).toBe(warmed);
    },
  );

  contract(
    "creates a run with its fields and tags, or finds it, adding tags and marking it baseline when asked",
    ["upsertRun", "getRun", "baselineRun"],
    async (s) => {
      const run = parse(loadFixture("scoring-article"), "s").runs[0]!;
      const a = await s.upsertRun("a", run, { tags: ["x"] });
      expect(a).toEqual({ id: runRowId("a"), created: true });
      const created = await s.getRun(a.id);
      expect(created).toEqual({
        id: a.id,
        name: run.name,
        agent: run.agent,
        model: run.model,
        format: run.format,
        createdAt: iso(run.createdAt),
        ingestedAt: expect.any(String),
        baseline: false,
        series: null,
        tags: ["x"],
        liveUntil: null,
        summary: null,
        metadata: asJson(run.metadata),
        warnings: run.warnings,
        regrades: asJson(run.regrades),
      });
      expect(Math.abs(Date.parse(created!.ingestedAt) - Date.now())).toBeLessThan(60_000);
      const b = await s.upsertRun("b", run, { baseline: true });
      expect(await s.baselineRun()).toEqual({ id: b.id, name: run.name, baseline: true });

      // Found again: its own fields stay, the tags are added, and it takes the baseline.
      expect(await s.upsertRun("a", { ...run, name: "another name" }, { tags: ["y", "x"], baseline: true })).toEqual({
        id: a.id,
        created: false,
      });
      expect(await s.getRun(a.id)).toMatchObject({
        name: run.name,
        tags: ["x", "y"],
        baseline: true,
        ingestedAt: created!.ingestedAt,
      });
      expect(await s.baselineRun()).toMatchObject({ id: a.id });
      expect((await s.getRun(b.id))!.baseline).toBe(false);

      // Several at once (two ingests of one run starting together): one creates it, each keeps its tags.
      const together = await Promise.all(["p", "q", "r"].map((tag) => s.upsertRun("c", run, { tags: [tag] })));
      expect(together.filter((r) => r.created)).toHaveLength(1);
      expect([...(await s.getRun(runRowId("c")))!.tags].sort()).toEqual(["p", "q", "r"]);
    },
  );

  contract(
    "refuses a batch for a run that does not exist, writing none of it",
    ["storeRollouts", "getRawFile", "rolloutCount"],
    async (s) => {
      const { runs, byPath } = parse(loadFixture("scoring-article"), "s");
      const run = runs[0]!;
      const missing = runRowId("missing");
      await expect(s.storeRollouts(missing, [itemOf(run, run.rollouts[0]!)], byPath)).rejects.toThrow();
      expect(await s.getRawFile(run.rollouts[0]!.source.sha256)).toBeNull();
      expect(await s.rolloutCount(missing)).toBe(0);
      expect(await t.db.task.count()).toBe(0);
    },
  );

  contract(
    "stores nothing for the summaries or the encoding of a run that does not exist",
    ["updateSummaries", "writeRunEncoding", "readRunEncoding", "listRuns"],
    async (s) => {
      const { id } = await ingest("scoring-article");
      const [before] = await s.listRuns();
      const report = computeReport((await t.store.loadScoringRun(id))!);
      await s.updateSummaries("nope", { ...report, counts: { ...report.counts, unscored: 99 } });
      expect(await s.listRuns()).toEqual([before]);
      const stored = (await s.readRunEncoding(id, { bytes: true }))!;
      await expect(s.writeRunEncoding("nope", stored)).rejects.toThrow();
      expect(await s.readRunEncoding("nope", { bytes: true })).toBeNull();
    },
  );

  contract(
    "reads back a run's encoding as written, every field, whoever writes it last",
    ["readRunEncoding", "writeRunEncoding"],
    async (s, watch) => {
      const { id } = await ingest("scoring-article");
      const stored = (await s.readRunEncoding(id, { bytes: true }))!;
      const written = {
        ingestedAt: new Date("2030-01-02T03:04:05.678Z"),
        rollouts: 7,
        name: "written ✓",
        layout: stored.layout,
        bytes: new Uint8Array([0, 1, 2, 255]),
        screenLayout: 12,
        firstScreen: { any: ["json", 1, null, { nested: true }] },
      };
      await s.writeRunEncoding(id, written);
      expect(await s.readRunEncoding(id, { bytes: true })).toEqual(written);
      expect(await s.readRunEncoding(id, { bytes: false })).toEqual({ ...written, bytes: new Uint8Array() });
      // Two instances writing it at once (two ingests of one run, two run caches): neither fails, one stays whole.
      const other = watch(createStore(t.target));
      try {
        for (let round = 0; round < 5; round++) {
          const mine = { ...written, rollouts: 100 + round };
          const theirs = { ...written, rollouts: 200 + round, name: "theirs" };
          await Promise.all([s.writeRunEncoding(id, mine), other.writeRunEncoding(id, theirs)]);
          expect([mine, theirs]).toContainEqual(await s.readRunEncoding(id, { bytes: true }));
        }
      } finally {
        await other.close();
      }
    },
  );

  contract(
    "keeps an edited declared scenario the only declared one, whether or not the edit names `declared`",
    ["createScenario", "updateScenario", "listScenarios", "declaredScenario", "getScenario"],
    async (s) => {
      for (const name of ["a", "b", "c"]) await s.createScenario({ name, description: "", scenario: {} });
      await s.updateScenario("a", { declared: true });
      const declared = async () => (await s.listScenarios()).filter((x) => x.declared).map((x) => x.name);
      // Two declared, as rows written before the rule held (or by hand) may be: the next edit of one repairs it.
      await t.db.scenario.update({ where: { name: "b" }, data: { declared: true } });
      expect(await declared()).toEqual(["a", "b"]);
      const before = (await s.getScenario("a"))!;
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await s.updateScenario("a", { description: "edited" })).toMatchObject({
        saved: { name: "a", description: "edited", declared: true, createdAt: before.createdAt },
      });
      expect(await declared()).toEqual(["a"]);
      expect(Date.parse((await s.getScenario("a"))!.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

      // A rename of the declared one keeps it declared, and the only one.
      await t.db.scenario.update({ where: { name: "c" }, data: { declared: true } });
      expect(await s.updateScenario("a", { name: "a2" })).toMatchObject({ saved: { name: "a2", declared: true } });
      expect(await declared()).toEqual(["a2"]);
      expect((await s.declaredScenario())?.name).toBe("a2");

      // An edit of an undeclared one leaves the declared one as it is; undeclaring it leaves none.
      expect(await s.updateScenario("b", { scenario: { unscored: "fail" } })).toMatchObject({
        saved: { name: "b", declared: false, scenario: { unscored: "fail" } },
      });
      expect(await declared()).toEqual(["a2"]);
      expect(await s.updateScenario("a2", { declared: false })).toMatchObject({ saved: { declared: false } });
      expect(await declared()).toEqual([]);
      expect(await s.declaredScenario()).toBeNull();
    },
  );

  contract(
    "keeps every review of a run's verdicts, names what is missing, and never changes a stored verdict",
    ["addReviews", "listReviews", "getRollout", "deleteRun"],
    async (s) => {
      const { id } = await ingest("scoring-article");
      const other = await ingest("silo-runs");
      const checkout = (await t.store.loadScoringRun(id))!.rollouts.find((r) => r.task === "incident/checkout")!;
      const before = await s.getRollout(id, checkout.id);
      const review = (reviewer: string, verdict: "pass" | "fail" | "unsure", at: string) => ({
        rollout: checkout.id,
        check: "C3",
        verdict,
        reason: `<script>alert(1)</script> 64 is the total budget ✓ (${reviewer})`,
        reviewer,
        at,
      });
      expect(await s.listReviews(id)).toEqual([]);
      expect(await s.listReviews("nope")).toBeNull();
      const first = [
        review("ana", "pass", "2026-01-01T10:00:00.000Z"),
        review("bo", "fail", "2026-01-01T09:00:00.000Z"),
      ];
      expect(await s.addReviews(id, first)).toEqual({ added: 2, present: 0 });
      // Again (an import run twice): nothing added, both counted as present.
      expect(await s.addReviews(id, first)).toEqual({ added: 0, present: 2 });
      const withdrawal = { ...review("ana", "unsure", "2026-01-02T10:00:00.000Z"), withdrawn: true };
      expect(await s.addReviews(id, [withdrawal])).toEqual({ added: 1, present: 0 });
      expect(await s.listReviews(id)).toEqual([
        { task: "incident/checkout", ...first[1] },
        { task: "incident/checkout", ...first[0] },
        { task: "incident/checkout", ...withdrawal },
      ]);

      // A rollout or check the run lacks: nothing of the batch is written, the missing one is named.
      const late = review("cy", "pass", "2026-01-03T00:00:00.000Z");
      expect(await s.addReviews(id, [late, { ...late, rollout: "ghost" }])).toEqual({
        error: "rollout",
        rollout: "ghost",
      });
      expect(await s.addReviews(id, [late, { ...late, check: "C9" }])).toEqual({
        error: "check",
        rollout: checkout.id,
        check: "C9",
      });
      expect(await s.addReviews("nope", [late])).toEqual({ error: "run" });
      expect(await s.addReviews(other.id, [late])).toEqual({ error: "rollout", rollout: checkout.id });
      expect(await s.listReviews(id)).toHaveLength(3);
      expect(await s.listReviews(other.id)).toEqual([]);

      // The stored verdict is the one ingested.
      expect(await s.getRollout(id, checkout.id)).toEqual(before);

      // Deleting the run deletes its reviews.
      expect(await s.deleteRun(id)).toBe(true);
      expect(await s.listReviews(id)).toBeNull();
      expect(await t.db.review.count()).toBe(0);
    },
  );

  contract(
    "finds the checks whose stored metadata holds a key, with their rollout and task",
    ["checksWithMetadataKey"],
    async (s) => {
      const { id, parsed } = await ingest("inspect-real");
      const withAnswer = parsed.rollouts.flatMap((r) =>
        r.checks.filter((c) => Object.hasOwn(c.metadata, "answer")).map((c) => [r.id, c.key]),
      );
      expect(withAnswer.length).toBeGreaterThan(0);
      const found = (await s.checksWithMetadataKey(id, "answer"))!;
      expect(found.map((f) => [f.rollout, f.check]).sort()).toEqual([...withAnswer].sort());
      expect(found[0]!.task).toBe(parsed.rollouts.find((r) => r.id === found[0]!.rollout)!.task);
      expect(found.every((f) => Object.hasOwn(f.metadata, "answer"))).toBe(true);
      expect(await s.checksWithMetadataKey(id, "no-such-key")).toEqual([]);
      expect(await s.checksWithMetadataKey("nope", "answer")).toBeNull();
    },
  );

  contract(
    "indexes trace steps once, searches them by words, phrase and filters, scans them, and deletes them with the run",
    [
      "traceSearchState",
      "unindexedTraces",
      "writeTraceSteps",
      "appendTraceSteps",
      "searchStepText",
      "scanSteps",
      "rolloutsMatching",
      "traceTools",
    ],
    async (s) => {
      const { id, parsed } = await ingest("traces/silo/scoring-article");
      // Ingest read every stored rollout's trace.
      const state = (await s.traceSearchState(id))!;
      expect(state.pending).toBe(0);
      expect(state.rollouts).toBe(parsed.rollouts.length);
      expect(state.indexed + state.skipped + state.none).toBe(state.rollouts);
      expect(state.indexed).toBeGreaterThan(0);
      expect(state.steps).toBe(await t.db.traceStep.count());
      expect(await s.unindexedTraces(id, 10)).toEqual([]);
      expect(await s.traceSearchState("nope")).toBeNull();

      // One rollout's index taken away: it is the one left to read, with what reading it needs.
      const target = parsed.rollouts[0]!;
      const ref = rolloutRowId(id, target.id);
      await t.db.traceStep.deleteMany({ where: { rolloutRef: ref } });
      await t.db.traceSearchState.delete({ where: { rolloutRef: ref } });
      const pending = await s.unindexedTraces(id, 10);
      expect(pending.map((p) => [p.rolloutId, p.sourceFormat, p.sourcePath])).toEqual([
        [target.id, target.source.format, target.source.path],
      ]);
      expect(pending[0]!.files.map((f) => f.path)).toEqual(target.files);
      expect((await s.traceSearchState(id))!.pending).toBe(1);

      const steps = [
        { step: 0, source: "user" as const, tool: null, isError: false, text: "Find the quokka zebra report" },
        { step: 1, source: "agent" as const, tool: "bash", isError: false, text: 'bash {"cmd":"pip install zebra"}' },
        { step: 2, source: "tool" as const, tool: "bash", isError: true, text: "zebra: permission denied" },
      ];
      // A big trace's steps go ahead of its entry, a page at a time; a page stored twice is stored once.
      expect(await s.appendTraceSteps(id, target.id, steps.slice(0, 2))).toBe(true);
      expect(await s.appendTraceSteps(id, target.id, steps.slice(0, 1))).toBe(true);
      expect(await s.appendTraceSteps(id, "no-such-rollout", steps)).toBe(false);
      expect(await t.db.traceStep.count({ where: { rolloutRef: ref } })).toBe(2);
      // Still pending until its entry is written.
      expect((await s.traceSearchState(id))!.pending).toBe(1);
      // In one transaction: the entry of a rollout that does not exist is left out, the others stored.
      expect(
        await s.writeTraceSteps(id, [
          { rolloutId: "no-such-rollout", entry: { status: "none" } },
          { rolloutId: target.id, entry: { status: "indexed", steps: steps.slice(2) }, written: 2 },
        ]),
      ).toEqual([false, true]);
      expect((await t.db.traceSearchState.findUniqueOrThrow({ where: { rolloutRef: ref } })).steps).toBe(3);
      // Stored once.
      expect(await s.writeTraceSteps(id, [{ rolloutId: target.id, entry: { status: "none" } }])).toEqual([false]);
      expect(await s.appendTraceSteps(id, target.id, steps)).toBe(false);
      expect(await s.writeTraceSteps("nope", [{ rolloutId: target.id, entry: { status: "none" } }])).toEqual([false]);
      expect(await s.writeTraceSteps(id, [])).toEqual([]);
      expect((await s.traceSearchState(id))!.pending).toBe(0);

      const query = { offset: 0, limit: 10, stepsPerRollout: 5 };
      const zebra = await s.searchStepText(id, { ...query, mode: "all", words: ["zebra"] });
      expect(zebra).toEqual({
        rollouts: 1,
        steps: 3,
        page: [{ rolloutId: target.id, task: target.task, passed: expect.any(Boolean), hits: 3, steps }],
      });
      const words = (w: string[], more: object = {}) =>
        s
          .searchStepText(id, { ...query, mode: "all", words: w, ...more })
          .then((r) => r.page.flatMap((p) => p.steps.map((x) => x.step)));
      const phrase = (w: string[], more: object = {}) =>
        s
          .searchStepText(id, { ...query, mode: "phrase", words: w, ...more })
          .then((r) => r.page.flatMap((p) => p.steps.map((x) => x.step)));
      expect(await words(["ZEBRA".toLowerCase(), "quokka"])).toEqual([0]);
      expect(await phrase(["quokka", "zebra"])).toEqual([0]);
      expect(await phrase(["zebra", "quokka"])).toEqual([]);
      expect(await phrase(["permission", "denied"])).toEqual([2]);
      expect(await words(["zebra"], { tool: "bash" })).toEqual([1, 2]);
      expect(await words(["zebra"], { errorsOnly: true })).toEqual([2]);
      expect(await words(["zebra"], { source: "agent" })).toEqual([1]);
      expect(await words(["zebra"], { stepsPerRollout: 1 })).toEqual([0]);
      expect((await s.searchStepText(id, { ...query, offset: 1, mode: "all", words: ["zebra"] })).page).toEqual([]);
      expect(await s.searchStepText("nope", { ...query, mode: "all", words: ["zebra"] })).toEqual({
        rollouts: 0,
        steps: 0,
        page: [],
      });
      expect(await s.rolloutsMatching(id, { mode: "phrase", words: ["permission", "denied"] }, 10)).toEqual([
        target.id,
      ]);
      expect(await s.rolloutsMatching(id, { mode: "all", words: ["nothingmatchesthis"] }, 10)).toEqual([]);

      // The scoring-article traces call get_deploy_diff, query_metrics, … (checkout) and filter_csv, … (csv-conversion).
      const tools = await s.traceTools(id);
      const byTool = await t.db.traceStep.groupBy({ by: ["tool"], where: { runId: id }, _count: true });
      expect(tools.map((x) => [x.tool, x.steps]).sort()).toEqual(
        byTool
          .filter((g) => g.tool !== null)
          .map((g) => [g.tool, g._count])
          .sort(),
      );
      expect(tools.find((x) => x.tool === "bash")).toEqual({ tool: "bash", steps: 2 });
      expect(tools.map((x) => x.steps)).toEqual([...tools.map((x) => x.steps)].sort((a, b) => b - a));
      expect(await s.traceTools("nope")).toEqual([]);

      // The scan reads every indexed step of the run in stored order, chunk after chunk, with the filters.
      const all: number[] = [];
      for (let after = 0; ;) {
        const chunk = await s.scanSteps(id, {}, after, 7);
        if (chunk.length === 0) break;
        for (const c of chunk) all.push(c.id);
        after = chunk.at(-1)!.id;
      }
      expect(all.length).toBe(await t.db.traceStep.count());
      expect(all).toEqual([...all].sort((a, b) => a - b));
      const errors = await s.scanSteps(id, { errorsOnly: true, tool: "bash" }, 0, 1000);
      expect(errors.filter((e) => e.rolloutId === target.id).map((e) => [e.step, e.task, e.text])).toEqual([
        [2, target.task, "zebra: permission denied"],
      ]);
      expect(errors.every((e) => e.isError && e.tool === "bash")).toBe(true);

      // Deleting the run takes its index with it, the full-text index included.
      expect(await s.deleteRun(id)).toBe(true);
      expect(await t.db.traceStep.count()).toBe(0);
      expect(await t.db.traceIndex.count()).toBe(0);
      const again = await ingest("traces/silo/scoring-article");
      expect((await s.searchStepText(again.id, { ...query, mode: "all", words: ["quokka"] })).steps).toBe(0);
    },
  );

  it("has a contract test for every member of the Store interface", () => {
    const members = Object.keys(STORE_MEMBERS) as Member[];
    expect(members.filter((m) => !covered.has(m))).toEqual([]);
  });
});
