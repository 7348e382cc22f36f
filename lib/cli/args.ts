import { parseArgs, type ParseArgsConfig } from "node:util";

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** parseArgs with `--help` built in and unknown flags reported as usage errors. */
export function parseCommand<O extends Options>(argv: string[], options: O, help: string) {
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    if ((parsed.values as Record<string, unknown>).help) {
      console.log(help);
      return null;
    }
    return parsed;
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${help}`);
  }
}
