import type { ScenarioModel } from "@/lib/db/generated/sqlite/models";
import type { Scenario } from "@/lib/scoring/scenario/scenario";
import type { SavedScenario, ScenarioChanges, ScenarioWrite } from "../records";
import { SCENARIO } from "../rows";
import { toSavedScenario } from "../to-records";
import { insert, lock, run, select, type Rule } from "../sql/rule";
import { json, sql, type Sql } from "../sql/sql";

/*
 * The rules of named scenarios, for both databases. At most one is declared. Every write holds one lock, so
 * two writers (two instances on PostgreSQL) never both declare one or both take a name.
 */

const SCENARIOS = "tally:scenarios";

function* scenarios(where: Sql): Rule<SavedScenario[]> {
  const rows = yield* select<ScenarioModel>(sql`SELECT * FROM "Scenario" ${where}`, SCENARIO.columns);
  return rows.map(toSavedScenario);
}

export function* listScenarios(): Rule<SavedScenario[]> {
  return yield* scenarios(sql`ORDER BY "name" ASC`);
}

export function* getScenario(name: string): Rule<SavedScenario | null> {
  return (yield* scenarios(sql`WHERE "name" = ${name}`))[0] ?? null;
}

export function* declaredScenario(): Rule<SavedScenario | null> {
  return (yield* scenarios(sql`WHERE "declared" = ${true} ORDER BY "name" ASC LIMIT 1`))[0] ?? null;
}

/** `taken` when the name is already used (nothing written). */
export function* createScenario(input: { name: string; description: string; scenario: Scenario }): Rule<ScenarioWrite> {
  yield* lock(SCENARIOS);
  if (yield* getScenario(input.name)) return { error: "taken" };
  const now = new Date();
  yield* insert(SCENARIO, [{ ...input, declared: false, createdAt: now, updatedAt: now }]);
  return { saved: (yield* getScenario(input.name))! };
}

/**
 * A rename keeps the creation time. A scenario declared after the change is the only declared one, whether
 * the change declares it or it was declared before (an edit that does not name `declared` keeps it).
 * `missing` for an unknown name, `taken` when renamed to a name another scenario holds.
 */
export function* updateScenario(name: string, changes: ScenarioChanges): Rule<ScenarioWrite> {
  yield* lock(SCENARIOS);
  const found = yield* getScenario(name);
  if (!found) return { error: "missing" };
  const next = changes.name ?? name;
  if (next !== name && (yield* getScenario(next))) return { error: "taken" };
  const declared = changes.declared ?? found.declared;
  if (declared)
    yield* run(sql`UPDATE "Scenario" SET "declared" = ${false} WHERE "declared" = ${true} AND "name" <> ${name}`);
  yield* run(
    sql`UPDATE "Scenario" SET "name" = ${next}, "description" = ${changes.description ?? found.description},
        "scenario" = ${json(changes.scenario ?? found.scenario)}, "declared" = ${declared}, "updatedAt" = ${new Date()}
      WHERE "name" = ${name}`,
  );
  return { saved: (yield* getScenario(next))! };
}

export function* deleteScenario(name: string): Rule<boolean> {
  yield* lock(SCENARIOS);
  return (yield* run(sql`DELETE FROM "Scenario" WHERE "name" = ${name}`)) > 0;
}
