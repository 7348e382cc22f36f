import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { sha256Hex } from "@/lib/formats/hash";
import { INDEXED_TRACE_BYTES } from "@/lib/formats/trace-index";
import { readIndexedTracePage } from "./indexed-trace";
import { readStoredTrace } from "./rollout-trace";

/** A Silo trace.jsonl over INDEXED_TRACE_BYTES: 12,000 events, every 1,000th call's result an error. */
function bigTrace(): string {
  const lines: string[] = [];
  for (let seq = 1; seq <= 12_000; seq++) {
    const callId = Math.ceil(seq / 2);
    lines.push(
      JSON.stringify(
        seq % 2 === 1
          ? { seq, type: "tool_call", callId, tool: "grep", input: { n: callId } }
          : {
              seq,
              type: "tool_result",
              callId,
              isError: callId % 1000 === 0,
              output: { id: `e${callId}`, t: "z".repeat(1400) },
            },
      ),
    );
  }
  return lines.join("\n") + "\n";
}

forEachDatabase("indexed trace, first read", (t) => {
  beforeEach(() => t.reset());

  it("a big trace stored without its index is indexed on its first read, then paged by range", async () => {
    const file = textFile("run/TASK-1/trace.jsonl", bigTrace());
    expect(file.bytes.byteLength).toBeGreaterThan(INDEXED_TRACE_BYTES);
    const sha256 = sha256Hex(file.bytes);
    // Stored as a refused file keeps the raw bytes without an index, as a database from before indexes has them.
    await t.store.storeRejectedFiles([{ file, error: "stored before indexes" }]);
    expect(await t.store.getTraceIndex(sha256)).toBeNull();
    const source = { sourceFormat: "silo", sourcePath: "run/TASK-1/result.json", files: [{ path: file.path, sha256 }] };
    const read = await readStoredTrace(t.store, source);
    if (read.kind !== "trace") throw new Error(`expected a trace, got ${read.kind}`);
    expect(read.trace.steps).toHaveLength(200);
    expect(read.trace.totals).toMatchObject({ steps: 12_000, toolCalls: 6000, toolErrors: 6 });
    expect(read.trace.indexed).toEqual({ sha256, part: "", errors: [1999, 3999, 5999, 7999, 9999, 11999], refs: null });
    expect(await t.store.getTraceIndex(sha256)).not.toBeNull();
    const page = await readIndexedTracePage(t.store, read.trace, 11_998, 100);
    expect(page.map((s) => [s.index, s.id, s.results[0]?.isError ?? null])).toEqual([
      [11_998, "11999", null],
      [11_999, "12000", true],
    ]);
    // Read again: from the stored index, the same first steps.
    const again = await readStoredTrace(t.store, source);
    expect(again.kind === "trace" && again.trace.steps.map((s) => s.id)).toEqual(read.trace.steps.map((s) => s.id));
  });
});
