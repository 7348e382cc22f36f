import type { Store } from "./store";

/** What a run reference (an id, else a name) names. */
export type RunRefMatch =
  | { kind: "found"; id: string }
  | { kind: "unknown" }
  /** More than one run has this name: their ids, newest ingest first. */
  | { kind: "ambiguous"; ids: string[] };

/**
 * The run a user means by `ref`: the run with that id, else the one run with that name. An id wins, so a run
 * named like another run's id is still reached by its own id.
 */
export async function matchRunRef(store: Pick<Store, "getRunBrief" | "listRuns">, ref: string): Promise<RunRefMatch> {
  if ((await store.getRunBrief(ref)) !== null) return { kind: "found", id: ref };
  const named = (await store.listRuns()).filter((r) => r.name === ref).map((r) => r.id);
  if (named.length === 0) return { kind: "unknown" };
  if (named.length === 1) return { kind: "found", id: named[0]! };
  return { kind: "ambiguous", ids: named };
}

/** The error for a name several runs share, naming their ids. */
export function ambiguousRunMessage(ref: string, ids: readonly string[]): string {
  return `${ids.length} runs are named "${ref}": give one of their ids (${ids.join(", ")})`;
}

/**
 * Each reference as a run id: references that match no run are kept as they are (the caller says they are
 * unknown); `ambiguous` lists the names several runs share, with their ids.
 */
export async function runIdsOf(
  store: Pick<Store, "getRunBrief" | "listRuns">,
  refs: readonly string[],
): Promise<{ ids: string[]; ambiguous: { ref: string; ids: string[] }[] }> {
  const matches = await Promise.all(refs.map((ref) => matchRunRef(store, ref)));
  return {
    ids: matches.map((m, i) => (m.kind === "found" ? m.id : refs[i]!)),
    ambiguous: matches.flatMap((m, i) => (m.kind === "ambiguous" ? [{ ref: refs[i]!, ids: m.ids }] : [])),
  };
}

/**
 * A comparison's run references (`runs` and `a`) as ids, for the compare page and API: names become the id
 * of their one run; unknown references stay as given. Null `ambiguous` when every name named one run.
 */
export async function compareIdsOf(
  store: Pick<Store, "getRunBrief" | "listRuns">,
  refs: { runs: readonly string[]; a: string | null },
): Promise<{ runs: string[]; a: string | null; ambiguous: string | null }> {
  const all = refs.a === null || refs.runs.includes(refs.a) ? refs.runs : [...refs.runs, refs.a];
  const { ids, ambiguous } = await runIdsOf(store, all);
  const idOf = new Map(all.map((ref, i) => [ref, ids[i]!]));
  return {
    runs: refs.runs.map((ref) => idOf.get(ref)!),
    a: refs.a === null ? null : idOf.get(refs.a)!,
    ambiguous: ambiguous.length === 0 ? null : ambiguous.map((m) => ambiguousRunMessage(m.ref, m.ids)).join("; "),
  };
}
