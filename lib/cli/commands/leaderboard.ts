import { zFdr } from "@/lib/compare/query";
import { leaderboardCells, leaderboardMethod } from "@/lib/display/leaderboard-words";
import { ZSeriesName } from "@/lib/run-series";
import { ZTag } from "@/lib/run-tags";
import { PickError, readLeaderboard, type LeaderboardPick } from "@/lib/series/read-series";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";
import { markdownText } from "../markdown-text";
import { scenarioOption } from "../scenario-option";

const HELP = `Usage: tally leaderboard <run…> | --series NAME | --tag T  [--scenario FILE|NAME] [--fdr Q]
                         [--json | --markdown]

Ranks stored runs (two or more: given by id or unique name, the runs of a series, or every run with a tag) by
their headline on the tasks every run holds, under a what-if scenario when given. Per run: the headline with
its 95% interval, its rank and rank interval (the 2.5th-97.5th percentile rank over 2,000 task-bootstrap
resamples, seeded), the paired difference to the leader with its 95% interval, and the runs it is tied with:
every pair is tested (paired t) and Benjamini-Hochberg at --fdr Q (default 0.05) decides which differ.
--json prints the leaderboard as GET /api/leaderboard does; --markdown as a comment.`;

export const leaderboardCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        series: { type: "string" },
        tag: { type: "string" },
        scenario: { type: "string" },
        fdr: { type: "string" },
        json: { type: "boolean" },
        markdown: { type: "boolean" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (values.json && values.markdown) throw new UsageError(`give --json or --markdown, not both\n\n${HELP}`);
    const ways = [positionals.length > 0, values.series !== undefined, values.tag !== undefined].filter(Boolean);
    if (ways.length !== 1) throw new UsageError(`give runs, --series NAME or --tag T (one of them)\n\n${HELP}`);
    let pick: LeaderboardPick;
    if (values.series !== undefined) {
      const name = ZSeriesName.safeParse(values.series);
      if (!name.success) throw new UsageError(`invalid --series: ${name.error.issues[0]!.message}`);
      pick = { series: name.data };
    } else if (values.tag !== undefined) {
      const tag = ZTag.safeParse(values.tag);
      if (!tag.success) throw new UsageError(`invalid --tag: ${tag.error.issues[0]!.message}`);
      pick = { tag: tag.data };
    } else pick = { runs: positionals };
    const q = values.fdr === undefined ? undefined : zFdr.safeParse(values.fdr);
    if (q && !q.success) throw new UsageError(`--fdr ${values.fdr}: a false discovery rate above 0 and at most 0.5`);
    const scenario = values.scenario ? (await scenarioOption(values.scenario)).scenario : {};
    const store = await openDatabase();
    try {
      const board = await readLeaderboard(store, pick, { scenario, q: q?.data }).catch((error: unknown) => {
        if (error instanceof PickError) throw new UsageError(error.message);
        throw error;
      });
      const names = new Map(board.rows.map((r) => [r.id, r.name]));
      if (values.json) console.log(JSON.stringify(board, null, 2));
      else if (values.markdown) {
        const out = ["### Tally leaderboard", "", markdownText(leaderboardMethod(board)), ""];
        out.push(
          "| Rank | Rank interval | Run | Headline (95% CI) | − leader | 95% CI | Corrected p | Tied with |",
          "|---:|---:|---|---:|---:|---|---:|---|",
        );
        for (const row of board.rows) {
          const c = leaderboardCells(board, row, names);
          const tied = row.tiedWith.map((id) => markdownText(names.get(id) ?? id, { cell: true })).join(", ");
          out.push(
            `| ${c.rank} | ${c.rankInterval} | ${markdownText(row.name, { cell: true })} | ${c.headline} | ${c.toLeader} | ${c.toLeaderInterval} | ${c.adjusted} | ${tied} |`,
          );
        }
        process.stdout.write(`${out.join("\n")}\n`);
      } else {
        console.log(leaderboardMethod(board));
        for (const row of board.rows) {
          const c = leaderboardCells(board, row, names);
          const lead = row.toLeader ? `${c.toLeader} (${c.toLeaderInterval}, corrected p ${c.adjusted})` : "leader";
          const tied = c.tiedWith ? `  tied with ${c.tiedWith}` : "";
          console.log(`  ${c.rank.padStart(2)} [${c.rankInterval}]  ${row.name}  ${c.headline}  ${lead}${tied}`);
        }
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};
