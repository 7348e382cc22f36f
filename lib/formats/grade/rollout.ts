import { sha256Hex } from "../hash";
import type { InputFile, JsonObject } from "../types";
import { emptyRollout, isoTime, taskKey, type RolloutWithTask } from "./assemble";
import { auditSummary, componentChecks, shortNumber, weightSumWarning } from "./components";
import { penaltyTotal } from "./penalties";
import { fileStem, firstId, pathStem } from "./records";
import { GATES, KIND_FIELDS, MAPPED_FIELDS, ROLLOUT_ID_FIELDS, TASK_ID_FIELDS, type TGradeRecord } from "./schema";

/** A reported score and the recomputed one differ beyond rounding to two decimals. */
const SCORE_TOLERANCE = 0.005;

export const NO_GRADED_SUBSCORE =
  "no graded subscore and no reported score: nothing to score, so this grade is stored unscored";

export interface GradeInput {
  file: InputFile;
  data: TGradeRecord;
  raw: JsonObject;
  /** The file holds several grades: the rollout's source is `path#name`. */
  many: boolean;
  /** 1-based position of the record in its file, the fallback name of a grade with no identity. */
  position: number;
}

/** The gating component for the grade's kind, if the grade has that component (docs/scoring.md#grades). */
function gateFor(
  kind: string | null,
  subscores: Readonly<Record<string, number | null>>,
): { gate: string | null; warning: string | null } {
  const has = (c: string) => Object.hasOwn(subscores, c);
  if (kind !== null) {
    const gate = Object.hasOwn(GATES, kind.toLowerCase()) ? GATES[kind.toLowerCase()]! : null;
    if (gate === null) return { gate: null, warning: null };
    if (has(gate)) return { gate, warning: null };
    return {
      gate: null,
      warning: `${kind} grade without a ${gate} component: it passes at the pass threshold instead`,
    };
  }
  // No kind: a grade with exactly one gating component is gated on it.
  const present = [...new Set(Object.values(GATES))].filter(has);
  return { gate: present.length === 1 ? present[0]! : null, warning: null };
}

function metadataOf(raw: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(raw)) if (!MAPPED_FIELDS.has(k)) out[k] = v;
  return out;
}

/** One grade as a rollout (rule "grade"): each subscore a check with its weight, penalties subtracted. */
export function normaliseGrade(input: GradeInput): RolloutWithTask & { name: string } {
  const { file, data, raw } = input;
  const taskId =
    firstId(raw, TASK_ID_FIELDS)?.value ??
    (input.many ? `${fileStem(file.path)}#${input.position}` : fileStem(file.path));
  const group = data.group ?? null;
  const key = taskKey(taskId, group);
  const explicit = firstId(raw, ROLLOUT_ID_FIELDS)?.value ?? null;
  const kind = firstId(raw, KIND_FIELDS)?.value ?? null;
  const name = explicit !== null ? `${taskId}#${explicit}` : taskId;
  const id =
    explicit !== null ? `${key}#${explicit}` : input.many ? `${pathStem(file.path)}#${name}` : pathStem(file.path);

  const warnings: string[] = [];
  const { gate, warning: gateWarning } = gateFor(kind, data.subscores);
  if (gateWarning) warnings.push(gateWarning);
  const { checks, warnings: componentWarnings } = componentChecks({
    subscores: data.subscores,
    weights: data.weights,
    metadata: raw.metadata,
    gate,
  });
  // An audit's figures live in the grade's metadata, not under a component: show them on its checks.
  const audit = auditSummary(raw.metadata);
  if (audit !== null) for (const c of checks) if (c.status === "graded" && c.detail === null) c.detail = audit;
  const weightWarning = weightSumWarning(data.weights);
  if (weightWarning) warnings.push(weightWarning);
  for (const w of componentWarnings) warnings.push(w);

  const penalties = penaltyTotal(data.penalties);
  const graded = checks.filter((c) => c.status === "graded");
  const reported = data.score ?? null;
  if (reported !== null && graded.length > 0) {
    const sum = graded.reduce((s, c) => s + (c.score ?? 0) * (c.weight ?? 0), 0);
    const computed = Math.min(1, Math.max(0, sum - penalties));
    if (Math.abs(computed - reported) > SCORE_TOLERANCE) {
      warnings.push(
        `reported score ${reported} differs from Σ subscore × weight − penalties = ${shortNumber(computed)}`,
      );
    }
  }
  const scored = graded.length > 0 || reported !== null;
  if (!scored) warnings.unshift(NO_GRADED_SUBSCORE);

  const rollout = emptyRollout({
    id,
    task: key,
    status: scored ? "scored" : "unscored",
    rule: "grade",
    source: { path: input.many ? `${file.path}#${name}` : file.path, format: "grade", sha256: sha256Hex(file.bytes) },
    files: [file.path],
  });
  rollout.reportedReward = reported;
  rollout.reportedPassed = data.passed ?? null;
  rollout.penalties = penalties;
  rollout.gate = gate;
  rollout.checks = checks;
  rollout.startedAt = isoTime(data.created_at ?? data.timestamp);
  rollout.warnings = warnings;
  rollout.metadata = metadataOf(raw);
  if (!scored) {
    rollout.error = "no graded subscore";
    rollout.errorCategory = "not_graded";
  }

  return {
    name,
    rollout,
    task: { key, taskId, name: data.task_name ?? null, group, weight: 1 },
  };
}
