import type { WorkerAnswer, WorkerRequest } from "./run-source";
import { runScorer } from "./run-scorer";

/* The run page's scoring (run-scorer.ts) off the main thread, so a what-if change never freezes the page. */

/** The worker's global scope, as far as this file uses it (the project's types are the window's). */
const scope = globalThis as unknown as {
  postMessage(message: WorkerAnswer, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

// Made on the first message, the run's bytes, which say where this scorer's levers come from.
let handle: ((request: WorkerRequest) => void) | null = null;
scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  handle ??= runScorer(
    (answer, transfer = []) => scope.postMessage(answer, transfer),
    request.type === "load" ? request.levers : undefined,
  );
  handle(request);
};
