import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileRejection, FormatId, InputFile, NormalizedRollout, ParseOptions } from "@/lib/formats/types";
import { isDiskFile } from "./disk-file";
import type { RereadFile, RereadReply, RereadRequest } from "./reread-message";

/**
 * Reads groups of a light-parsed batch again on a second thread (reread-worker.ts), so a group is read and
 * parsed while the main thread stores the one before: ingest then uses both cores. Contract: `reread` gives what
 * rereadRollouts gives for the same group, and the disk files it read hold the bytes the worker parsed.
 */
export interface Rereader {
  reread(
    light: NormalizedRollout[],
    format: FormatId,
    byPath: ReadonlyMap<string, InputFile>,
    options: ParseOptions,
  ): Promise<{ rollouts: NormalizedRollout[]; rejected: FileRejection[] }>;
  close(): Promise<void>;
}

/**
 * A rereader on a worker thread. The compiled CLI (lib/cli/bundle.mjs) runs the worker's compiled entry beside
 * its own; from TypeScript (tsx, tests) the worker runs through tsx.
 */
export function workerRereader(): Rereader {
  const compiled = import.meta.url.endsWith(".js");
  const entry = new URL(compiled ? "./reread-worker.js" : "./reread-worker.ts", import.meta.url);
  // A small young generation: the worker's garbage is a group's parse, and its heap adds to the ingest's peak
  // (25,000 files: 311 MB peak RSS at 4 MB, 350 MB at V8's default).
  const limits = { resourceLimits: { maxYoungGenerationSizeMb: 4 } };
  const worker = compiled
    ? new Worker(entry, limits)
    : new Worker(
        `import("tsx/esm/api").then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig())} }); ` +
          `return import(${JSON.stringify(entry.href)}); });`,
        { eval: true, ...limits },
      );
  // The worker waits for work without keeping the process alive; a request in flight keeps it.
  worker.unref();
  const waiting = new Map<number, { resolve: (reply: RereadReply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failed: Error | null = null;
  const failAll = (error: Error) => {
    failed = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on("message", (reply: RereadReply) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    w?.resolve(reply);
  });
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`the ingest's reread worker stopped (exit ${code})`)));

  return {
    async reread(light, format, byPath, options) {
      if (failed) throw failed;
      // Only what a parse reads is sent (the ingest's options hold functions, and a budget stays here).
      const { runName, rootName, agent, model } = options;
      const plain = { runName, rootName, agent, model };
      const paths = [...new Set(light.flatMap((r) => r.files))];
      const files = paths.flatMap((p): RereadFile[] => {
        const file = byPath.get(p);
        if (!file) return [];
        return [
          isDiskFile(file) ? { path: p, abs: file.abs, maxBytes: file.maxBytes } : { path: p, bytes: file.bytes },
        ];
      });
      const id = nextId++;
      const request: RereadRequest = { id, format, options: plain, light, files };
      const reply = await new Promise<RereadReply>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage(request);
      });
      if ("error" in reply) throw new Error(reply.error);
      for (const f of reply.read) {
        const file = byPath.get(f.path);
        if (file && isDiskFile(file)) file.adopt(f.bytes, f.stamp);
      }
      return { rollouts: reply.rollouts, rejected: reply.rejected };
    },
    async close() {
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
}

/** The project's tsconfig.json, for the worker run through tsx (its `@/` paths). */
function tsconfig(): string {
  return fileURLToPath(new URL("../../tsconfig.json", import.meta.url));
}
