import { baseName, dirName } from "../paths";
import type { InputFile } from "../types";

/**
 * The sidecar of a Silo rollout: `<plain>` beside its result (a run folder, `trace.jsonl`), or
 * `<stem>.<suffix>` for a result `<stem>.result.json` (the baselines layout keeps many tasks in one folder:
 * `TASK-013.result.json` beside `TASK-013.tool-events.json` and `TASK-001.state-diff.json` beside its own).
 * Without a result path, any file so named; the first in path order.
 */
export function findSidecar(
  files: readonly InputFile[],
  resultPath: string | null,
  plain: string,
  suffix: string,
): InputFile | null {
  const stem = resultPath === null ? null : (/^(.+)\.result\.json$/i.exec(baseName(resultPath))?.[1] ?? null);
  const matches = files.filter((file) => {
    const name = baseName(file.path);
    if (resultPath === null) return name === plain || name.endsWith(`.${suffix}`);
    if (dirName(file.path) !== dirName(resultPath)) return false;
    return name === plain || (stem !== null && name === `${stem}.${suffix}`);
  });
  matches.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return matches[0] ?? null;
}
