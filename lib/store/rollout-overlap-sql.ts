/**
 * The other runs holding rollouts of run `param` (same rollout id, same source bytes), in SQL both databases
 * read: grouped by run, most shared first, each with its whole rollout count.
 */
export const ROLLOUT_OVERLAP_SQL = (param: string) =>
  `SELECT o."runId" AS "runId", r."name" AS "name", CAST(count(*) AS INTEGER) AS "shared", ` +
  `CAST((SELECT count(*) FROM "Rollout" x WHERE x."runId" = o."runId") AS INTEGER) AS "rollouts" ` +
  `FROM "Rollout" m ` +
  `JOIN "Rollout" o ON o."sourceSha256" = m."sourceSha256" AND o."rolloutId" = m."rolloutId" AND o."runId" <> m."runId" ` +
  `JOIN "Run" r ON r."id" = o."runId" ` +
  `WHERE m."runId" = ${param} GROUP BY o."runId", r."name" ORDER BY "shared" DESC, r."name" ASC, o."runId" ASC`;
