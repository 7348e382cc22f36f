import { metricText, intervalText, plural } from "@/lib/display/format";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { ZSeriesName } from "@/lib/run-series";
import { readSeries } from "@/lib/series/read-series";
import { zFdr } from "@/lib/compare/query";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";
import { scenarioOption } from "../scenario-option";

const HELP = `Usage: tally series list [--json]
       tally series show <name> [--scenario FILE|NAME] [--fdr Q] [--json]

A series is the runs a team repeats (nightly, per pull request): tally ingest --series NAME, or
tally runs series <run> NAME. DATABASE_URL as for every command.
  list   every series and how many runs it holds
  show   the series' runs oldest first, each with its headline and 95% interval, and what became of each task:
         stopped passing (since which run), fixed, flaky, never passed; a change is called only when its test
         survives Benjamini-Hochberg at --fdr Q (default 0.05) across the tasks, the uncorrected count beside it.
         --json prints the runs, every task's pass rate per run and each task's history.`;

const TREND_WORDS = {
  "stopped-passing": "stopped passing",
  fixed: "fixed",
  flaky: "flaky across runs",
  "never-passed": "never passed",
} as const;

export const seriesCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      { json: { type: "boolean" }, scenario: { type: "string" }, fdr: { type: "string" } },
      HELP,
    );
    if (!parsed) return 0;
    const [action, ...args] = parsed.positionals;
    const { values } = parsed;
    if (action === "list") {
      if (args.length !== 0) throw new UsageError("usage: tally series list [--json]");
      const store = await openDatabase();
      try {
        const series = await store.listSeries();
        if (values.json) console.log(JSON.stringify({ series }, null, 2));
        else if (series.length === 0) console.log("No series yet: tally ingest --series NAME, or tally runs series.");
        else for (const s of series) console.log(`${s.name}  ${plural(s.runs, "run")}`);
        return 0;
      } finally {
        await store.close();
      }
    }
    if (action !== "show") throw new UsageError(`give an action: list or show\n\n${HELP}`);
    if (args.length !== 1) throw new UsageError("usage: tally series show <name> [--json]");
    const name = ZSeriesName.safeParse(args[0]);
    if (!name.success) throw new UsageError(`invalid series name: ${name.error.issues[0]!.message}`);
    const q = values.fdr === undefined ? undefined : zFdr.safeParse(values.fdr);
    if (q && !q.success) throw new UsageError(`--fdr ${values.fdr}: a false discovery rate above 0 and at most 0.5`);
    const scenario = values.scenario ? (await scenarioOption(values.scenario)).scenario : {};
    const store = await openDatabase();
    try {
      const series = await readSeries(store, name.data, { scenario, q: q?.data });
      if (!series) throw new Error(`no run belongs to series "${name.data}" (tally series list shows them)`);
      if (values.json) {
        console.log(JSON.stringify(series, null, 2));
        return 0;
      }
      console.log(
        `Series ${series.name}: ${plural(series.runs.length, "run")}, ${plural(series.tasks.length, "task")}`,
      );
      series.runs.forEach((r, i) => {
        const kind = metricKind(r.metric);
        console.log(
          `  ${String(i + 1).padStart(3)}  ${r.at.slice(0, 10)}  ${r.name}  ${r.metric} ${metricText(kind, r.value)}  95% CI ${intervalText(kind, r.ci95)}`,
        );
      });
      const h = series.history;
      const called = h.tasks.filter((t) => t.trend === "stopped-passing" || t.trend === "fixed").length;
      console.log(
        `  ${plural(called, "task")} changed after Benjamini-Hochberg at q = ${h.q} (${h.uncorrected} with a best split p < 0.05 before correction)`,
      );
      for (const trend of Object.keys(TREND_WORDS) as (keyof typeof TREND_WORDS)[]) {
        const tasks = h.tasks.filter((t) => t.trend === trend);
        if (tasks.length === 0) continue;
        console.log(`  ${TREND_WORDS[trend]} (${tasks.length}):`);
        for (const t of tasks) {
          const since = t.since === null ? "" : `  since run ${t.since + 1} (${series.runs[t.since]!.name})`;
          console.log(`    ${t.task}${since}`);
        }
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};
