import { isJsonObject, readJsonFile, zodIssuesToMessage } from "../json";
import { depth, dirName, isInside } from "../paths";
import type { InputFile } from "../types";
import { ZSiloManifest, type TManifestCheck, type TManifestTask } from "./schema";

/**
 * tasks.json: declared tasks (name, group, weight, per-check dimension and required) for the result files in
 * its folder and below. The file's own values win; the manifest fills what the file omits.
 */
export interface Manifest {
  path: string;
  dir: string;
  tasks: TManifestTask[];
}

export type ManifestRead = { ok: true; manifest: Manifest } | { ok: false; error: string };

export function readManifest(file: InputFile): ManifestRead {
  const decoded = readJsonFile(file);
  if (!decoded.ok) return decoded;
  // Both `[...]` and `{"tasks": [...]}`; field paths in errors follow the shape the file has.
  const wrapped = isJsonObject(decoded.value) && "tasks" in decoded.value;
  const list = wrapped && isJsonObject(decoded.value) ? decoded.value.tasks : decoded.value;
  const parsed = ZSiloManifest.safeParse(list);
  if (!parsed.success) {
    const issues = wrapped
      ? parsed.error.issues.map((issue) => ({ ...issue, path: ["tasks", ...issue.path] }))
      : parsed.error.issues;
    const message = zodIssuesToMessage(issues);
    return {
      ok: false,
      error: `invalid tasks.json: ${message.startsWith("expected") ? `${message} (a list of tasks)` : message}`,
    };
  }
  return { ok: true, manifest: { path: file.path, dir: dirName(file.path), tasks: parsed.data } };
}

/** Manifests that apply to a result file, nearest folder first. */
export function manifestsFor(manifests: readonly Manifest[], resultPath: string): Manifest[] {
  return manifests
    .filter((m) => isInside(m.dir, resultPath))
    .sort((a, b) => depth(b.path) - depth(a.path) || a.path.localeCompare(b.path));
}

export interface ManifestMatch {
  manifest: Manifest;
  task: TManifestTask;
}

/** The declaration of a task: same id, and same group when both sides name one (or an id `group/taskId`). */
export function findManifestTask(
  manifests: readonly Manifest[],
  taskId: string,
  group: string | null,
): ManifestMatch | null {
  for (const manifest of manifests) {
    const task =
      manifest.tasks.find((t) => t.id === taskId && (t.group == null || group === null || t.group === group)) ??
      (group === null ? undefined : manifest.tasks.find((t) => t.id === `${group}/${taskId}`));
    if (task) return { manifest, task };
  }
  return null;
}

/** A declared check matches by id (against the check's id or label) or by label. */
export function findManifestCheck(
  task: TManifestTask | undefined,
  check: { id: string | null; label: string },
): TManifestCheck | undefined {
  return task?.checks?.find((m) => {
    const id = m.id === undefined ? undefined : String(m.id);
    if (id !== undefined && (id === check.id || id === check.label)) return true;
    return m.label !== undefined && m.label === check.label;
  });
}
