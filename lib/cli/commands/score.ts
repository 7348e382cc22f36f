import { failureGroupsOf, type FailureGroup } from "@/lib/scoring/report/failure-groups";
import fs from "node:fs";
import { readPaths } from "@/lib/ingest/read-paths";
import { parseBatch } from "@/lib/ingest/parse-batch";
import { toScoringRunWithTraces } from "@/lib/ingest/to-scoring-run";
import { expandArchives } from "@/lib/archive/unzip";
import { archiveBudget } from "@/lib/ingest/limits";
import { FORMAT_IDS } from "@/lib/formats/registry";
import type { FormatId } from "@/lib/formats/types";
import { reportOf } from "@/lib/views/report-view";
import type { Report } from "@/lib/scoring/report/report-types";
import type { ScoringRun } from "@/lib/scoring/core/types";
import { parseCommand, UsageError } from "../args";
import { formatReport } from "../format-report";
import { loadRunRef } from "../load-run-ref";
import { scenarioOption } from "../scenario-option";

const HELP = `Usage: tally score <path|run…> [--scenario FILE|NAME] [--format F] [--json]

Computes the score report from result files, without a database; an operand that is not a path is a stored
run (DATABASE_URL), by id or by its name when one run has it. --scenario applies a what-if scenario
(the JSON of docs/scoring.md#what-if-scenarios), from a file, or when no such file exists the scenario saved
under that name in DATABASE_URL (tally scenarios). With several runs in the input (e.g. a Harbor job with
several evals), --json prints {"reports": [...]}. Exits 1 when any file was rejected.`;

export const scoreCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      { scenario: { type: "string" }, format: { type: "string" }, json: { type: "boolean" } },
      HELP,
    );
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (positionals.length === 0) throw new UsageError(`no paths given\n\n${HELP}`);
    const format = values.format;
    if (format && !(FORMAT_IDS as readonly string[]).includes(format))
      throw new UsageError(`unknown format "${format}"`);
    const scenario = values.scenario ? (await scenarioOption(values.scenario)).scenario : {};
    const paths = positionals.filter((p) => fs.existsSync(p));
    const stored: ScoringRun[] = [];
    for (const ref of positionals.filter((p) => !paths.includes(p))) {
      const found = await loadRunRef(ref);
      if (!found) throw new UsageError(`"${ref}" is neither a path nor a stored run's id or name`);
      stored.push(found.run);
    }
    const read = paths.length > 0 ? await readPaths(paths) : null;
    const files = read?.files ?? [];
    const rootName = read?.rootName;
    for (const n of read?.skipped ?? []) console.error(`skipped ${n.path}: ${n.reason}`);
    const archives = archiveBudget();
    const expanded = expandArchives(files, archives);
    const batch = parseBatch(expanded.files, { rootName, format: format as FormatId | undefined, archives });
    const rejected = [...(read?.rejected ?? []), ...expanded.rejected, ...batch.rejected, ...batch.unclaimed];
    const scored = (scoring: ScoringRun): Report & { failureGroups?: FailureGroup[] } => {
      const report = reportOf(scoring, scenario, { levers: values.json === true });
      if (!values.json) return report;
      // The report JSON as GET /api/runs/:id/report answers it, failure groups included.
      return { ...report, failureGroups: failureGroupsOf(scoring, report.rollouts) };
    };
    const reports: (Report & { failureGroups?: FailureGroup[] })[] = [
      ...batch.runs.map((run) => scored(toScoringRunWithTraces(run, expanded.files))),
      ...stored.map(scored),
    ];
    if (values.json) {
      const body = reports.length === 1 ? { ...reports[0], rejected } : { reports, rejected };
      console.log(JSON.stringify(body, null, 2));
    } else {
      for (const report of reports) console.log(formatReport(report));
      for (const r of rejected) console.log(`rejected ${r.path}: ${r.error}`);
      if (reports.length === 0) console.log("no runs found in the given paths");
    }
    return rejected.length > 0 ? 1 : 0;
  },
};
