import fs from "node:fs/promises";
import { existsSync } from "node:fs";
import { parseScenario, type Scenario } from "@/lib/scoring/scenario/scenario";
import { UsageError } from "./args";
import { openDatabase } from "./database";

/** A scenario JSON file (the shape of the `scenario` URL parameter), validated; a usage error names the problem. */
export async function readScenarioFile(file: string, flag = "--scenario"): Promise<Scenario> {
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (error) {
    throw new UsageError(`${flag} ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parseScenario(json);
  if (!parsed.success)
    throw new UsageError(`${flag} ${file}: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/**
 * `--scenario FILE|NAME`: a file when one exists at that path, else the scenario saved under that name in
 * DATABASE_URL (tally scenarios). The file wins so a script that passes a path never reads the database.
 */
export async function scenarioOption(value: string): Promise<{ scenario: Scenario; name: string | null }> {
  if (existsSync(value)) return { scenario: await readScenarioFile(value), name: null };
  const store = await openDatabase();
  try {
    const saved = await store.getScenario(value);
    if (!saved)
      throw new UsageError(
        `--scenario ${value}: no such file, and no saved scenario by that name (tally scenarios list)`,
      );
    return { scenario: saved.scenario, name: saved.name };
  } finally {
    await store.close();
  }
}
