import { draftStep, linkByAdjacency, stepAt, type PackedSteps, type StepDraft, type TraceStep } from "@/lib/traces";
import { parseJsonText } from "../json";
import { nestedDeeperThan } from "../json-depth";
import { siloEventStep } from "./trace-events";

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** Stored bytes of an indexed trace: `bytes` start at `start` in the raw file. */
export interface TraceChunkBytes {
  start: number;
  bytes: Uint8Array;
}

/**
 * The stored bytes of steps [from, to) of an indexed trace, in order (empty where no chunk holds a step): the
 * chunks are walked once, as the steps' offsets grow.
 */
export function* indexedStepBytes(
  packed: PackedSteps,
  from: number,
  to: number,
  chunks: readonly TraceChunkBytes[],
): Generator<{ i: number; bytes: Uint8Array; oversized: boolean; length: number }> {
  let c = 0;
  for (let i = from; i < to; i++) {
    const s = stepAt(packed, i);
    while (c + 1 < chunks.length && chunks[c + 1]!.start <= s.offset) c++;
    const chunk = chunks[c];
    const at = chunk ? s.offset - chunk.start : -1;
    const bytes = chunk && at >= 0 ? chunk.bytes.subarray(at, at + s.length) : new Uint8Array(0);
    yield { i, bytes, oversized: s.oversized, length: s.length };
  }
}

/**
 * Steps [from, to) of an indexed Silo trace, parsed from the chunks holding them, in order. Results without a
 * call id are paired with calls of the same page only. An oversized step is an environment step holding its
 * first bytes as text.
 */
export function readSiloIndexedSteps(
  packed: PackedSteps,
  from: number,
  to: number,
  chunks: readonly TraceChunkBytes[],
): TraceStep[] {
  const drafts: StepDraft[] = [];
  const warnings: string[] = [];
  for (const { i, bytes, oversized, length } of indexedStepBytes(packed, from, to, chunks)) {
    if (oversized) {
      drafts.push(
        draftStep("environment", {
          text: utf8.decode(bytes),
          extra: { oversized: true, bytes: length, shownBytes: bytes.byteLength },
        }),
      );
      continue;
    }
    const parsed = parseJsonText(utf8.decode(bytes));
    // The index was built from these bytes: a step that no longer parses means the stored bytes changed.
    if (!parsed.ok || nestedDeeperThan(parsed.value)) drafts.push(unreadableStep(i));
    else drafts.push(siloEventStep(parsed.value, `events[${i}]`, warnings));
  }
  linkByAdjacency(drafts);
  return drafts.map((d, n) => ({ index: from + n, ...d }));
}

/** What stands for step i of an indexed trace whose stored bytes no longer parse. */
export const unreadableStep = (i: number): StepDraft =>
  draftStep("environment", { text: `step ${i + 1} could not be read again from the stored trace` });
