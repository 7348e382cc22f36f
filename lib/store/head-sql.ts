import { EVIDENCE_REFS_HEAD, KEY_HEAD, REF_HEAD, TAG_HEAD } from "@/lib/text-head";
import { ROLLOUT } from "./rows";
import type { RolloutTextRef } from "./records";
import { jsonLength, jsonStringsHead, jsonText, raw, sql, type Sql } from "./sql/sql";

/*
 * The SQL of the bounded reads (a rollout's head, pages of checks, one whole text): each long text as its first
 * characters (substr) and its size in bytes (octet_length, which neither database reads the text for), so a
 * page never pulls a 200 MB answer or 100,000 checks out of the database.
 */

/** The long texts of a rollout, read as heads. */
const ROLLOUT_TEXTS = ["agentOutput", "error", "metadata"] as const;

/** A column as text: JSON columns are jsonb on PostgreSQL. */
const asText = (column: Sql, isJson: boolean) => (isJson ? sql`${jsonText(column)}` : column);

/** `substr` and `octet_length` of a column, as `<name>Head` and `<name>Bytes`. */
function head(column: Sql, name: string, bound: number, isJson = false): Sql {
  const text = asText(column, isJson);
  return sql`substr(${text}, 1, ${bound}) AS ${raw(`"${name}Head"`)}, octet_length(${text}) AS ${raw(`"${name}Bytes"`)}`;
}

/** Every column of a rollout `r` but its long texts, its task's key (task `t`), the texts' heads and its check count. */
export function rolloutHeadSelect(bound: number): Sql {
  const plain = Object.keys(ROLLOUT.columns)
    .filter((c) => !(ROLLOUT_TEXTS as readonly string[]).includes(c))
    .map((c) => `r."${c}"`);
  return sql`${raw(plain.join(", "))}, t."key" AS "taskKey",
    ${head(sql`r."agentOutput"`, "agentOutput", bound)},
    ${head(sql`r."error"`, "error", bound)},
    ${head(sql`r."metadata"`, "metadata", bound, true)},
    CAST((SELECT count(*) FROM "Check" c WHERE c."rolloutRef" = r."id") AS INTEGER) AS "checkCount"`;
}

/** The first EVIDENCE_REFS_HEAD refs of a check `c`, each cut to REF_HEAD characters, as a JSON array. */
const refsHead = () => jsonStringsHead(sql`c."evidenceRefs"`, EVIDENCE_REFS_HEAD, REF_HEAD);

/** A check's columns with its texts as heads, cut to the bounds. */
export function checkHeadSelect(bound: { key: number; label: number; text: number }): Sql {
  return sql`c."order",
    ${head(sql`c."key"`, "key", bound.key)},
    ${head(sql`c."label"`, "label", bound.label)},
    c."passed", c."score", c."required",
    substr(c."dimension", 1, ${TAG_HEAD}) AS "dimension",
    c."status", c."weight",
    ${head(sql`c."detail"`, "detail", bound.text)},
    ${head(sql`c."reason"`, "reason", bound.text)},
    substr(c."failureTag", 1, ${TAG_HEAD}) AS "failureTag",
    ${refsHead()} AS "evidenceRefs",
    ${jsonLength(sql`c."evidenceRefs"`)} AS "evidenceCount",
    ${head(sql`c."metadata"`, "metadata", bound.text, true)}`;
}

/** The checks of a rollout that cite evidence: order, key (cut) and their first refs. */
export function checkRefsSelect(rolloutRef: string): Sql {
  return sql`SELECT c."order", substr(c."key", 1, ${KEY_HEAD}) AS "key", ${refsHead()} AS "refs"
    FROM "Check" c WHERE c."rolloutRef" = ${rolloutRef} AND ${jsonLength(sql`c."evidenceRefs"`)} > 0
    ORDER BY c."order"`;
}

/** The column a text reference names, as text, and whether it is a check's. */
export function textColumn(ref: RolloutTextRef): { table: "Rollout" | "Check"; column: Sql } {
  return {
    table: "check" in ref ? "Check" : "Rollout",
    column: asText(sql`${raw(`"${ref.field}"`)}`, ref.field === "metadata"),
  };
}
