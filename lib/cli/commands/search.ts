import { ZSearchQuery } from "@/lib/api/schemas/search";
import { count } from "@/lib/display/format";
import { traceSearchQuery, searchRunTraces, SearchQueryError, type StepHit } from "@/lib/views/trace-search";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";
import { findRun } from "../find-run";

const HELP = `Usage: tally search <run> <query> [--phrase | --regex] [--tool NAME] [--errors] [--source WHO]
                     [--page N] [--limit N] [--json]

Searches the traces of a stored run (by id or unique name): the rollouts with a step holding every word of the
query (--phrase: the words in order; --regex: a regular expression, without case, stopped after 2 s), each with
its first matching steps and the match marked [[like this]]. --tool keeps steps that call (or answer) that tool,
--errors steps with a failed tool result, --source steps taken by agent, tool, user, system or environment.
A run stored before search existed is indexed on its first search. --json prints GET /api/runs/:id/search.`;

/** One line of text from a result file, safe for a terminal: control characters shown, never interpreted. */
export function terminalText(text: string): string {
  return text
    .replace(/\r?\n/g, " ⏎ ")
    .replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function marked(hit: StepHit): string {
  const { text, ranges, cutStart, cutEnd } = hit.snippet;
  let out = "";
  let at = 0;
  for (const [start, end] of ranges) {
    out += `${text.slice(at, start)}[[${text.slice(start, end)}]]`;
    at = end;
  }
  out += text.slice(at);
  return `${cutStart ? "…" : ""}${terminalText(out)}${cutEnd ? "…" : ""}`;
}

export const searchCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        phrase: { type: "boolean" },
        regex: { type: "boolean" },
        tool: { type: "string" },
        errors: { type: "boolean" },
        source: { type: "string" },
        page: { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (positionals.length !== 2)
      throw new UsageError(`give a run and a query (quote a query of several words)\n\n${HELP}`);
    if (values.phrase && values.regex) throw new UsageError(`give --phrase or --regex, not both\n\n${HELP}`);
    const query = ZSearchQuery.safeParse({
      q: positionals[1],
      mode: values.regex ? "regex" : values.phrase ? "phrase" : "words",
      tool: values.tool,
      errors: values.errors ? "1" : "0",
      source: values.source,
      page: values.page,
      limit: values.limit,
    });
    if (!query.success) {
      const issue = query.error.issues[0]!;
      throw new UsageError(`invalid ${issue.path.join(".") || "query"}: ${issue.message}`);
    }
    const store = await openDatabase();
    try {
      const run = await findRun(store, positionals[0]!);
      const q = query.data;
      const result = await searchRunTraces(store, run.id, traceSearchQuery(q)).catch((error: unknown) => {
        if (error instanceof SearchQueryError) throw new UsageError(`${error.field}: ${error.message}`);
        throw error;
      });
      if (!result) throw new Error(`run "${run.id}" was deleted`);
      if (values.json) {
        console.log(JSON.stringify(result, null, 2));
        return 0;
      }
      const { total, index } = result;
      const skipped = index.skipped > 0 ? `; ${index.skipped} traces could not be read and were not searched` : "";
      console.log(
        `${count(total.rollouts)} rollouts, ${count(total.steps)} steps match in ${terminalText(run.name)} (${count(index.indexed)} traces searched${skipped})${result.complete ? "" : "; the scan stopped at its step limit"}`,
      );
      for (const rollout of result.rollouts) {
        console.log(
          `\n${terminalText(rollout.rolloutId)}  task ${terminalText(rollout.task)}  ${rollout.passed ? "passed" : "failed"}  ${rollout.hits} matching steps`,
        );
        for (const hit of rollout.steps) {
          const tags = [hit.source, hit.tool ? `tool ${terminalText(hit.tool)}` : null, hit.isError ? "error" : null];
          console.log(`  step ${hit.step + 1} (${tags.filter(Boolean).join(", ")}): ${marked(hit)}`);
        }
      }
      if (result.pages > 1) console.log(`\npage ${result.page} of ${result.pages} (--page N for another)`);
      return 0;
    } finally {
      await store.close();
    }
  },
};
