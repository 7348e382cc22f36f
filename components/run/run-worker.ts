import { leversModeOf, type WorkerAnswer, type WorkerRequest } from "./run-source";
import { runScorer } from "./run-scorer";

/* The run page's scoring (run-scorer.ts) off the main thread, so a what-if change never freezes the page. */

/** The worker's global scope, as far as this file uses it (the project's types are the window's). */
const scope = globalThis as unknown as {
  name: string;
  postMessage(message: WorkerAnswer, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

const handle = runScorer((answer, transfer = []) => scope.postMessage(answer, transfer), leversModeOf(scope.name), {
  warm: true,
});
scope.onmessage = (event: MessageEvent<WorkerRequest>) => handle(event.data);
