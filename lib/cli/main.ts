import { UsageError } from "./args";

type Command = {
  summary: string;
  load: () => Promise<{ run: (argv: string[]) => Promise<number> }>;
  /** Not listed in the usage: a process another command starts. */
  internal?: true;
};

// Loaded on demand: `tally ingest` should not pay for the browser that `tally bench` drives.
const COMMANDS: Record<string, Command> = {
  ingest: {
    summary: "store result files in the database",
    load: async () => (await import("./commands/ingest")).ingestCommand,
  },
  watch: {
    summary: "ingest folders as a harness writes them; the run shows live",
    load: async () => (await import("./commands/watch")).watchCommand,
  },
  runs: {
    summary: "list, rename, tag, put in a series or delete stored runs",
    load: async () => (await import("./commands/runs")).runsCommand,
  },
  series: {
    summary: "list series or show one: its runs and what became of each task",
    load: async () => (await import("./commands/series")).seriesCommand,
  },
  leaderboard: {
    summary: "rank runs (a pick, a series or a tag) with rank intervals and ties",
    load: async () => (await import("./commands/leaderboard")).leaderboardCommand,
  },
  scenarios: {
    summary: "save, list, declare, export or import named what-if scenarios",
    load: async () => (await import("./commands/scenarios")).scenariosCommand,
  },
  reviews: {
    summary: "export or import the reviews of a run's verdicts (JSON lines)",
    load: async () => (await import("./commands/reviews")).reviewsCommand,
  },
  search: {
    summary: "search a run's traces: which rollouts and steps match words, a phrase or a regex",
    load: async () => (await import("./commands/search")).searchCommand,
  },
  score: {
    summary: "compute the score report from files (no database)",
    load: async () => (await import("./commands/score")).scoreCommand,
  },
  compare: {
    summary: "compare two runs (paired differences, flips; a CI gate)",
    load: async () => (await import("./commands/compare")).compareCommand,
  },
  export: {
    summary: "write a run or a comparison as a static site (no server needed)",
    load: async () => (await import("./commands/export")).exportCommand,
  },
  serve: {
    summary: "serve the dashboard (what npm start runs)",
    load: async () => (await import("./commands/serve")).serveCommand,
  },
  "serve-app": {
    summary: "the server process tally serve starts",
    load: async () => (await import("./commands/serve-app")).serveAppCommand,
    internal: true,
  },
  migrate: {
    summary: "apply database migrations (npm run db:migrate)",
    load: async () => (await import("./commands/migrate")).migrateCommand,
  },
  bench: {
    summary: "measure speed on a generated 2,000-task run (npm run bench)",
    load: async () => (await import("./commands/bench")).benchCommand,
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS)
    .filter(([, c]) => !c.internal)
    .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return [
    "Usage: tally <command> [options]   (tally <command> --help for its options)",
    "",
    "Commands:",
    ...lines,
  ].join("\n");
}

/** Runs one CLI invocation and returns its exit code (0 ok, 1 rejected files or regression, 2 usage). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`tally: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    return await (await command.load()).run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`tally ${name}: ${error.message}`);
      return 2;
    }
    console.error(`tally ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
