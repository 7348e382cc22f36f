import { sql, type Sql } from "./sql/sql";

/**
 * The other runs holding rollouts of a run: grouped by run, most shared first, each with its whole rollout
 * count. A rollout is held by another run when a rollout there has the same rollout id and source bytes, or the
 * same source identity (null matches nothing); `sameBytes` counts the first kind. The two matches are separate
 * joins so each can use its own index, and each starts from the run's own rollouts: the cost grows with the
 * run, not with the database. `held` is one row per rollout and other run, so the counts need no DISTINCT.
 */
export const rolloutOverlapSql = (runId: string): Sql =>
  sql`WITH "pairs" AS (
      SELECT m."id" AS "mine", o."runId" AS "other", 1 AS "bytes" FROM "Rollout" m
        JOIN "Rollout" o ON o."sourceSha256" = m."sourceSha256" AND o."rolloutId" = m."rolloutId" AND o."runId" <> m."runId"
        WHERE m."runId" = ${runId}
      UNION ALL
      SELECT m."id", o."runId", 0 FROM "Rollout" m
        JOIN "Rollout" o ON o."sourceIdentity" = m."sourceIdentity" AND o."runId" <> m."runId"
        WHERE m."runId" = ${runId}
    ), "held" AS (
      SELECT "mine", "other", max("bytes") AS "bytes" FROM "pairs" GROUP BY "mine", "other"
    )
    SELECT h."other" AS "runId", r."name" AS "name", CAST(count(*) AS INTEGER) AS "shared",
      CAST(sum(h."bytes") AS INTEGER) AS "sameBytes",
      CAST((SELECT count(*) FROM "Rollout" x WHERE x."runId" = h."other") AS INTEGER) AS "rollouts"
    FROM "held" h JOIN "Run" r ON r."id" = h."other"
    GROUP BY h."other", r."name" ORDER BY "shared" DESC, r."name" ASC, h."other" ASC`;
