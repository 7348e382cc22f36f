import type { RolloutToStore } from "./store";

/**
 * Same bytes, same rollout: a rollout read from the same bytes as a stored rollout of its run, at a source path
 * that is the stored one with leading folders removed or added, is that rollout read again from a folder
 * inside (or around) the first batch. Formats that name rollouts by path give it another id, so the row-id
 * lookup misses it; these helpers find it by the source's sha256 instead.
 */

function splitSource(path: string): { file: string; fragment: string } {
  const hash = path.indexOf("#");
  return hash < 0 ? { file: path, fragment: "" } : { file: path.slice(0, hash), fragment: path.slice(hash) };
}

/** Whether one file path is the other with leading folders added: `a/b/c.json` and `b/c.json`, not `d/c.json`. */
export function isMovedFile(a: string, b: string): boolean {
  if (a.length === b.length) return false;
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.endsWith(`/${short}`);
}

/** Whether two source paths (`file` or `file#fragment`) name the same rollout of the same file once moved. */
export function isMovedSource(a: string, b: string): boolean {
  const x = splitSource(a);
  const y = splitSource(b);
  return x.fragment === y.fragment && isMovedFile(x.file, y.file);
}

/** Source sha256s of the rollouts no stored row matched by id: the ones a moved copy could hide behind. */
export function unmatchedSources(
  items: readonly RolloutToStore[],
  ids: readonly string[],
  existing: ReadonlyMap<string, unknown>,
): string[] {
  const out = new Set<string>();
  items.forEach(({ rollout }, n) => {
    if (!existing.has(ids[n]!)) out.add(rollout.source.sha256);
  });
  return [...out];
}

/**
 * Of those, the sha256s the run holds a file of at a moved path (from its run files, which are indexed by
 * sha256): only these are worth looking up among the run's rollouts.
 */
export function movedCandidates(
  items: readonly RolloutToStore[],
  unmatched: readonly string[],
  runFiles: readonly { path: string; sha256: string }[],
): string[] {
  const wanted = new Set(unmatched);
  const pathsBySha = new Map<string, string[]>();
  for (const f of runFiles)
    if (wanted.has(f.sha256)) pathsBySha.set(f.sha256, [...(pathsBySha.get(f.sha256) ?? []), f.path]);
  const out = new Set<string>();
  for (const { rollout } of items) {
    const paths = pathsBySha.get(rollout.source.sha256);
    const file = splitSource(rollout.source.path).file;
    if (paths?.some((p) => isMovedFile(p, file))) out.add(rollout.source.sha256);
  }
  return [...out];
}

/** Stored source paths by sha256, from the run's rollouts read from the candidate bytes. */
export function sourcesBySha(rows: readonly { sourceSha256: string; sourcePath: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.sourceSha256, [...(out.get(r.sourceSha256) ?? []), r.sourcePath]);
  return out;
}
