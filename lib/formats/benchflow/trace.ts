import { buildTrace, noTrace, type TraceRead } from "@/lib/traces";
import { baseName, dirName } from "../paths";
import { parseTraceJsonLines } from "../trace-input";
import type { InputFile } from "../types";
import { acpEventStep } from "./acp-events";
import { llmExchangesTrace } from "./llm-exchanges";

const inTrajectoryFolder = (file: InputFile, name: string) =>
  baseName(file.path) === name && baseName(dirName(file.path)) === "trajectory";

/**
 * The trace of one BenchFlow rollout: `trajectory/acp_trajectory.jsonl` (what the agent did, as ACP events),
 * else `trajectory/llm_trajectory.jsonl` (the provider traffic). The ACP log is preferred: both describe the
 * same run and counting both would double every step.
 */
export function readBenchflowTrace(files: readonly InputFile[]): TraceRead {
  const acp = files.find((f) => inTrajectoryFolder(f, "acp_trajectory.jsonl"));
  if (acp) {
    const parsed = parseTraceJsonLines(acp);
    if (!parsed.ok) return parsed.read;
    const warnings = [...parsed.value.warnings];
    const steps = parsed.value.values.map((v, i) => acpEventStep(v, `events[${i}]`, warnings));
    return { kind: "trace", trace: buildTrace({ format: "benchflow-acp", path: acp.path, steps, warnings }) };
  }
  const llm = files.find((f) => inTrajectoryFolder(f, "llm_trajectory.jsonl"));
  if (llm) {
    const parsed = parseTraceJsonLines(llm);
    if (!parsed.ok) return parsed.read;
    return llmExchangesTrace(llm, parsed.value.values, [...parsed.value.warnings]);
  }
  return noTrace("no trajectory/acp_trajectory.jsonl or trajectory/llm_trajectory.jsonl in the rollout");
}
