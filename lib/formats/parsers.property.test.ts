import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { FORMAT_IDS } from "./registry";
import type { InputFile, Json } from "./types";

// Property-based tests of every format reader through parseBatch: random JSON, random values and random bytes
// given as a file never throw out of parseBatch (a bad file is a rejection, a good one a run), and a valid Silo
// result keeps random extra fields in its metadata without changing its verdicts.

const RUNS = { numRuns: 40 };
const enc = new TextEncoder();

/** The names the formats look for, so random content reaches each reader's parse and not only its claim. */
const NAMES = [
  "result.json",
  "t1.result.json",
  "run.json",
  "trial/result.json",
  "trial/verifier/reward.txt",
  "trial/verifier/reward-details.json",
  "job/config.json",
  "log.json",
  "log.eval",
  "header.json",
  "samples/1_epoch_1.json",
  "grade.json",
  "grades.jsonl",
  "rubric.json",
  "results.json",
  "data.jsonl",
  "x.bin",
];

const arbContent: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.json({ maxDepth: 4 }).map((text) => enc.encode(text)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => enc.encode(JSON.stringify(v))),
  fc.anything({ maxDepth: 3 }).map((v) => enc.encode(safeStringify(v))),
  fc.uint8Array({ maxLength: 300 }),
  fc.string({ maxLength: 200 }).map((s) => enc.encode(s)),
  // A valid-looking Silo result with random values in its fields.
  fc
    .record({
      passed: fc.jsonValue({ maxDepth: 1 }),
      reward: fc.jsonValue({ maxDepth: 1 }),
      checks: fc.array(
        fc.dictionary(fc.constantFrom("label", "passed", "required", "detail", "score"), fc.jsonValue({ maxDepth: 1 })),
        { maxLength: 4 },
      ),
    })
    .map((v) => enc.encode(JSON.stringify(v))),
);

function safeStringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

const arbBatch: fc.Arbitrary<InputFile[]> = fc
  .uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 5 })
  .chain((names) => fc.tuple(...names.map((name) => arbContent.map((bytes) => ({ path: name, bytes })))));

/** The files Silo writes, in a run folder, beside it and above it, so that their combinations are exercised. */
const SILO_NAMES = [
  ".silo/runs/run_1/result.json",
  ".silo/runs/run_1/run.json",
  ".silo/runs/run_1/t2.result.json",
  ".silo/runs/run_1/trace.jsonl",
  ".silo/runs/run_1/state-diff.json",
  ".silo/runs/run_2/result.json",
  ".silo/runs/run_2/run.json",
  ".silo/tasks.json",
  "tasks.json",
  "other/tasks.json",
];

const arbSiloContent: fc.Arbitrary<Uint8Array> = fc.oneof(
  arbContent,
  fc.constant({ runId: "run_1", taskId: "T1", environment: "crm" }).map((v) => enc.encode(JSON.stringify(v))),
  fc
    .constant({ passed: true, reward: 1, checks: [{ label: "a", passed: true, required: true }] })
    .map((v) => enc.encode(JSON.stringify(v))),
  fc.constant([{ id: "T1", name: "One" }]).map((v) => enc.encode(JSON.stringify(v))),
);

const arbSiloBatch: fc.Arbitrary<InputFile[]> = fc
  .uniqueArray(fc.constantFrom(...SILO_NAMES), { minLength: 1, maxLength: 7 })
  .chain((names) => fc.tuple(...names.map((name) => arbSiloContent.map((bytes) => ({ path: name, bytes })))));

/** Every file is accounted for: read into a run, rejected, unclaimed or skipped. */
function expectAccounted(files: InputFile[], result: ReturnType<typeof parseBatch>) {
  const seen = new Set<string>([
    ...result.runs.flatMap((r) => r.rollouts.flatMap((ro) => [...ro.files, ro.source.path.split("#")[0]!])),
    ...result.rejected.map((r) => r.path),
    ...result.unclaimed.map((r) => r.path),
    ...result.skipped,
  ]);
  return files.filter((f) => !seen.has(f.path)).map((f) => f.path);
}

