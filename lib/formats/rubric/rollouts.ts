import { sha256Hex } from "../hash";
import type { InputFile, JsonObject, NormalizedCheck, NormalizedTask } from "../types";
import { emptyRollout, taskKey, type RolloutWithTask } from "../grade/assemble";
import { fileStem, firstId } from "../grade/records";
import { verdictCheck } from "./check";
import { ROLLOUT_ID_FIELDS, TASK_ID_FIELDS, type TVerdict } from "./schema";

export const NO_REQUIRED_ITEMS =
  "no required rubric items: a rollout with no required item cannot be graded, so it is stored unscored";
export const NO_GRADED_REQUIRED_ITEM =
  "no required rubric item was graded: without a verdict on a required item this rollout is stored unscored";

export interface VerdictItem {
  file: InputFile;
  data: TVerdict;
  raw: JsonObject;
}

interface Group {
  id: string;
  task: NormalizedTask;
  rolloutName: string | null;
  checks: NormalizedCheck[];
  warnings: string[];
  files: InputFile[];
}

function unscoredWhy(checks: readonly NormalizedCheck[]) {
  const required = checks.filter((c) => c.required);
  if (required.length === 0)
    return { warning: NO_REQUIRED_ITEMS, error: "no required rubric items", category: "not_graded" };
  if (required.some((c) => c.status === "graded")) return null;
  const failed = checks.find((c) => c.status === "error");
  if (failed) {
    const why = failed.reason ?? "the judge reported an error";
    return {
      warning: `${NO_GRADED_REQUIRED_ITEM} (rubric ${failed.key}: ${why})`,
      error: why,
      category: "rubric_error",
    };
  }
  return { warning: NO_GRADED_REQUIRED_ITEM, error: "no required rubric item was graded", category: "not_graded" };
}

/**
 * Verdict records grouped into rollouts: by task (task / task_id, else the file's name) and rollout (rollout /
 * rollout_id / trial). Rollout id `<taskKey>#<rollout>`, or the task key when the records name no rollout.
 */
export function groupVerdicts(items: readonly VerdictItem[]): RolloutWithTask[] {
  const groups = new Map<string, Group>();
  for (const { file, data, raw } of items) {
    const taskId = firstId(raw, TASK_ID_FIELDS)?.value ?? fileStem(file.path);
    const group = data.group ?? null;
    const key = taskKey(taskId, group);
    const rolloutName = firstId(raw, ROLLOUT_ID_FIELDS)?.value ?? null;
    const id = rolloutName === null ? key : `${key}#${rolloutName}`;
    let g = groups.get(id);
    if (!g) {
      g = { id, rolloutName, checks: [], warnings: [], files: [], task: { key, taskId, name: null, group, weight: 1 } };
      groups.set(id, g);
    }
    g.task.name ??= data.task_name ?? null;
    if (data.task_weight !== undefined) g.task.weight = data.task_weight;
    if (!g.files.includes(file)) g.files.push(file);
    const { check, warning } = verdictCheck(data, raw, g.checks.length);
    if (warning) g.warnings.push(warning);
    if (g.checks.some((c) => c.key === check.key))
      g.warnings.push(`rubric ${check.key} has more than one verdict in this rollout: all are kept`);
    g.checks.push(check);
  }

  const rolloutsPerFile = new Map<InputFile, number>();
  for (const g of groups.values()) rolloutsPerFile.set(g.files[0]!, (rolloutsPerFile.get(g.files[0]!) ?? 0) + 1);

  return [...groups.values()].map((g) => {
    const source = g.files[0]!;
    const many = (rolloutsPerFile.get(source) ?? 0) > 1;
    const why = unscoredWhy(g.checks);
    const rollout = emptyRollout({
      id: g.id,
      task: g.task.key,
      status: why ? "unscored" : "scored",
      rule: "checks",
      source: {
        path: many ? `${source.path}#${g.id}` : source.path,
        format: "rubric",
        sha256: sha256Hex(source.bytes),
      },
      files: g.files.map((f) => f.path),
    });
    rollout.checks = g.checks;
    rollout.warnings = why ? [why.warning, ...g.warnings] : g.warnings;
    if (why) {
      rollout.error = why.error;
      rollout.errorCategory = why.category;
    }
    if (g.rolloutName !== null) rollout.metadata = { rollout: g.rolloutName };
    return { rollout, task: g.task };
  });
}
