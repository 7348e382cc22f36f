import { buildTrace, linkByAdjacency, rawTrace, type TraceRead } from "@/lib/traces";
import { chatSteps } from "../chat-messages/messages";
import { zodIssuesToMessage } from "../json";
import { ZTauResults } from "../tau-bench";
import { asObject, memoOnBytes, numberOrNull, parseTraceJson, unmapped } from "../trace-input";
import type { InputFile, Json } from "../types";
import { trialNumbers } from "./trials";

/** Which entry of a results list: `13_trial_1` is task 13, trial 1 (the fragment of the rollout's source path). */
export interface TauEntryRef {
  taskId: string;
  trial: number;
}

export function parseTauFragment(fragment: string): TauEntryRef | null {
  const m = /^(.+)_trial_(\d+)$/.exec(fragment);
  return m ? { taskId: m[1]!, trial: Number(m[2]) } : null;
}

/** tau-bench's environments answer a failed tool call with text starting "Error:" and nothing else marks it. */
const isTauError = (text: string) => /^Error:/.test(text);

/**
 * The trace of one tau-bench episode: the entry's `traj`, OpenAI chat messages (`tool_calls` with JSON-string
 * arguments, `tool` messages with `tool_call_id`). No timestamps or per-message usage exist; the simulated
 * user's cost (`info.user_cost`) is kept in metadata, not counted as the agent's.
 */
const readResults = memoOnBytes((file: InputFile) => {
  const parsed = parseTraceJson(file);
  if (!parsed.ok) return parsed;
  const checked = ZTauResults.safeParse(parsed.value);
  if (!checked.success)
    return {
      ok: false as const,
      read: rawTrace(
        file.path,
        file.bytes,
        `not a tau-bench results list: ${zodIssuesToMessage(checked.error.issues)}`,
      ),
    };
  return { ok: true as const, value: parsed.value, checked, trials: trialNumbers(checked.data) };
});

export function readTauBenchTrace(file: InputFile, ref: TauEntryRef): TraceRead {
  const parsed = readResults(file);
  if (!parsed.ok) return parsed.read;
  const { checked, trials } = parsed;
  const at = checked.data.findIndex((e, i) => String(e.task_id) === ref.taskId && trials[i] === ref.trial);
  const entry = at === -1 ? null : checked.data[at]!;
  const path = `${file.path}#${ref.taskId}_trial_${ref.trial}`;
  if (!entry) return rawTrace(file.path, file.bytes, `no entry for task ${ref.taskId}, trial ${ref.trial}`);
  const warnings: string[] = [];
  const steps = chatSteps((entry.traj ?? []) as Json[], "traj", warnings, { isErrorText: isTauError });
  linkByAdjacency(steps);
  const raw = asObject((parsed.value as Json[])[at]) ?? {};
  const info = asObject(raw.info);
  return {
    kind: "trace",
    trace: buildTrace({
      format: "tau-bench",
      path,
      steps,
      recorded: { costUsd: numberOrNull(info?.total_cost) },
      metadata: unmapped(raw, new Set(["traj"])),
      warnings,
    }),
  };
}
