import path from "node:path";
import { z } from "zod";
import { ZSavedScenarioBody, ZScenarioDescription, ZScenarioName } from "@/lib/scoring/scenario/named-scenario";
import { describeScenario } from "@/lib/scoring/scenario/describe-scenario";
import type { SavedScenario, ScenarioWrite } from "@/lib/store/records";
import type { Store } from "@/lib/store/store";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";
import { readScenarioFile } from "../scenario-option";

const HELP = `Usage: tally scenarios list [--json]
       tally scenarios show <name> [--json]
       tally scenarios save <name> <FILE> [--description TEXT] [--replace]
       tally scenarios rename <name> <new-name>
       tally scenarios delete <name>
       tally scenarios declare <name> [--remove]
       tally scenarios export <name>
       tally scenarios import <FILE> [--name NAME] [--description TEXT] [--replace]

Manages the named what-if scenarios stored in DATABASE_URL (default file:./data/tally.db), the ones the
run and compare pages offer. A scenario file is the JSON of the page's scenario parameter (docs/scoring.md).
  list     every saved scenario by name; the declared one is marked
  show     one scenario: its description and its JSON
  save     saves FILE under a name; --replace overwrites a scenario already saved under it
  rename   gives a scenario a new name
  delete   removes a saved scenario
  declare  marks the team's scenario (at most one): run pages and the runs table show its headline beside
           "as recorded"; --remove unmarks it
  export   prints the scenario's JSON, usable as --scenario FILE and by import
  import   saves a scenario file under --name (default: the file name without .json)`;

function valid<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`invalid ${what}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

function saved(write: ScenarioWrite, name: string, newName = name): SavedScenario {
  if ("saved" in write) return write.saved;
  if (write.error === "missing") throw missing(name);
  throw new Error(`a scenario named "${newName}" already exists`);
}

const missing = (name: string) => new Error(`no scenario named "${name}" (tally scenarios list shows them)`);

async function find(store: Store, name: string): Promise<SavedScenario> {
  const found = await store.getScenario(name);
  if (!found) throw missing(name);
  return found;
}

const changes = (s: SavedScenario["scenario"]) => describeScenario(s).join("; ") || "as recorded";

const listLine = (s: SavedScenario) =>
  `${s.name}${s.declared ? " (declared)" : ""}  ${changes(s.scenario)}${s.description ? `  — ${s.description}` : ""}`;

type Values = { json?: boolean; description?: string; replace?: boolean; remove?: boolean; name?: string };

/** Saves a scenario file under a name: a new one, or over an existing one with --replace. */
async function saveFile(store: Store, name: string, file: string, values: Values): Promise<SavedScenario> {
  const scenario = valid(ZSavedScenarioBody, await readScenarioFile(file, "scenario file"), "scenario file");
  const description =
    values.description === undefined ? undefined : valid(ZScenarioDescription, values.description, "--description");
  const created = await store.createScenario({ name, description: description ?? "", scenario });
  if ("saved" in created || !values.replace) return saved(created, name);
  return saved(
    await store.updateScenario(name, { scenario, ...(description === undefined ? {} : { description }) }),
    name,
  );
}

async function scenariosAction(store: Store, action: string, args: string[], values: Values) {
  const need = (n: number, usage: string) => {
    if (args.length !== n) throw new UsageError(`usage: tally scenarios ${usage}`);
  };
  const name = (value: string) => valid(ZScenarioName, value, "scenario name");
  switch (action) {
    case "list": {
      need(0, "list [--json]");
      const scenarios = await store.listScenarios();
      if (values.json) console.log(JSON.stringify({ scenarios }, null, 2));
      else if (scenarios.length === 0) console.log("No scenarios saved.");
      else for (const s of scenarios) console.log(listLine(s));
      return 0;
    }
    case "show": {
      need(1, "show <name> [--json]");
      const found = await find(store, args[0]!);
      if (values.json) console.log(JSON.stringify({ scenario: found }, null, 2));
      else console.log(`${listLine(found)}\n${JSON.stringify(found.scenario, null, 2)}`);
      return 0;
    }
    case "save":
    case "import": {
      if (action === "save") need(2, "save <name> <FILE> [--description TEXT] [--replace]");
      else need(1, "import <FILE> [--name NAME] [--description TEXT] [--replace]");
      const file = action === "save" ? args[1]! : args[0]!;
      const to = name(action === "save" ? args[0]! : (values.name ?? path.basename(file).replace(/\.json$/i, "")));
      const stored = await saveFile(store, to, file, values);
      console.log(`Saved scenario "${stored.name}": ${changes(stored.scenario)}`);
      return 0;
    }
    case "rename": {
      need(2, "rename <name> <new-name>");
      const [from, raw] = args as [string, string];
      const to = name(raw);
      saved(await store.updateScenario(from, { name: to }), from, to);
      console.log(`Renamed scenario "${from}" → "${to}"`);
      return 0;
    }
    case "delete": {
      need(1, "delete <name>");
      if (!(await store.deleteScenario(args[0]!))) throw missing(args[0]!);
      console.log(`Deleted scenario "${args[0]}"`);
      return 0;
    }
    case "declare": {
      need(1, "declare <name> [--remove]");
      const stored = saved(await store.updateScenario(args[0]!, { declared: !values.remove }), args[0]!);
      console.log(
        stored.declared ? `"${stored.name}" is the declared scenario` : `"${stored.name}" is no longer declared`,
      );
      return 0;
    }
    case "export": {
      need(1, "export <name>");
      console.log(JSON.stringify((await find(store, args[0]!)).scenario, null, 2));
      return 0;
    }
    default:
      throw new UsageError(`unknown action "${action}"\n\n${HELP}`);
  }
}

export const scenariosCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(
      argv,
      {
        json: { type: "boolean" },
        description: { type: "string" },
        replace: { type: "boolean" },
        remove: { type: "boolean" },
        name: { type: "string" },
      },
      HELP,
    );
    if (!parsed) return 0;
    const [action, ...args] = parsed.positionals;
    if (!action)
      throw new UsageError(`give an action: list, show, save, rename, delete, declare, export or import\n\n${HELP}`);
    const store = await openDatabase();
    try {
      return await scenariosAction(store, action, args, parsed.values);
    } finally {
      await store.close();
    }
  },
};
