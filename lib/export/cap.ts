/**
 * The size cap of a static share bundle: the traces to leave out so that the bundle fits, heaviest first. The
 * run page, the viewer, the run's columns and the task and rollout details are always kept.
 */
export interface CapOutcome {
  withoutTrace: Set<string>;
  total: number;
}

/** `fixed`: bytes always written; `traces`: what each rollout's trace adds. */
export function capTraces(
  fixed: number,
  traces: readonly { id: string; bytes: number }[],
  maxBytes: number | null,
): CapOutcome {
  let total = fixed + traces.reduce((sum, t) => sum + t.bytes, 0);
  const withoutTrace = new Set<string>();
  if (maxBytes === null || total <= maxBytes) return { withoutTrace, total };
  for (const t of [...traces].sort((x, y) => y.bytes - x.bytes)) {
    if (total <= maxBytes) break;
    withoutTrace.add(t.id);
    total -= t.bytes;
  }
  return { withoutTrace, total };
}

/** The sentence the pages and stderr give when the cap left traces out; null when it did not. */
export function droppedSentence(withoutTrace: number, maxBytes: number | null): string | null {
  if (withoutTrace === 0) return null;
  return `To stay under ${maxBytes} bytes, this copy leaves out the traces of ${withoutTrace} rollouts (heaviest first).`;
}
