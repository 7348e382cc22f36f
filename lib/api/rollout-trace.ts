import { readRolloutTrace } from "@/lib/formats/trace-readers";
import { isFormatId } from "@/lib/formats/registry";
import type { InputFile } from "@/lib/formats/types";
import type { RolloutDetail } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { TraceCache } from "./trace-cache";
import { citedRefs, evidenceIndex, resolveAll, type ResolvedRef, type TraceRead } from "@/lib/traces";

const cache = new TraceCache();

/**
 * A stored rollout's trace, read from the raw files it was ingested from (traces are never stored parsed:
 * docs/traces.md) and kept in a bounded cache of parsed traces. Never throws on a bad trace: an unreadable one
 * comes back as raw text with why. Callers share what it returns and must not mutate it.
 */
export async function readStoredTrace(store: Store, rollout: RolloutDetail): Promise<TraceRead> {
  const format = rollout.sourceFormat;
  if (!isFormatId(format)) return { kind: "none", why: `no trace reader for the format "${rollout.sourceFormat}"` };
  const key = `${format}\u0000${rollout.sourcePath}\u0000${rollout.files.map((f) => `${f.path}:${f.sha256}`).join("\u0000")}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const files: InputFile[] = [];
  let bytes = 0;
  for (const ref of rollout.files) {
    const raw = await store.getRawFile(ref.sha256);
    if (!raw) continue;
    files.push({ path: ref.path, bytes: raw.bytes });
    bytes += raw.bytes.byteLength;
  }
  const read = readRolloutTrace({ path: rollout.sourcePath, format }, files);
  cache.set(key, bytes, read);
  return read;
}

/** Each check's evidence refs, resolved to the index of the step that carries them (null: unresolved). */
export function checkEvidence(rollout: RolloutDetail, read: TraceRead): ResolvedRef[][] {
  const index = read.kind === "trace" ? evidenceIndex(read.trace) : null;
  return rollout.checks.map((check) =>
    index ? resolveAll(index, check.evidenceRefs) : check.evidenceRefs.map((ref) => ({ ref, step: null })),
  );
}

/** A check citing a step: its key (what the step shows) and its stored order (where its row is). */
export interface Citation {
  key: string;
  order: number;
}

/**
 * Evidence both ways: each check's resolved refs by the check's order, the checks citing each step, and the
 * bracketed citations of the agent's answer (`[e3]`) resolved the same way.
 */
export interface TraceEvidence {
  byCheck: Record<number, ResolvedRef[]>;
  /** The checks citing each step, by step index, in check order, each check once per step. */
  citations: Record<number, Citation[]>;
  /** The answer's citations in order of first appearance; empty without a trace to resolve them against. */
  answer: ResolvedRef[];
}

export function traceEvidence(rollout: RolloutDetail, read: TraceRead): TraceEvidence {
  const resolved = checkEvidence(rollout, read);
  const byCheck: Record<number, ResolvedRef[]> = {};
  const citations: Record<number, Citation[]> = {};
  rollout.checks.forEach((check, i) => {
    const refs = resolved[i] ?? [];
    byCheck[check.order] = refs;
    for (const { step } of refs) {
      if (step === null) continue;
      const cited = (citations[step] ??= []);
      if (!cited.some((c) => c.order === check.order)) cited.push({ key: check.key, order: check.order });
    }
  });
  const answer =
    read.kind === "trace" && rollout.agentOutput !== null
      ? resolveAll(evidenceIndex(read.trace), citedRefs(rollout.agentOutput))
      : [];
  return { byCheck, citations, answer };
}
