import { beforeEach, expect, it } from "vitest";
import { syntheticSiloFiles } from "@/lib/bench/synthetic";
import { forEachDatabase } from "@/lib/db/test-databases";
import { textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { INDEXED_TRACE_BYTES } from "@/lib/formats/trace-index";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { INDEXED_FIRST_STEPS, SIDE_BY_SIDE_STEPS } from "./indexed-trace";
import { loadSideBySide } from "./side-by-side";

const STEPS = 6_001;

/**
 * A Silo trace.jsonl over INDEXED_TRACE_BYTES: a lone call (step 0), then 3,000 calls each answered on the next
 * step (call n at step 2n - 1). `other` names call 750 (step 1,499) differently: where two such traces part ways.
 */
function bigTrace(other: boolean): string {
  const lines = [JSON.stringify({ seq: 1, type: "tool_call", callId: "c0", tool: "lone", input: {} })];
  for (let seq = 2; seq <= STEPS; seq++) {
    const n = Math.floor(seq / 2);
    const tool = other && n === 750 ? "other" : `tool_${n % 7}`;
    lines.push(
      JSON.stringify(
        seq % 2 === 0
          ? { seq, type: "tool_call", callId: `c${n}`, tool, input: { n } }
          : { seq, type: "tool_result", callId: `c${n}`, output: { t: "z".repeat(2800) } },
      ),
    );
  }
  return lines.join("\n") + "\n";
}

forEachDatabase("side by side of indexed traces", (t) => {
  beforeEach(() => t.reset());

  it("aligns the first SIDE_BY_SIDE_STEPS steps of each, so a divergence past the first page is found", async () => {
    const files = [...syntheticSiloFiles({ tasks: 1, rollouts: 2, checks: 3, groups: 1, seed: 3, traceEvents: 4 })];
    const traces = files.filter((f) => f.path.endsWith(".trace.jsonl")).map((f) => f.path);
    expect(traces).toHaveLength(2);
    const input = files.map((f) =>
      traces.includes(f.path) ? textFile(f.path, bigTrace(f.path === traces[1])) : textFile(f.path, f.text),
    );
    expect(input.find((f) => f.path === traces[0])!.bytes.byteLength).toBeGreaterThan(INDEXED_TRACE_BYTES);
    const { runs } = await ingestFiles(t.store, input, { rootName: "big" });
    const runId = runs[0]!.id;
    const [a, b] = traces.map((p) => p.split("/").at(-1)!.replace(".trace.jsonl", ""));
    expect(await t.store.getTraceIndex((await t.store.getRollout(runId, a!))!.files[1]!.sha256)).not.toBeNull();

    const view = await loadSideBySide(t.store, {
      refs: [
        { runId, rolloutId: a! },
        { runId, rolloutId: b! },
      ],
      from: 0,
    });
    if (view.kind !== "found" || !view.alignment) throw new Error(`expected an alignment, got ${view.kind}`);
    for (const column of view.columns) {
      if (column.trace.kind !== "trace") throw new Error("expected a trace");
      expect(column.trace.trace.steps).toHaveLength(SIDE_BY_SIDE_STEPS);
      expect(column.trace.trace.totals.steps).toBe(STEPS);
    }
    expect(SIDE_BY_SIDE_STEPS).toBeGreaterThan(1499);
    expect(INDEXED_FIRST_STEPS).toBeLessThan(1499);
    // B parts ways with A at its call 750 (step 1,499): past the steps a rollout page starts with.
    expect(view.alignment.divergences[1]).toMatchObject({ step: 1499 });
    expect(view.alignment.total).toBeGreaterThan(1000);
  });
});
