import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";
import { rolloutOverlapSql } from "./rollout-overlap-sql";
import { render, type Fragments } from "./sql/sql";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-overlap-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the runs sharing a run's rollouts", () => {
  // Without ANALYZE, SQLite plans the same on an empty database as on one of many runs: a SCAN of Rollout here
  // would read every run's rollouts for each run's query.
  it("searches Rollout by index from the run's own rows, never scanning every run's (SQLite plan)", async () => {
    const file = path.join(dir, "plan.db");
    await migrate(parseDatabaseUrl(`file:${file}`));
    // The statement uses no dialect fragment: plain parameters are all it binds.
    const { text, values } = render(rolloutOverlapSql("run"), {
      fragments: {} as Fragments,
      bind: (param) => ({ placeholder: "?", value: param.value }),
    });
    const db = new Database(file, { readonly: true });
    try {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values) as { detail: string }[]).map(
        (step) => step.detail,
      );
      // Scans of the statement's own steps (the pairs, one row per rollout and run, the run names) are fine.
      const scans = plan.filter((d) => d.startsWith("SCAN") && !/^SCAN (pairs|held|p|h|r)\b/.test(d));
      expect(scans).toEqual([]);
      expect(plan).toContain(
        "SEARCH o USING COVERING INDEX Rollout_sourceSha256_rolloutId_runId_idx (sourceSha256=? AND rolloutId=?)",
      );
    } finally {
      db.close();
    }
  });
});
