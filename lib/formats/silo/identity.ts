import { baseName, dirName } from "../paths";

export interface TaskIdentity {
  taskId: string;
  group: string | null;
}

/** `<group>/<taskId>` when a group is known, else taskId. */
export function taskKey(taskId: string, group: string | null): string {
  return group ? `${group}/${taskId}` : taskId;
}

function withoutJsonExtension(name: string): string {
  return name.replace(/\.result\.json$/i, "").replace(/\.json$/i, "");
}

/**
 * Task identity when neither run.json nor the file names one: `TASK-001.result.json` -> TASK-001 with the
 * folder holding it as group; `TASK-001/result.json` -> TASK-001 with the folder above as group. The ingested
 * root is never a group. A result.json at the root takes the root's name.
 */
export function identityFromPath(path: string, rootName: string | undefined): TaskIdentity {
  const name = baseName(path);
  const dir = dirName(path);
  if (name.toLowerCase() === "result.json") {
    if (dir === "") return { taskId: (rootName && withoutJsonExtension(rootName)) || "result", group: null };
    const parent = dirName(dir);
    return { taskId: baseName(dir), group: parent === "" ? null : baseName(parent) };
  }
  return { taskId: withoutJsonExtension(name) || name, group: dir === "" ? null : baseName(dir) };
}

/** A rollout's id when neither run.json nor the file gives one: its relative path without `.json`. */
export function rolloutIdFromPath(path: string): string {
  return path.replace(/\.json$/i, "");
}
