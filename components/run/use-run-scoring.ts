"use client";

import { useEffect, useRef, useState } from "react";
import type { ScoringRun } from "@/lib/scoring/core/types";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import { decodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import type { RunSource, ScoredView, WorkerAnswer, WorkerRequest } from "./run-source";

export interface RunScoring {
  /** The run, once loaded (the what-if controls read it); null before. */
  run: ScoringRun | null;
  recorded: ScoredView | null;
  /** The view under `scenario`: the latest one the worker answered while a newer one is computed. */
  current: ScoredView | null;
  /** Whether `current` is the answer for `scenario` itself. */
  settled: boolean;
  error: string | null;
}

/**
 * The run page's scores from its worker (run-worker.ts): the run is loaded once per source, and every change
 * of `scenarioKey` (the URL's scenario text) asks for a new view. Until the worker answers, the page shows
 * what the server rendered (`current` is null); after, the previous view stays until the next arrives.
 */
export function useRunScoring(source: RunSource, scenarioKey: string, scenario: Scenario): RunScoring {
  const worker = useRef<Worker | null>(null);
  const asked = useRef(0);
  const [state, setState] = useState<Omit<RunScoring, "settled"> & { answered: number; answeredKey: string }>({
    run: null,
    recorded: null,
    current: null,
    error: null,
    answered: 0,
    answeredKey: "",
  });
  // By value: the server renders the page again on a router navigation, handing an equal but new object.
  const sourceKey = JSON.stringify(source);
  const keys = useRef(new Map<number, string>());

  useEffect(() => {
    const w = new Worker(new URL("./run-worker.ts", import.meta.url));
    worker.current = w;
    w.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data;
      if (answer.type === "error") setState((s) => ({ ...s, error: answer.message }));
      else if (answer.type === "run") {
        const run = decodeBinaryRun(new Uint8Array(answer.bytes));
        setState((s) => ({ ...s, run, recorded: answer.recorded }));
      } else if (answer.id === asked.current) {
        const key = keys.current.get(answer.id) ?? "";
        keys.current.clear();
        setState((s) => ({ ...s, current: answer.view, answered: answer.id, answeredKey: key }));
      }
    };
    w.postMessage({ type: "load", source: JSON.parse(sourceKey) as RunSource } satisfies WorkerRequest);
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, [sourceKey]);

  useEffect(() => {
    const w = worker.current;
    if (!w || scenarioKey === "") return;
    const id = ++asked.current;
    keys.current.set(id, scenarioKey);
    w.postMessage({ type: "score", id, scenario } satisfies WorkerRequest);
  }, [sourceKey, scenarioKey, scenario]);

  const { answered: _a, answeredKey, ...rest } = state;
  if (scenarioKey === "") return { ...rest, current: rest.recorded, settled: rest.recorded !== null };
  return { ...rest, current: rest.current ?? rest.recorded, settled: answeredKey === scenarioKey };
}
