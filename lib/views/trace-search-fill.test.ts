import { beforeEach, expect, it } from "vitest";
import { syntheticSiloFiles } from "@/lib/bench/synthetic";
import { rolloutRowId } from "@/lib/db/ids";
import { forEachDatabase } from "@/lib/db/test-databases";
import { textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { INDEXED_TRACE_BYTES } from "@/lib/formats/trace-index";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { backfillTraceSearch } from "./trace-search-backfill";
import { SEARCH_PAGE_STEPS } from "./trace-search-fill";
import { stepsHolding } from "./trace-search-fixture";

const STEPS = 12_001;

/**
 * A Silo trace.jsonl over INDEXED_TRACE_BYTES: a lone call, then 6,000 calls each answered on the next step, so
 * the call of step 1,000's result is on the page before it. The last result alone says "omega".
 */
function bigTrace(): string {
  const lines = [JSON.stringify({ seq: 1, type: "tool_call", callId: "c0", tool: "lone", input: {} })];
  for (let seq = 2; seq <= STEPS; seq++) {
    const n = Math.floor(seq / 2);
    const callId = `c${n}`;
    lines.push(
      JSON.stringify(
        seq % 2 === 0
          ? { seq, type: "tool_call", callId, tool: `tool_${n % 7}`, input: { n } }
          : { seq, type: "tool_result", callId, output: { t: seq === STEPS ? "omega" : "z".repeat(1400) } },
      ),
    );
  }
  return lines.join("\n") + "\n";
}

forEachDatabase("search of a big trace", (t) => {
  beforeEach(() => t.reset());

  it("stores every step of an indexed trace a page at a time, at ingest and in a backfill", async () => {
    const files = [...syntheticSiloFiles({ tasks: 2, rollouts: 1, checks: 3, groups: 1, seed: 3, traceEvents: 4 })];
    const big = files.findIndex((f) => f.path.endsWith(".trace.jsonl"));
    const trace = textFile(files[big]!.path, bigTrace());
    expect(trace.bytes.byteLength).toBeGreaterThan(INDEXED_TRACE_BYTES);
    expect(STEPS).toBeGreaterThan(10 * SEARCH_PAGE_STEPS);
    const input = files.map((f, n) => (n === big ? trace : textFile(f.path, f.text)));
    const { runs } = await ingestFiles(t.store, input, { rootName: "big" });
    const runId = runs[0]!.id;
    const rolloutId = trace.path.split("/").at(-1)!.replace(".trace.jsonl", "");
    const ref = rolloutRowId(runId, rolloutId);

    const expectEveryStep = async () => {
      expect(await t.db.traceStep.count({ where: { rolloutRef: ref } })).toBe(STEPS);
      const state = await t.db.traceSearchState.findUniqueOrThrow({ where: { rolloutRef: ref } });
      expect(state).toMatchObject({ status: "indexed", steps: STEPS });
      // A result is named by its call's tool across a page boundary (call c500 at step 999, result at 1,000).
      const around = await t.db.traceStep.findMany({
        where: { rolloutRef: ref, step: { in: [0, 999, 1000, STEPS - 1] } },
        orderBy: { step: "asc" },
        select: { step: true, tool: true },
      });
      expect(around).toEqual([
        { step: 0, tool: "lone" },
        { step: 999, tool: "tool_3" },
        { step: 1000, tool: "tool_3" },
        { step: STEPS - 1, tool: "tool_1" },
      ]);
      expect(await stepsHolding(t.store, runId, "omega")).toEqual([[rolloutId, [STEPS - 1]]]);
    };
    await expectEveryStep();
    expect((await t.store.traceSearchState(runId))!).toMatchObject({ indexed: 2, pending: 0 });

    // Taken away, as for a run stored before search: the backfill reads it by its index, every step again.
    await t.db.traceStep.deleteMany({ where: { rolloutRef: ref } });
    await t.db.traceSearchState.delete({ where: { rolloutRef: ref } });
    expect(await backfillTraceSearch(t.store, runId)).toBe(1);
    await expectEveryStep();
    expect(await backfillTraceSearch(t.store, runId)).toBe(0);
  });
});
