import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundleData, DetailChunk, TraceChunk, TraceIndex } from "@/lib/views/bundle-data";
import { bundleView } from "@/lib/views/bundle-view";
import { unpackRollout } from "@/lib/views/bundle-pack";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-databases";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { readPaths } from "@/lib/ingest/read-paths";
import { folderSink, zipFileSink } from "./bundle-sink";
import { BundleTooLarge, writeRunBundle } from "./run-bundle";

const root = fileURLToPath(new URL("../..", import.meta.url));
// Two Silo rollouts of two tasks, each with its trace.
const withTraces = path.join(root, "lib/formats/__fixtures__/traces/silo/scoring-article");
const viewer = { js: "/* viewer */", css: "/* styles */" };

let t: TestDatabase;
let runId: string;
const out = fs.mkdtempSync(path.join(os.tmpdir(), "tally-bundle-"));

beforeAll(async () => {
  t = await createTestDatabase("sqlite");
  const { files, rootName } = await readPaths([withTraces]);
  runId = (await ingestFiles(t.store, files, { rootName })).runs[0]!.id;
});
afterAll(async () => {
  await t.drop();
  fs.rmSync(out, { recursive: true, force: true });
});

/** Every file under `dir`, by its path inside it. */
function filesOf(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const at = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, at).split(path.sep).join("/"), fs.readFileSync(at, "utf8"));
  }
  return found;
}
const bytesOf = (files: Map<string, string>) => [...files.values()].reduce((sum, f) => sum + Buffer.byteLength(f), 0);
const dataOf = (js: string) =>
  JSON.parse(
    js
      .slice(js.indexOf("=") + 1)
      .trim()
      .replace(/;$/, ""),
  ) as BundleData;
/**
 * A chunk file's name and data: `window.__tallyChunk("name", {...});`, or a details chunk's
 * `window.__tallyChunkGzip("name", "<base64 of the gzipped JSON>");`.
 */
