import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { parseDatabaseUrl } from "@/lib/db/url";
import { migrate } from "@/lib/db/migrate";
import { writeFiles } from "@/lib/export/bundle-files";
import { folderSink, zipFileSink, type BundleSink } from "@/lib/export/bundle-sink";
import { compareBundle, type StoredRunRef } from "@/lib/export/compare-bundle";
import { writeRunBundle } from "@/lib/export/run-bundle";
import { bundleView } from "@/lib/views/bundle-view";
import { viewerAssets } from "@/lib/export/viewer-build.mjs";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { readPaths } from "@/lib/ingest/read-paths";
import { createStore } from "@/lib/store/open-store";
import type { Store } from "@/lib/store/store";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";

const HELP = `Usage: tally export <run id | path…> --out DIR [--max-bytes N] [--zip]
       tally export <A> <B> --compare --out DIR [--zip]

Writes a static copy of a run that opens without Tally, from file:// or any static host, and makes no
network request: the run page (index.html) with its what-if panel, and every task and rollout page (with its
trace) drawn in the browser from the run's columns (run.js) and a few data files (details/, traces/). A run is a stored run id, or result files and folders (read as \`tally ingest\` reads them, into a
throwaway database). --max-bytes N keeps the copy under N bytes by leaving out the heaviest traces first; the
pages and this command say what was left out. --zip writes DIR.zip, one
archive holding the folder, instead of the folder. --compare writes the compare page of B (candidate)
against A (baseline) instead; A and B are each a stored run id or a path.`;

/**
 * Where the runs to export come from: stored run ids from the database, result files and folders from a
 * throwaway database they are read into (as \`tally ingest\` reads them). `close` lets go of both.
 */
class RunSources {
  #database: Store | null = null;
  #scratch: { store: Store; dir: string } | null = null;

  /** One run: a stored run id, or paths that together hold exactly one run. */
  async open(refs: string[]): Promise<StoredRunRef> {
    if (refs.length === 1 && !fs.existsSync(refs[0]!)) {
      this.#database ??= await openDatabase();
      return { store: this.#database, runId: refs[0]! };
    }
    const missing = refs.filter((ref) => !fs.existsSync(ref));
    if (missing.length > 0) throw new UsageError(`no such file or folder: ${missing.join(", ")}`);
    if (!this.#scratch) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-export-"));
      const target = parseDatabaseUrl(`file:${path.join(dir, "export.db")}`);
      this.#scratch = { store: createStore(target), dir };
      await migrate(target);
    }
    const { store } = this.#scratch;
    const { files, rootName, rejected, skipped } = await readPaths(refs);
    const result = await ingestFiles(store, files, { rootName, consumeFiles: true });
    for (const r of [...rejected, ...result.rejected]) console.error(`warning: rejected ${r.path}: ${r.error}`);
    for (const n of skipped) console.error(`warning: skipped ${n.path}: ${n.reason}`);
    if (result.runs.length !== 1)
      throw new UsageError(`${refs.join(" ")} holds ${result.runs.length} runs; give the files of one run`);
    return { store, runId: result.runs[0]!.id };
  }

  async close(): Promise<void> {
    await this.#database?.close();
    if (this.#scratch) {
      await this.#scratch.store.close();
      fs.rmSync(this.#scratch.dir, { recursive: true, force: true });
    }
  }
}

/**
 * How much V8 lets the heap grow past what a collection leaves (percent). An export holds one details chunk
 * (about 60 MB at 10,000 rollouts) while it allocates some 2 GB over a 100,000-rollout run; by default V8
 * lets that garbage take the heap to several times the live set (peak RSS 500 MB at 100k). 30% keeps the
 * peak near 300 MB for ~2 s more of collections.
 */
const EXPORT_HEAP_GROWING_PERCENT = 30;

export function parseMaxBytes(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`--max-bytes must be a positive whole number of bytes`);
  return n;
}

/** Where the bundle goes: the folder DIR, or DIR.zip (one archive holding the folder); and what to say after. */
function sinkFor(out: string, zip: boolean): { sink: BundleSink; said: (files: number, bytes: number) => string } {
  const bare = out.replace(/[/\\]+$/, "");
  if (!zip) {
    return {
      sink: folderSink(out),
      said: (files, bytes) => `Wrote ${path.join(out, "index.html")}: ${files} files, ${bytes} bytes`,
    };
  }
  const archive = `${bare}.zip`;
  return {
    sink: zipFileSink(archive, path.basename(bare) || "tally-export"),
    said: (files) => `Wrote ${archive}: ${files} files, ${fs.statSync(archive).size} bytes zipped`,
  };
}

export const exportCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        out: { type: "string" },
        "max-bytes": { type: "string" },
        zip: { type: "boolean" },
        compare: { type: "boolean" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (positionals.length === 0) throw new UsageError(`give a run id or result files\n\n${HELP}`);
    if (!values.out) throw new UsageError(`--out DIR is required\n\n${HELP}`);
    const maxBytes = parseMaxBytes(values["max-bytes"]);
    if (values.compare && positionals.length !== 2)
      throw new UsageError(`--compare needs two runs, A and B\n\n${HELP}`);
    if (values.compare && maxBytes !== null) throw new UsageError("--max-bytes applies to a run, not to --compare");
    // A command runs in a process of its own: the setting lasts as long as the export does.
    v8.setFlagsFromString(`--heap-growing-percent=${EXPORT_HEAP_GROWING_PERCENT}`);
    const viewer = await viewerAssets();
    const sources = new RunSources();
    try {
      if (values.compare) {
        const [a, b] = [await sources.open([positionals[0]!]), await sources.open([positionals[1]!])];
        const files = await compareBundle(a, b, viewer);
        if (!files) throw new UsageError(`"${positionals.join('" or "')}" is neither a path nor a stored run id`);
        const { sink, said } = sinkFor(values.out, values.zip === true);
        await writeFiles(sink, files);
        const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.data), 0);
        console.log(said(files.length, bytes));
        return 0;
      }
      const { store, runId } = await sources.open(positionals);
      const view = await bundleView(store, runId);
      if (!view) throw new UsageError(`"${runId}" is neither a path nor a stored run id`);
      const { sink, said } = sinkFor(values.out, values.zip === true);
      const written = await writeRunBundle(view, sink, { maxBytes, viewer });
      if (written.dropped) console.error(`tally export: ${written.dropped}`);
      console.log(said(written.files, written.bytes));
      return 0;
    } finally {
      await sources.close();
    }
  },
};
