import { isJsonObject } from "../json";
import type { Json, JsonObject, NormalizedCheck } from "../types";

/**
 * verifier/reward-details.json is free-form. Shapes read as checks (required unless an entry says otherwise):
 * - `{"checks": {name: true | false | number | null | {passed, score, …}}}` and `{"checks": [{name, passed}, …]}`;
 * - `{"criteria": [{name, value, weight, description, reasoning, error}, …]}`;
 * - rewardkit blocks `{<name>: {kind, score, criteria: [...]}}` (criteria keyed `<name>.<criterion>`) and groups
 *   `{<name>: {kind: "group", components: [{name, weight, detail: <block>}]}}`.
 * A top-level numeric `reward` is returned for the agreement check; anything else is kept verbatim.
 */
export interface RewardDetails {
  checks: NormalizedCheck[];
  reward: number | null;
  /** What was not read as checks (unknown shapes, block scores, verifier notes), verbatim. */
  kept: JsonObject;
  warnings: string[];
}

const MAX_DEPTH = 8;
const NAME_FIELDS = ["name", "id", "label", "key"] as const;
const SCORE_FIELDS = ["score", "value"] as const;
const ENTRY_FIELDS = new Set([
  ...NAME_FIELDS,
  ...SCORE_FIELDS,
  "passed",
  "required",
  "dimension",
  "weight",
  "detail",
  "description",
  "message",
  "reasoning",
  "reason",
  "error",
  "status",
]);
const NOT_GRADED_STATUS: Record<string, "not_assigned" | "error"> = {
  skipped: "not_assigned",
  not_assigned: "not_assigned",
  pending: "not_assigned",
  error: "error",
  errored: "error",
};

const str = (v: Json | undefined): string | null => (typeof v === "string" && v !== "" ? v : null);

function entryName(entry: JsonObject): string | null {
  for (const field of NAME_FIELDS) {
    const v = entry[field];
    if (typeof v === "string" && v !== "") return v;
    if (typeof v === "number") return String(v);
  }
  return null;
}

function unknownOf(entry: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(entry)) if (!ENTRY_FIELDS.has(k)) out[k] = v;
  return out;
}

/** `passed: bool`, else a status that says passed or failed; null when the entry states neither. */
function explicitVerdict(entry: JsonObject, statusText: string | null): boolean | null {
  if (typeof entry.passed === "boolean") return entry.passed;
  if (statusText === "passed" || statusText === "pass") return true;
  if (statusText === "failed" || statusText === "fail") return false;
  return null;
}

class Reader {
  checks: NormalizedCheck[] = [];
  warnings: string[] = [];

  /** One entry: a bare verdict (boolean, number, null) or an object describing one. */
  entry(label: string, raw: Json): void {
    const isObject = isJsonObject(raw);
    const entry: JsonObject = isObject ? raw : {};
    const numeric = isObject
      ? ([entry.score, entry.value].find((v): v is number => typeof v === "number") ?? null)
      : typeof raw === "number"
        ? raw
        : null;
    const statusText = typeof entry.status === "string" ? entry.status.toLowerCase() : null;
    const error = str(entry.error);
    const notGraded = error !== null ? "error" : statusText ? NOT_GRADED_STATUS[statusText] : undefined;
    let passed = isObject ? explicitVerdict(entry, statusText) : typeof raw === "boolean" ? raw : null;

    let score: number | null = null;
    const metadata = unknownOf(entry);
    if (numeric !== null) {
      if (numeric >= 0 && numeric <= 1) {
        score = numeric;
        passed ??= numeric >= 1 - 1e-9;
      } else {
        passed ??= numeric > 0;
        metadata.value = numeric;
        this.warnings.push(
          `check "${label}" has value ${numeric} outside [0, 1]: stored as ${passed ? "passed" : "failed"}, the value kept in its metadata`,
        );
      }
    }
    const detail = error ?? str(entry.detail) ?? str(entry.message) ?? str(entry.description);
    if (str(entry.description) !== null && detail !== entry.description) metadata.description = entry.description!;
    if (statusText !== null && notGraded === undefined && passed === null) metadata.status = entry.status!;
    const graded = notGraded === undefined && passed !== null;
    this.checks.push({
      order: this.checks.length,
      key: label,
      label,
      passed: graded ? passed : null,
      score: graded ? (score ?? (passed ? 1 : 0)) : null,
      required: typeof entry.required === "boolean" ? entry.required : true,
      dimension: str(entry.dimension) ?? "correctness",
      status: graded ? "graded" : (notGraded ?? "not_assigned"),
      weight: typeof entry.weight === "number" ? entry.weight : null,
      failureTag: null,
      detail,
      reason: str(entry.reasoning) ?? str(entry.reason),
      evidenceRefs: [],
      metadata,
    });
  }

  /** A list of entries, each named by name | id | label | key (else by position). */
  list(prefix: string, items: readonly Json[]): void {
    items.forEach((item, i) => {
      const name = isJsonObject(item) ? entryName(item) : null;
      const label = name ?? `${prefix || "criterion"} ${i + 1}`;
      this.entry(prefix && name ? `${prefix}.${name}` : label, item);
    });
  }

  /** A map of name -> verdict. */
  map(prefix: string, entries: JsonObject): void {
    for (const [name, value] of Object.entries(entries)) this.entry(prefix ? `${prefix}.${name}` : name, value);
  }

  /** A rewardkit block (criteria) or group (components); returns what it did not read, or null if not a block. */
  block(prefix: string, value: JsonObject, depth: number): JsonObject | null {
    if (depth > MAX_DEPTH) return null;
    if (Array.isArray(value.criteria)) {
      this.list(prefix, value.criteria);
      const { criteria: _, ...rest } = value;
      return rest;
    }
    if (value.kind === "group" && Array.isArray(value.components)) {
      const components: Json[] = [];
      for (const component of value.components) {
        const name = isJsonObject(component) ? entryName(component) : null;
        const detail = isJsonObject(component) ? component.detail : undefined;
        const rest = name && isJsonObject(detail) ? this.block(`${prefix}.${name}`, detail, depth + 1) : null;
        components.push(rest === null ? component : { ...(component as JsonObject), detail: rest });
      }
      return { ...value, components };
    }
    return null;
  }
}

export function readRewardDetails(value: Json): RewardDetails {
  const reader = new Reader();
  const kept: JsonObject = {};
  let reward: number | null = null;
  if (Array.isArray(value)) reader.list("", value);
  else if (!isJsonObject(value)) kept.value = value;
  else {
    for (const [key, v] of Object.entries(value)) {
      if (key === "reward" && typeof v === "number") reward = v;
      else if (key === "checks" && isJsonObject(v)) reader.map("", v);
      else if ((key === "checks" || key === "criteria") && Array.isArray(v)) reader.list("", v);
      else {
        const rest = isJsonObject(v) ? reader.block(key, v, 0) : null;
        kept[key] = rest ?? v;
      }
    }
  }
  return { checks: reader.checks, reward, kept, warnings: reader.warnings };
}