function chunkOf<T>(js: string): { name: string; data: T } {
  const gzipped = /^window\.__tallyChunkGzip\(("[^"]*"), "([A-Za-z0-9+/=]*)"\);\n$/s.exec(js);
  if (gzipped) {
    const json = zlib.gunzipSync(Buffer.from(gzipped[2]!, "base64")).toString("utf8");
    return { name: JSON.parse(gzipped[1]!) as string, data: JSON.parse(json) as T };
  }
  const m = /^window\.__tallyChunk\(("[^"]*"), (.*)\);\n$/s.exec(js);
  if (!m) throw new Error(`not a chunk: ${js.slice(0, 80)}`);
  return { name: JSON.parse(m[1]!) as string, data: JSON.parse(m[2]!) as T };
}

async function write(dir: string, maxBytes: number | null, options: { traceChunkBytes?: number } = {}) {
  const view = (await bundleView(t.store, runId, { rolloutsPerChunk: 1 }))!;
  const written = await writeRunBundle(view, folderSink(dir), { maxBytes, viewer, ...options });
  return { written, files: filesOf(dir) };
}

describe("the static bundle of a stored run", () => {
  it("writes one page, the run's columns, data.js, a details chunk per task group and the traces", async () => {
    const { written, files } = await write(path.join(out, "full"), null);
    expect(written.dropped).toBeNull();
    expect([...files.keys()].sort()).toEqual([
      "data.js",
      "details/0.js",
      "details/1.js",
      "index.html",
      "run.js",
      "traces/0.js",
      "traces/index.js",
      "viewer.css",
      "viewer.js",
    ]);
    expect(written.files).toBe(files.size);
    expect(written.bytes).toBe(bytesOf(files));

    const index = files.get("index.html")!;
    expect(index).toContain(
      '<script src="run.js"></script>\n<script src="data.js"></script>\n<script src="viewer.js"></script>',
    );
    expect(index).toContain("connect-src 'none'");
    const data = dataOf(files.get("data.js")!);
    expect(JSON.parse(data.metaJson!)).toMatchObject({ id: runId, name: "scoring-article" });
    expect(data).toMatchObject({ site: { runId }, detailChunks: [0, 1], tracesIndex: true, dropped: null });
    expect(files.get("run.js")).toMatch(/^window\.__tallyRun = "[A-Za-z0-9+/=]+";\n$/);

    // One task per chunk here (rolloutsPerChunk: 1): each holds its rollouts, their checks packed.
    // Details chunks are gzipped (the viewer inflates them); the traces stay plain.
    expect(files.get("details/0.js")!.startsWith('window.__tallyChunkGzip("details/0", "')).toBe(true);
    expect(files.get("traces/0.js")!.startsWith('window.__tallyChunk("traces/0", {')).toBe(true);
    const details = [0, 1].map((n) => chunkOf<DetailChunk>(files.get(`details/${n}.js`)!));
    expect(details.map((d) => d.name)).toEqual(["details/0", "details/1"]);
    const rollouts = details.flatMap((d) =>
      d.data.tasks.flatMap((task) => task!.rollouts.map((row) => unpackRollout(d.data, row))),
    );
    expect(rollouts).toHaveLength(2);
    for (const r of rollouts) {
      expect(r.trace).toBeNull();
      expect(r.checks).toHaveLength(r.head.checkCount);
      expect(r.checks.map((c) => c.order)).toEqual(r.checks.map((_, i) => i));
    }
    // The rollouts as the store reads them: the same heads and checks, every text whole.
    const stored = (await t.store.getRollout(runId, rollouts[0]!.head.id))!;
    expect(rollouts[0]!.head.sourcePath).toBe(stored.sourcePath);
    expect(rollouts[0]!.checks.map((c) => [c.key.head, c.passed, c.detail?.head ?? null])).toEqual(
      stored.checks.map((c) => [c.key, c.passed, c.detail]),
    );

    const traceIndex = chunkOf<TraceIndex>(files.get("traces/index.js")!).data;
    expect(Object.keys(traceIndex).sort()).toEqual(rollouts.map((r) => r.head.id).sort());
    const traces = chunkOf<TraceChunk>(files.get("traces/0.js")!).data;
    expect(Object.values(traces).map((tr) => tr.trace.kind)).toEqual(["trace", "trace"]);
  });

  it("closes a traces chunk past its byte target", async () => {
    const { files } = await write(path.join(out, "small-chunks"), null, { traceChunkBytes: 1 });
    const traceIndex = chunkOf<TraceIndex>(files.get("traces/index.js")!).data;
    expect(Object.values(traceIndex).sort()).toEqual([0, 1]);
    expect(files.has("traces/1.js")).toBe(true);
  });

  it("under --max-bytes drops the heaviest traces, says so, and stays under the cap", async () => {
    const full = await write(path.join(out, "uncapped"), null);
    const size = full.written.bytes;

    const one = await write(path.join(out, "one-less"), size - 1);
    expect(one.written.bytes).toBeLessThanOrEqual(size - 1);
    expect(one.written.bytes).toBe(bytesOf(one.files));
    expect(one.written.dropped).toMatch(/^To stay under \d+ bytes, this copy leaves out the traces of 1 rollouts/);
    expect(dataOf(one.files.get("data.js")!).dropped).toBe(one.written.dropped);
    expect(Object.keys(chunkOf<TraceIndex>(one.files.get("traces/index.js")!).data)).toHaveLength(1);

    const traceBytes = [...full.files].filter(([p]) => p.startsWith("traces/")).reduce((s, [, f]) => s + f.length, 0);
    // The cap counts what the index and data.js may take at most: a few hundred bytes of slack here.
    const none = await write(path.join(out, "no-traces"), size - traceBytes + 400);
    expect(none.written.dropped).toMatch(/leaves out the traces of 2 rollouts/);
    expect([...none.files.keys()].filter((p) => p.startsWith("traces/"))).toEqual([]);
    expect(dataOf(none.files.get("data.js")!).tracesIndex).toBe(false);
  });

  it("refuses a cap the bundle cannot meet without its traces, and leaves nothing behind", async () => {
    const dir = path.join(out, "too-small");
    const view = (await bundleView(t.store, runId))!;
    await expect(writeRunBundle(view, folderSink(dir), { maxBytes: 1000, viewer })).rejects.toThrow(BundleTooLarge);
    expect(fs.existsSync(dir)).toBe(false);
    expect(fs.readdirSync(out).filter((name) => name.includes("partial"))).toEqual([]);
  });

  it("zips every file under one folder, streamed", async () => {
    const { files } = await write(path.join(out, "plain"), null);
    const archive = path.join(out, "bundle.zip");
    const view = (await bundleView(t.store, runId, { rolloutsPerChunk: 1 }))!;
    await writeRunBundle(view, zipFileSink(archive, "tally-scoring-article"), { maxBytes: null, viewer });
    const entries = unzipSync(fs.readFileSync(archive));
    expect(Object.keys(entries).sort()).toEqual([...files.keys()].map((f) => `tally-scoring-article/${f}`).sort());
    expect(strFromU8(entries["tally-scoring-article/details/0.js"]!)).toBe(files.get("details/0.js"));
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
  });

  it("is null for an unknown run", async () => {
    expect(await bundleView(t.store, "no-such-run")).toBeNull();
  });
});
