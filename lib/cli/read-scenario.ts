import fs from "node:fs/promises";
import { parseScenario, type Scenario } from "@/lib/scoring/scenario/scenario";
import { UsageError } from "./args";

/** The scenario of `--scenario FILE` (the JSON of docs/scoring.md#what-if-scenarios), or a usage error naming the field. */
export async function readScenario(file: string): Promise<Scenario> {
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (error) {
    throw new UsageError(`--scenario ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parseScenario(json);
  if (!parsed.success)
    throw new UsageError(`--scenario ${file}: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
