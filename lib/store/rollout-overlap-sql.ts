import { sql, type Sql } from "./sql/sql";

/**
 * The other runs holding rollouts of a run: grouped by run, most shared first, each with its whole rollout
 * count. A rollout is held by another run when a rollout there has the same rollout id and source bytes, or the
 * same source identity (null matches nothing); `sameBytes` counts the first kind. The two matches are separate
 * joins so each can use its own index.
 */
export const rolloutOverlapSql = (runId: string): Sql =>
  sql`WITH "own" AS (
      SELECT "id", "runId", "rolloutId", "sourceSha256", "sourceIdentity" FROM "Rollout" WHERE "runId" = ${runId}
    ), "pairs" AS (
      SELECT m."id" AS "mine", o."runId" AS "other", 1 AS "bytes" FROM "own" m
        JOIN "Rollout" o ON o."sourceSha256" = m."sourceSha256" AND o."rolloutId" = m."rolloutId" AND o."runId" <> m."runId"
      UNION ALL
      SELECT m."id", o."runId", 0 FROM "own" m
        JOIN "Rollout" o ON o."sourceIdentity" = m."sourceIdentity" AND o."runId" <> m."runId"
    )
    SELECT p."other" AS "runId", r."name" AS "name", CAST(count(DISTINCT p."mine") AS INTEGER) AS "shared",
      CAST(count(DISTINCT CASE WHEN p."bytes" = 1 THEN p."mine" END) AS INTEGER) AS "sameBytes",
      CAST((SELECT count(*) FROM "Rollout" x WHERE x."runId" = p."other") AS INTEGER) AS "rollouts"
    FROM "pairs" p JOIN "Run" r ON r."id" = p."other"
    GROUP BY p."other", r."name" ORDER BY "shared" DESC, r."name" ASC, p."other" ASC`;
