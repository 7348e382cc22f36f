import { checkTallies } from "@/lib/scoring/report/check-tallies";
import { computeReport } from "@/lib/scoring/report/report";
import { RunSnapshot } from "@/lib/scoring/run-snapshot";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { decodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import type { ScoredView, WorkerAnswer, WorkerRequest } from "./run-source";

/*
 * The run page's scoring, off the main thread: decodes the run once, then computes the report
 * and check tallies under each scenario the page asks for, so a what-if change never freezes the page.
 * Requests are answered in order; one that a newer request superseded before it started is skipped.
 */

/** The worker's global scope, as far as this file uses it (the project's types are the window's). */
const scope = globalThis as unknown as {
  postMessage(message: WorkerAnswer, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

// Scenarios may arrive before the run's bytes: they wait for it.
let loaded: (s: Promise<RunSnapshot>) => void = () => undefined;
const snapshot = new Promise<RunSnapshot>((resolve) => (loaded = resolve));
let latest = 0;

const post = (answer: WorkerAnswer, transfer: Transferable[] = []) => scope.postMessage(answer, transfer);

function scored(s: RunSnapshot, scenario: Scenario): ScoredView {
  const asRecorded = Object.keys(scenario).length === 0;
  return {
    report: asRecorded ? s.recorded : computeReport(s.run, scenario),
    tallies: checkTallies(s.run, scenario),
  };
}

async function load(bytes: ArrayBuffer): Promise<RunSnapshot> {
  const s = new RunSnapshot(decodeBinaryRun(new Uint8Array(bytes)));
  post({ type: "run", recorded: scored(s, {}) });
  return s;
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === "load") {
    const loading = load(request.bytes);
    loaded(loading);
    loading.catch((e: unknown) => post({ type: "error", message: e instanceof Error ? e.message : String(e) }));
    return;
  }
  latest = request.id;
  void snapshot.then((s) => {
    if (request.id !== latest) return;
    post({ type: "scored", id: request.id, view: scored(s, request.scenario) });
  });
};
