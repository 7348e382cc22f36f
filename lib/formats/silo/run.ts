import { baseName, commonFolder } from "../paths";
import type { NormalizedRun, ParseOptions } from "../types";
import { taskKey } from "./identity";
import type { Manifest } from "./manifest";
import type { SiloRollout } from "./rollout";
import { uniqueRolloutsAndTasks } from "../merge-task";

/** Folder names that say where Silo keeps rollouts, not what the run is. */
const LAYOUT_FOLDER = /^(\.silo|runs|run_.*)$/;

/** The user's name, else the ingested folder's, else the deepest folder all files share. */
export function deriveRunName(options: ParseOptions, paths: readonly string[]): string {
  if (options.runName?.trim()) return options.runName.trim();
  const root = options.rootName?.replace(/\.(result\.)?json$/i, "").replace(/^\.+/, "");
  if (root) return root;
  const folders = commonFolder(paths).split("/").filter(Boolean);
  while (folders.length > 0 && LAYOUT_FOLDER.test(folders[folders.length - 1]!)) folders.pop();
  const last = folders[folders.length - 1];
  return last ? baseName(last) : "Silo run";
}

export interface RunContext {
  paths: string[];
  manifests: Manifest[];
  warnings: string[];
}

/** One run for the batch: unique rollout ids, one task per key, created at the earliest start. */
export function assembleSiloRun(items: readonly SiloRollout[], options: ParseOptions, ctx: RunContext): NormalizedRun {
  const warnings = [...ctx.warnings];
  const { rollouts, tasks } = uniqueRolloutsAndTasks(items, warnings);

  for (const manifest of ctx.manifests) {
    const missing = manifest.tasks
      .map((t) => taskKey(t.id, t.group ?? null))
      .filter((key) => !tasks.has(key) && ![...tasks.values()].some((t) => t.taskId === key));
    if (missing.length > 0) {
      warnings.push(`${manifest.path} declares ${missing.length} task(s) with no result: ${missing.join(", ")}`);
    }
  }

  const starts = rollouts
    .map((r) => r.startedAt)
    .filter((s): s is string => s !== null)
    .sort();
  const metadata: NormalizedRun["metadata"] = {
    siloRunFolders: rollouts.filter((r) => r.files.some((f) => baseName(f) === "run.json")).length,
  };
  if (ctx.manifests.length > 0) metadata.manifests = ctx.manifests.map((m) => m.path);

  return {
    name: deriveRunName(options, ctx.paths),
    agent: options.agent ?? null,
    model: options.model ?? null,
    format: "silo",
    createdAt: starts[0] ?? null,
    passThreshold: 1,
    tasks: [...tasks.values()],
    rollouts,
    warnings,
    regrades: [],
    metadata,
  };
}
