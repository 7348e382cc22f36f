import { z } from "zod";
import { ZRunName } from "@/lib/run-name";
import { redactUrl } from "@/lib/db/url";
import { env } from "@/lib/env";
import { pct, plural } from "@/lib/display/format";
import { MAX_TAGS, ZTag, ZTags } from "@/lib/run-tags";
import { ZSeriesName } from "@/lib/run-series";
import type { RunListItem } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { parseCommand, UsageError } from "../args";
import { confirmByName, processTerminal, type Terminal } from "../confirm-name";
import { openDatabase } from "../database";
import { findRun } from "../find-run";

const HELP = `Usage: tally runs list [--json] [--tag T…]
       tally runs rename <run> <name>
       tally runs tag <run> <tag…> [--remove]
       tally runs series <run> <name> | --remove
       tally runs delete <run> [--yes]

Manages the runs stored in DATABASE_URL (default file:./data/tally.db). <run> is a run's id, or its name when
no other run has it.
  list     every run, newest first: id, name, tags, rollouts, headline; --tag keeps the runs having every
           tag given (repeatable); --json prints the runs as GET /api/runs does
  rename   gives a run a new name (later ingests with --run and the old name still add to it)
  series   puts a run in a series (tally series show NAME), or takes it out with --remove
  tag      adds tags to a run (at most ${MAX_TAGS}; no commas), or takes them off with --remove
  delete   removes a run, its tasks, rollouts and the raw files no other run holds; this cannot be undone.
           On a terminal it asks for the run's name first; elsewhere it needs --yes`;

const ZName = ZRunName;

/** A value checked by a schema, or a usage error naming what was wrong. */
function valid<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`invalid ${what}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

function listLine(run: RunListItem): string {
  const headline = run.summary ? `${run.summary.headline.metric} ${pct(run.summary.headline.value)}` : "—";
  const rollouts = run.summary ? plural(run.summary.rollouts, "rollout") : "—";
  const tags = run.tags.length > 0 ? `  [${run.tags.join(", ")}]` : "";
  const series = run.series === null ? "" : `  series ${run.series}`;
  return `${run.id}  ${run.name}${run.baseline ? " (baseline)" : ""}${tags}${series}  ${rollouts}  ${headline}`;
}

type Values = { json?: boolean; tag?: string[]; remove?: boolean; yes?: boolean };

async function runAction(store: Store, action: string, args: string[], values: Values, terminal: Terminal) {
  const need = (n: number, usage: string) => {
    if (args.length !== n) throw new UsageError(`usage: tally runs ${usage}`);
  };
  switch (action) {
    case "list": {
      need(0, "list [--json] [--tag T…]");
      const wanted = valid(ZTags, values.tag ?? [], "tag");
      const runs = (await store.listRuns()).filter((r) => wanted.every((t) => r.tags.includes(t)));
      if (values.json) console.log(JSON.stringify({ runs }, null, 2));
      else if (runs.length === 0)
        console.log(
          `${wanted.length > 0 ? "No run has these tags" : "No runs stored"} in ${redactUrl(env().DATABASE_URL)} (DATABASE_URL).`,
        );
      else for (const run of runs) console.log(listLine(run));
      return 0;
    }
    case "rename": {
      need(2, "rename <run> <name>");
      const [ref, name] = args as [string, string];
      const to = valid(ZName, name, "name");
      const run = await findRun(store, ref);
      await store.renameRun(run.id, to);
      console.log(`Renamed run ${run.id}: "${run.name}" → "${to}"`);
      return 0;
    }
    case "tag": {
      if (args.length < 2) throw new UsageError("usage: tally runs tag <run> <tag…> [--remove]");
      const [ref, ...given] = args as [string, ...string[]];
      const tags = given.map((t) => valid(ZTag, t, `tag "${t}"`));
      const run = await findRun(store, ref);
      const id = run.id;
      const next = values.remove
        ? run.tags.filter((t) => !tags.includes(t))
        : valid(ZTags, [...run.tags, ...tags], "tags");
      await store.setRunTags(id, next);
      console.log(`Run ${id} (${run.name}) tags: ${next.length > 0 ? next.join(", ") : "none"}`);
      return 0;
    }
    case "series": {
      const [ref, name] = args;
      if (!ref || (values.remove ? args.length !== 1 : args.length !== 2))
        throw new UsageError("usage: tally runs series <run> <name>, or tally runs series <run> --remove");
      const series = values.remove ? null : valid(ZSeriesName, name, "series name");
      const run = await findRun(store, ref);
      await store.setRunSeries(run.id, series);
      console.log(`Run ${run.id} (${run.name}) series: ${series ?? "none"}`);
      return 0;
    }
    case "delete": {
      need(1, "delete <run> [--yes]");
      const [ref] = args as [string];
      const run = await findRun(store, ref);
      const id = run.id;
      if (!values.yes) {
        const what = `Delete run "${run.name}" (${id}) with ${plural(run.summary?.rollouts ?? 0, "rollout")}? This cannot be undone.`;
        const confirmed = await confirmByName(what, run.name, terminal);
        if (confirmed === null)
          throw new UsageError(`not deleting run ${id}: not on a terminal, so nobody can confirm; add --yes`);
        if (!confirmed) {
          console.error("The name did not match: nothing was deleted.");
          return 1;
        }
      }
      await store.deleteRun(id);
      console.log(`Deleted run "${run.name}" (${id})`);
      return 0;
    }
    default:
      throw new UsageError(`unknown action "${action}"\n\n${HELP}`);
  }
}

export const runsCommand = {
  async run(argv: string[], terminal: Terminal = processTerminal()): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        json: { type: "boolean" },
        tag: { type: "string", multiple: true },
        remove: { type: "boolean" },
        yes: { type: "boolean", short: "y" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const [action, ...args] = parsed.positionals;
    if (!action) throw new UsageError(`give an action: list, rename, tag, series or delete\n\n${HELP}`);
    const store = await openDatabase();
    try {
      return await runAction(store, action, args, parsed.values, terminal);
    } finally {
      await store.close();
    }
  },
};
