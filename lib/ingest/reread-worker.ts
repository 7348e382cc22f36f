import { parentPort } from "node:worker_threads";
import type { InputFile, NormalizedRun } from "@/lib/formats/types";
import { readRegularFile } from "./disk-file";
import type { ReadFile, RereadReply, RereadRequest } from "./reread-message";
import { rereadRollouts } from "./reread-rollouts";

/*
 * The ingest's second thread (reread-pool.ts): reads a group of files and parses their rollouts whole while the
 * main thread stores the group before. It hands back the rollouts and the bytes it read, so the main thread
 * stores, hashes and traces exactly the bytes that were parsed.
 */

const ownsBuffer = (b: Uint8Array) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;

function reread(request: RereadRequest): RereadReply {
  const read: ReadFile[] = [];
  const files: InputFile[] = request.files.map((f) => {
    if ("bytes" in f) return f;
    const { bytes, stamp } = readRegularFile(f.abs, f.path, f.maxBytes);
    read.push({ path: f.path, bytes, stamp });
    return { path: f.path, bytes };
  });
  const run = { format: request.format } as NormalizedRun;
  const { rollouts, rejected } = rereadRollouts(
    request.light,
    run,
    new Map(files.map((f) => [f.path, f])),
    request.options,
  );
  return { id: request.id, rollouts, rejected, read };
}

parentPort?.on("message", (request: RereadRequest) => {
  let reply: RereadReply;
  try {
    reply = reread(request);
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  // Bytes that own their whole buffer move; small reads share Node's buffer pool, which must not move: copied.
  const moved = "read" in reply ? reply.read.map((f) => f.bytes).filter(ownsBuffer) : [];
  parentPort!.postMessage(
    reply,
    moved.map((b) => b.buffer as ArrayBuffer),
  );
});
