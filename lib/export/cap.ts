/**
 * The size cap of a static share bundle: what to leave out so that the bundle fits, heaviest detail first:
 * traces (heaviest first), then rollout pages (heaviest first). The run page, the viewer and the task pages
 * are always kept.
 */
export interface CapInput {
  /** Bytes always written. */
  fixed: number;
  /** Each rollout page: its bytes without its trace, and what its trace adds. */
  rollouts: { id: string; page: number; trace: number }[];
}

export interface CapOutcome {
  withoutTrace: Set<string>;
  withoutPage: Set<string>;
  total: number;
}

export function applyCap({ fixed, rollouts }: CapInput, maxBytes: number | null): CapOutcome {
  let total = fixed + rollouts.reduce((sum, r) => sum + r.page + r.trace, 0);
  const withoutTrace = new Set<string>();
  const withoutPage = new Set<string>();
  if (maxBytes === null || total <= maxBytes) return { withoutTrace, withoutPage, total };
  for (const r of [...rollouts].filter((r) => r.trace > 0).sort((x, y) => y.trace - x.trace)) {
    if (total <= maxBytes) break;
    withoutTrace.add(r.id);
    total -= r.trace;
  }
  for (const r of [...rollouts].sort((x, y) => y.page - x.page)) {
    if (total <= maxBytes) break;
    withoutPage.add(r.id);
    total -= r.page;
  }
  return { withoutTrace, withoutPage, total };
}

/** The sentence the pages and stderr give when the cap left something out; null when it did not. */
export function droppedSentence(outcome: CapOutcome, rollouts: number, maxBytes: number | null): string | null {
  const { withoutTrace, withoutPage } = outcome;
  if (withoutTrace.size === 0 && withoutPage.size === 0) return null;
  const traces = [...withoutTrace].filter((id) => !withoutPage.has(id)).length;
  const parts: string[] = [];
  if (withoutPage.size > 0) parts.push(`${withoutPage.size} of ${rollouts} rollout pages`);
  if (traces > 0) parts.push(`the traces of ${traces}${withoutPage.size > 0 ? " other" : ""} rollouts`);
  return `To stay under ${maxBytes} bytes, this copy leaves out ${parts.join(" and ")} (heaviest first).`;
}
