import type { Review } from "@/lib/scoring/reviews/review-types";
import type { ReviewWrite, RunReview } from "../records";
import { REVIEW, type ReviewRow } from "../rows";
import { insert, select, type Rule } from "../sql/rule";
import type { JsonObject } from "@/lib/formats/types";
import { forUpdate, inList, jsonText, sql } from "../sql/sql";

/*
 * The rules of reviews, for both databases. A review is only ever added: the stored verdicts are never
 * touched, a reviewer's change is a newer review, a withdrawal is a review marked withdrawn. Reviews go with
 * their run (deleteRun, and the foreign key's cascade).
 */

interface ReviewSelect {
  task: string;
  rolloutId: string;
  checkKey: string;
  verdict: Review["verdict"];
  reason: string;
  reviewer: string;
  at: Date;
  withdrawn: boolean;
}

/** Every review of a run, oldest first (then in the order stored); null when there is no such run. */
export function* listReviews(runId: string): Rule<RunReview[] | null> {
  const found = yield* select(sql`SELECT 1 AS "found" FROM "Run" WHERE "id" = ${runId}`);
  if (found.length === 0) return null;
  const rows = yield* select<ReviewSelect>(
    sql`SELECT t."key" AS "task", v."rolloutId", v."checkKey", v."verdict", v."reason", v."reviewer", v."at",
        v."withdrawn"
      FROM "Review" v
      JOIN "Rollout" r ON r."runId" = v."runId" AND r."rolloutId" = v."rolloutId"
      JOIN "Task" t ON t."id" = r."taskRef"
      WHERE v."runId" = ${runId}
      ORDER BY v."at" ASC, v."id" ASC`,
    { at: "date", withdrawn: "bool" },
  );
  return rows.map((r) => ({
    task: r.task,
    rollout: r.rolloutId,
    check: r.checkKey,
    verdict: r.verdict,
    reason: r.reason,
    reviewer: r.reviewer,
    at: r.at.toISOString(),
    ...(r.withdrawn ? { withdrawn: true } : {}),
  }));
}

/**
 * Adds reviews to a run in ONE transaction: each names a rollout of the run and the key of one of its checks,
 * or nothing is written and the first one missing is named. A review already stored (the same rollout, check,
 * reviewer and time) is left as it is and counted `present`, so an import can run again.
 */
export function* addReviews(runId: string, reviews: readonly Review[]): Rule<ReviewWrite> {
  const run = yield* select(sql`SELECT 1 AS "found" FROM "Run" WHERE "id" = ${runId}${forUpdate()}`);
  if (run.length === 0) return { error: "run" };
  const rolloutIds = [...new Set(reviews.map((r) => r.rollout))];
  const keys = new Map<string, Set<string>>();
  // Chunks keep a statement's parameters under both databases' limits.
  for (let i = 0; i < rolloutIds.length; i += 500) {
    const rows = yield* select<{ rolloutId: string; key: string }>(
      sql`SELECT DISTINCT r."rolloutId", c."key" FROM "Rollout" r LEFT JOIN "Check" c ON c."rolloutRef" = r."id"
        WHERE r."runId" = ${runId} AND ${inList(sql`r."rolloutId"`, rolloutIds.slice(i, i + 500), "text")}`,
    );
    for (const row of rows) {
      const held = keys.get(row.rolloutId) ?? new Set<string>();
      if (row.key !== null) held.add(row.key);
      keys.set(row.rolloutId, held);
    }
  }
  for (const r of reviews) {
    const held = keys.get(r.rollout);
    if (held === undefined) return { error: "rollout", rollout: r.rollout };
    if (!held.has(r.check)) return { error: "check", rollout: r.rollout, check: r.check };
  }
  const rows: ReviewRow[] = reviews.map((r) => ({
    runId,
    rolloutId: r.rollout,
    checkKey: r.check,
    verdict: r.verdict,
    reason: r.reason,
    reviewer: r.reviewer,
    at: new Date(r.at),
    withdrawn: r.withdrawn === true,
  }));
  const added = yield* insert(REVIEW, rows, "ignore");
  return { added, present: reviews.length - added };
}

/**
 * The checks of a run whose metadata holds `key` (a format's record of score edits, say), with their rollout
 * id, task key and metadata, in stored order; null when there is no such run.
 */
export function* checksWithMetadataKey(
  runId: string,
  key: string,
): Rule<{ task: string; rollout: string; check: string; metadata: JsonObject }[] | null> {
  const found = yield* select(sql`SELECT 1 AS "found" FROM "Run" WHERE "id" = ${runId}`);
  if (found.length === 0) return null;
  // A text match narrows the rows; the key is confirmed on the parsed metadata.
  const rows = yield* select<{ task: string; rollout: string; check: string; metadata: JsonObject }>(
    sql`SELECT t."key" AS "task", r."rolloutId" AS "rollout", c."key" AS "check", c."metadata"
      FROM "Check" c JOIN "Rollout" r ON r."id" = c."rolloutRef" JOIN "Task" t ON t."id" = r."taskRef"
      WHERE r."runId" = ${runId} AND ${jsonText(sql`c."metadata"`)} LIKE ${`%"${key}"%`}
      ORDER BY r."id", c."order"`,
    { metadata: "json" },
  );
  return rows.filter((r) => Object.hasOwn(r.metadata, key));
}
