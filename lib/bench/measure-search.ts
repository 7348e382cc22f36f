import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { createStore } from "@/lib/store/open-store";
import { searchRunTraces, type TraceSearchQuery } from "@/lib/views/trace-search";
import { syntheticSiloFiles, type SyntheticShape } from "./synthetic";

/*
 * The trace search figure (docs/traces.md#search): a generated Silo run of 500 rollouts, each with a 100-step
 * trace, ingested (which fills the index) into a fresh database, then each search timed as the API runs it
 * (median of 7 after one warm-up). Run: `npx tsx lib/bench/measure-search.ts [DATABASE_URL]` (default: a
 * temporary SQLite file; a postgresql:// URL names an empty database).
 */

export const SEARCH_SHAPE: SyntheticShape = {
  tasks: 100,
  rollouts: 5,
  checks: 4,
  groups: 4,
  seed: 29,
  traceEvents: 100,
};
export const SEARCH_GOAL_MS = 300;

const QUERIES: { name: string; query: Omit<TraceSearchQuery, "page" | "pageSize"> }[] = [
  { name: "words, every rollout matches", query: { q: "lookup 42", mode: "words" } },
  { name: "phrase", query: { q: "lookup 42", mode: "phrase" } },
  { name: "words + tool filter", query: { q: "lookup", mode: "words", tool: "tool_2" } },
  { name: "words, no match", query: { q: "nothing matches", mode: "words" } },
  { name: "regex (bounded scan)", query: { q: "lookup 4[0-9]\\b", mode: "regex" } },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureSearch(url: string) {
  const target = parseDatabaseUrl(url);
  await migrate(target);
  const store = createStore(target);
  try {
    const encoder = new TextEncoder();
    const files = [...syntheticSiloFiles(SEARCH_SHAPE)].map((f) => ({ path: f.path, bytes: encoder.encode(f.text) }));
    const started = performance.now();
    const { runs } = await ingestFiles(store, files, { rootName: "search-bench" });
    const ingestMs = performance.now() - started;
    const id = runs[0]!.id;
    const index = (await store.traceSearchState(id))!;
    const figures = [];
    for (const { name, query } of QUERIES) {
      const times: number[] = [];
      let rollouts = 0;
      for (let n = 0; n < 8; n++) {
        const t0 = performance.now();
        const result = await searchRunTraces(store, id, { ...query, page: 1, pageSize: 20 });
        if (n > 0) times.push(performance.now() - t0);
        rollouts = result!.total.rollouts;
      }
      figures.push({ name, medianMs: Math.round(median(times)), matchingRollouts: rollouts });
    }
    return {
      provider: target.provider,
      rollouts: index.rollouts,
      steps: index.steps,
      ingestMs: Math.round(ingestMs),
      figures,
    };
  } finally {
    await store.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? "")) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-search-bench-"));
  const url = process.argv[2] ?? `file:${path.join(dir, "bench.db")}`;
  const result = await measureSearch(url);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `${result.provider}: ${result.rollouts} rollouts, ${result.steps} steps indexed; ingest ${result.ingestMs} ms`,
  );
  for (const f of result.figures)
    console.log(
      `  ${f.name}: ${f.medianMs} ms (${f.matchingRollouts} rollouts match)${f.name.startsWith("regex") ? "" : f.medianMs < SEARCH_GOAL_MS ? `  goal < ${SEARCH_GOAL_MS} ms: met` : `  goal < ${SEARCH_GOAL_MS} ms: NOT met`}`,
    );
  fs.rmSync(dir, { recursive: true, force: true });
}
