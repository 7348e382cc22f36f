import { EVIDENCE_REFS_HEAD, KEY_HEAD, REF_HEAD, TAG_HEAD } from "@/lib/text-head";
import { ROLLOUT } from "./rows";
import type { RolloutTextRef } from "./records";

/*
 * The SQL of the bounded reads both stores share (a rollout's head, pages of checks, one whole text): each long
 * text as its first characters (substr) and its size in bytes (octet_length, which neither database reads the
 * text for), so a page never pulls a 200 MB answer or 100,000 checks out of the database. Placeholders are
 * `$1…` (PostgreSQL) or `?` (SQLite) by `param`, numbered in the order the statements list their parameters.
 */

export type Dialect = "sqlite" | "postgres";

/** The long texts of a rollout, read as heads. */
const ROLLOUT_TEXTS = ["agentOutput", "error", "metadata"] as const;

/** A column as text: JSON columns are jsonb on PostgreSQL. */
const asText = (dialect: Dialect, column: string, json: boolean) =>
  json && dialect === "postgres" ? `${column}::text` : column;

/** `substr` and `octet_length` of a column, as `<name>Head` and `<name>Bytes`. */
function head(dialect: Dialect, column: string, name: string, bound: string, json = false): string {
  const text = asText(dialect, column, json);
  return `substr(${text}, 1, ${bound}) AS "${name}Head", octet_length(${text}) AS "${name}Bytes"`;
}

/** Every column of a rollout but its long texts, its task's key, the texts' heads and its check count. */
export function rolloutHeadSelect(dialect: Dialect, bound: string): string {
  const plain = Object.keys(ROLLOUT.columns)
    .filter((c) => !(ROLLOUT_TEXTS as readonly string[]).includes(c))
    .map((c) => `r."${c}"`);
  const count = dialect === "postgres" ? "count(*)::int" : "count(*)";
  return [
    ...plain,
    `t."key" AS "taskKey"`,
    head(dialect, `r."agentOutput"`, "agentOutput", bound),
    head(dialect, `r."error"`, "error", bound),
    head(dialect, `r."metadata"`, "metadata", bound, true),
    `(SELECT ${count} FROM "Check" c WHERE c."rolloutRef" = r."id") AS "checkCount"`,
  ].join(", ");
}

/** The first EVIDENCE_REFS_HEAD refs of a check, each cut to REF_HEAD characters, as a JSON array. */
function refsHead(dialect: Dialect): string {
  return dialect === "postgres"
    ? `(SELECT coalesce(jsonb_agg(substr(x.e, 1, ${REF_HEAD}) ORDER BY x.n), '[]'::jsonb) FROM ` +
        `(SELECT e, n FROM jsonb_array_elements_text(c."evidenceRefs") WITH ORDINALITY AS a(e, n) ORDER BY n LIMIT ${EVIDENCE_REFS_HEAD}) x)`
    : `(SELECT json_group_array(substr(x."value", 1, ${REF_HEAD})) FROM ` +
        `(SELECT "value" FROM json_each(c."evidenceRefs") ORDER BY "key" LIMIT ${EVIDENCE_REFS_HEAD}) x)`;
}

/** A check's columns with its texts as heads: `key`, `label` and `text` name the bounds' placeholders. */
export function checkHeadSelect(dialect: Dialect, bound: { key: string; label: string; text: string }): string {
  const refCount =
    dialect === "postgres" ? `jsonb_array_length(c."evidenceRefs")` : `json_array_length(c."evidenceRefs")`;
  return [
    `c."order"`,
    head(dialect, `c."key"`, "key", bound.key),
    head(dialect, `c."label"`, "label", bound.label),
    `c."passed"`,
    `c."score"`,
    `c."required"`,
    `substr(c."dimension", 1, ${TAG_HEAD}) AS "dimension"`,
    `c."status"`,
    `c."weight"`,
    head(dialect, `c."detail"`, "detail", bound.text),
    head(dialect, `c."reason"`, "reason", bound.text),
    `substr(c."failureTag", 1, ${TAG_HEAD}) AS "failureTag"`,
    `${refsHead(dialect)} AS "evidenceRefs"`,
    `${refCount} AS "evidenceCount"`,
    head(dialect, `c."metadata"`, "metadata", bound.text, true),
  ].join(", ");
}

/** The checks of a rollout that cite evidence: order, key (cut) and their first refs. */
export function checkRefsSelect(dialect: Dialect): string {
  const cites = dialect === "postgres" ? `c."evidenceRefs" <> '[]'::jsonb` : `c."evidenceRefs" <> '[]'`;
  return `SELECT c."order", substr(c."key", 1, ${KEY_HEAD}) AS "key", ${refsHead(dialect)} AS "refs" FROM "Check" c WHERE c."rolloutRef" = ${dialect === "postgres" ? "$1" : "?"} AND ${cites} ORDER BY c."order"`;
}

/** The column a text reference names, as text, and whether it is a check's. */
export function textColumn(dialect: Dialect, ref: RolloutTextRef): { table: "Rollout" | "Check"; column: string } {
  const json = ref.field === "metadata";
  return {
    table: "check" in ref ? "Check" : "Rollout",
    column: asText(dialect, `"${ref.field}"`, json),
  };
}
