import { z } from "zod";

/** GET /api/leaderboard: one pick of runs (series, tag or ids), a scenario and a false discovery rate. */
export const ZLeaderboardQuery = z.object({
  series: z.string().optional().describe("The runs of a series."),
  tag: z.string().optional().describe("The runs with a tag."),
  runs: z.string().optional().describe("Run ids, comma-separated (at most 50)."),
  scenario: z.string().optional().describe("A what-if scenario as JSON, as the pages' `scenario` parameter."),
  fdr: z.string().optional().describe("The false discovery rate q of the pairwise tests; 0.05."),
});

/**
 * What `tally leaderboard --json` prints. Its top level is described field by field; a row's figures are an open
 * object, as docs/scoring.md defines them.
 */
export const ZLeaderboardAnswer = z.looseObject({
  runs: z.number().int(),
  metric: z.string(),
  scheme: z.string(),
  tasks: z.number().int(),
  q: z.number(),
  resamples: z.number().int(),
  seed: z.number().int(),
  rows: z.array(z.looseObject({})),
});
