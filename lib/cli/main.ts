import { benchCommand } from "./commands/bench";
import { compareCommand } from "./commands/compare";
import { ingestCommand } from "./commands/ingest";
import { migrateCommand } from "./commands/migrate";
import { scoreCommand } from "./commands/score";
import { serveCommand } from "./commands/serve";
import { UsageError } from "./args";

type Command = { summary: string; run: (argv: string[]) => Promise<number> };

const COMMANDS: Record<string, Command> = {
  ingest: ingestCommand,
  score: scoreCommand,
  compare: compareCommand,
  serve: serveCommand,
  migrate: migrateCommand,
  bench: benchCommand,
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}`);
  return ["Usage: tally <command> [options]   (tally <command> --help for its options)", "", "Commands:", ...lines].join("\n");
}

/** Runs one CLI invocation and returns its exit code (0 ok, 1 rejected files or regression, 2 usage). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`tally: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`tally ${name}: ${error.message}`);
      return 2;
    }
    console.error(`tally ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
