import type { BundleTrace, TraceIndex } from "@/lib/views/bundle-data";
import type { BundleView } from "@/lib/views/bundle-view";
import type { BundleSink } from "./bundle-sink";
import { capTraces, droppedSentence } from "./cap";
import { chunkParts, dataJs, gzipChunkJs, pageHtml, runJs, scriptJson } from "./html";

export interface BundleOptions {
  /** Total bytes the bundle may take (null: no cap). */
  maxBytes: number | null;
  /** The viewer's script and stylesheet (viewer-build.mjs). */
  viewer: { js: string; css: string };
  /** Bytes after which a traces chunk is closed. */
  traceChunkBytes?: number;
}

export interface BundleWritten {
  files: number;
  bytes: number;
  /** What the cap left out, as the pages say it; null when nothing was. */
  dropped: string | null;
}

export class BundleTooLarge extends Error {}

/** A traces chunk closes once it holds this many bytes: a rollout page loads one chunk for its trace. */
const TRACE_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Writes the static share bundle of a run's view into `sink`, one file at a time: index.html, the viewer,
 * run.js (the run's columns), data.js, details/<n>.js (tasks and rollouts, read from the view chunk by chunk)
 * and traces/<n>.js with traces/index.js, under `maxBytes` by leaving out the heaviest traces. Aborts the sink
 * and throws BundleTooLarge when the bundle without traces is over the cap.
 */
export async function writeRunBundle(
  view: BundleView,
  sink: BundleSink,
  options: BundleOptions,
): Promise<BundleWritten> {
  try {
    const written = await writeInto(view, sink, options);
    await sink.close();
    return written;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

async function writeInto(view: BundleView, sink: BundleSink, options: BundleOptions): Promise<BundleWritten> {
  const { maxBytes } = options;
  const chunkBytes = options.traceChunkBytes ?? TRACE_CHUNK_BYTES;
  let files = 0;
  let bytes = 0;
  const add = async (file: string, data: string) => {
    files++;
    bytes += Buffer.byteLength(data);
    await sink.add(file, data);
  };

  await add("viewer.js", options.viewer.js);
  await add("viewer.css", options.viewer.css);
  await add("run.js", runJs(view.runBytes));
  await add("index.html", pageHtml({ kind: "run" }, view.name, ["run.js", "data.js"]));

  // Traces go into chunks of about chunkBytes, each entry `"id":{…}` serialised once, as it comes.
  const index: TraceIndex = {};
  let entries: string[] = [];
  let entryBytes = 0;
  let traceChunks = 0;
  const flushTraces = async () => {
    if (entries.length === 0) return;
    const { open, close } = chunkParts(`traces/${traceChunks}`);
    await add(`traces/${traceChunks}.js`, `${open}{${entries.join(",")}}${close}`);
    traceChunks++;
    entries = [];
    entryBytes = 0;
  };
  const entryOf = (id: string, trace: BundleTrace) => `${scriptJson(id)}:${scriptJson(trace)}`;
  const keepTrace = async (id: string, trace: BundleTrace) => {
    const entry = entryOf(id, trace);
    entries.push(entry);
    entryBytes += Buffer.byteLength(entry) + 1;
    index[id] = traceChunks;
    if (entryBytes >= chunkBytes) await flushTraces();
  };
  // Under a cap, the first pass only measures each trace; the kept ones are read again after it.
  const sizes: { id: string; bytes: number }[] = [];
  const onTrace =
    maxBytes === null
      ? keepTrace
      : (id: string, trace: BundleTrace) => void sizes.push({ id, bytes: Buffer.byteLength(entryOf(id, trace)) + 1 });

  // Each details chunk is compressed while the next is made, and written in order.
  const starts: number[] = [];
  let written: Promise<void> = Promise.resolve();
  for await (const { start, chunk } of view.details(onTrace)) {
    const name = `details/${starts.length}`;
    const packed = gzipChunkJs(name, scriptJson(chunk));
    // Handled where it is awaited below; this keeps a failure meanwhile from counting as unhandled.
    packed.catch(() => undefined);
    await written;
    written = packed.then((js) => add(`${name}.js`, js));
    starts.push(start);
  }
  await written;

  let dropped: string | null = null;
  if (maxBytes !== null) {
    const traced = sizes.reduce((sum, s) => sum + s.bytes, 0);
    const { open, close } = chunkParts(`traces/${Math.floor(traced / chunkBytes) + 1}`);
    // Bounds of what is still to write besides the traces themselves: data.js saying the most it can, every
    // traced rollout in the index, and each chunk's opening and closing.
    const chunksAtMost = Math.floor(traced / chunkBytes) + 1;
    const dataAtMost = Buffer.byteLength(
      dataJs({
        ...view.data,
        detailChunks: starts,
        tracesIndex: true,
        dropped: droppedSentence(sizes.length, maxBytes),
      }),
    );
    const indexAtMost =
      Buffer.byteLength(chunkParts("traces/index").open) +
      sizes.reduce((sum, s) => sum + Buffer.byteLength(scriptJson(s.id)) + String(chunksAtMost).length + 2, 2);
    const fixed = bytes + dataAtMost + indexAtMost + chunksAtMost * Buffer.byteLength(open + "{}" + close);
    const outcome = capTraces(fixed, sizes, maxBytes);
    if (outcome.total > maxBytes)
      throw new BundleTooLarge(
        `the run page, its columns, its task and rollout details and the viewer alone take ${fixed} bytes, over the cap of ${maxBytes}`,
      );
    dropped = droppedSentence(outcome.withoutTrace.size, maxBytes);
    if (outcome.withoutTrace.size < sizes.length)
      for await (const [id, trace] of view.traces((id) => !outcome.withoutTrace.has(id))) await keepTrace(id, trace);
  }
  await flushTraces();
  const tracesIndex = traceChunks > 0;
  if (tracesIndex) {
    const { open, close } = chunkParts("traces/index");
    await add("traces/index.js", `${open}${scriptJson(index)}${close}`);
  }
  await add("data.js", dataJs({ ...view.data, detailChunks: starts, tracesIndex, dropped }));
  return { files, bytes, dropped };
}