describe("format readers never throw on random input", () => {
  it("detection: random files become rejections or runs, never an exception", () => {
    fc.assert(
      fc.property(arbBatch, (files) => {
        const result = parseBatch(files);
        for (const r of [...result.rejected, ...result.unclaimed]) {
          expect(r.error).not.toMatch(/internal error/);
          expect(r.error.length).toBeGreaterThan(0);
        }
        // Every file is read into a run, rejected, unclaimed or skipped.
        expect(expectAccounted(files, result)).toEqual([]);
      }),
      RUNS,
    );
  });

  // Found by the property above: the silo reader claimed run.json as the sidecar of a result.json it then
  // rejected, and reported neither stored nor rejected for it, so its bytes were not kept.
  it("a run.json beside a rejected result.json is reported (not silently dropped)", () => {
    const files = [
      { path: "result.json", bytes: new Uint8Array() },
      { path: "run.json", bytes: enc.encode("{}") },
    ];
    const result = parseBatch(files);
    expect(expectAccounted(files, result)).toEqual([]);
    expect(result.rejected.map((r) => r.path)).toEqual(["result.json", "run.json"]);
  });

  it("Silo run folders, sidecars and manifests: every file is in a run or reported, detected or forced", () => {
    fc.assert(
      fc.property(arbSiloBatch, (files) => {
        for (const options of [{}, { format: "silo" as const }]) {
          const result = parseBatch(files, options);
          expect(expectAccounted(files, result)).toEqual([]);
          // A file is either in a run or reported, never both.
          const inRuns = new Set(result.runs.flatMap((r) => r.rollouts.flatMap((ro) => ro.files)));
          for (const r of result.rejected) expect(inRuns.has(r.path), r.path).toBe(false);
        }
      }),
      RUNS,
    );
  });

  for (const format of FORMAT_IDS) {
    it(`--format ${format}: random files never throw out of parseBatch or out of the reader`, () => {
      fc.assert(
        fc.property(arbBatch, (files) => {
          const result = parseBatch(files, { format });
          for (const r of result.rejected) expect(r.error, `${r.path}: ${r.error}`).not.toMatch(/internal error/);
        }),
        RUNS,
      );
    });
  }
});

describe("Silo results keep unknown fields", () => {
  const KNOWN = new Set([
    "passed",
    "reward",
    "checks",
    "agentOutput",
    "taskId",
    "taskName",
    "group",
    "error",
    "requiredPassed",
    "requiredTotal",
    "failedRequired",
    "checksPassed",
    "checksFailed",
    "toolCalls",
    "toolErrors",
    "terminationReason",
  ]);
  const arbExtra = fc.dictionary(
    fc
      .string({ minLength: 1, maxLength: 12 })
      .map((k) => `x_${k}`)
      .filter((k) => !KNOWN.has(k)),
    fc.jsonValue({ maxDepth: 3 }),
    { minKeys: 1, maxKeys: 5 },
  );
  const base = {
    passed: false,
    reward: 0.5,
    agentOutput: "done",
    checks: [
      { label: "The refund is issued", passed: true, required: true },
      { label: "The customer is told", passed: false, required: true },
    ],
  };

  it("a valid result with random extra fields keeps them in metadata and parses the same verdicts", () => {
    const plain = parseBatch([{ path: "t1.result.json", bytes: enc.encode(JSON.stringify(base)) }]);
    const plainRollout = plain.runs[0]!.rollouts[0]!;
    fc.assert(
      fc.property(arbExtra, (extra) => {
        const result = parseBatch([
          { path: "t1.result.json", bytes: enc.encode(JSON.stringify({ ...base, ...extra })) },
        ]);
        expect(result.rejected).toEqual([]);
        const ro = result.runs[0]!.rollouts[0]!;
        // JSON round trip: -0 becomes 0 and the parsed value is what the file says.
        const expected = JSON.parse(JSON.stringify(extra)) as Record<string, Json>;
        for (const [k, v] of Object.entries(expected)) expect(ro.metadata[k], k).toEqual(v);
        expect(ro.checks.map((c) => [c.label, c.passed, c.required])).toEqual(
          plainRollout.checks.map((c) => [c.label, c.passed, c.required]),
        );
        expect([ro.status, ro.reportedPassed, ro.reportedReward]).toEqual([
          plainRollout.status,
          plainRollout.reportedPassed,
          plainRollout.reportedReward,
        ]);
      }),
      RUNS,
    );
  });
});
