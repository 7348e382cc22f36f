/**
 * A freshly migrated database matches the Prisma schema, on SQLite and on PostgreSQL: the committed migration
 * SQL (applied by lib/db/migrate.ts, since `prisma migrate` cannot run here) builds exactly the tables the
 * generated clients expect. Proven three ways: the schema engine (WebAssembly build) finds nothing to change
 * between the migrated database and the schema; every field of every model is written and read back through
 * the Prisma client; constraints and cascades behave as the schema declares.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { DiffTarget } from "@prisma/schema-engine-wasm/schema_engine_bg";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { derivePostgresSchema, SCHEMAS } from "../../scripts/prisma-schemas.mjs";
import type { Db } from "./client";
import {
  Prisma,
  type Check,
  type RawFile,
  type RawFilePart,
  type RejectedFile,
  type Rollout,
  type Run,
  type RunEncoding,
  type Review,
  type RunFile,
  type Scenario,
  type Task,
  type TraceChunk,
  type TraceIndex,
  type TraceSearchState,
  type TraceStep,
} from "./generated/sqlite/client";
import { migrate, readMigrations } from "./migrate";
import { forEachDatabase, type DatabaseHandle, type Provider, type TestDatabase } from "./test-databases";
import type { DatabaseTarget } from "./url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const MIGRATIONS_TABLE = "_tally_migrations";

// ---------------------------------------------------------------------------------------------------------
// Fixtures: one row per model with every field set to a non-default value, plus a twin with every nullable
// field null. Typed as the full model types, so a new field fails to compile until it is covered here; the
// first test also checks them against the generated client at run time.

const LONG_TEXT = "line ✓ with unicode — 日本語 🎯\n".repeat(8_000); // ~250 kB: no length limit on text columns
const NON_UTF8 = Uint8Array.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x80, 0xed, 0xa0, 0x80, 0x0a, 0x7f]);

const run: Run = {
  id: "run_full",
  key: "silo:/data/ü/batch-1",
  name: "scoring-article ✓",
  agent: "claude-agent",
  model: "model-x",
  format: "silo",
  createdAt: new Date("2026-01-02T03:04:05.678Z"),
  ingestedAt: new Date("2026-02-03T04:05:06.789Z"),
  baseline: true,
  series: "nightly ✓",
  labels: { team: "evals", tags: ["nightly", "ü"], pinned: { by: "ana", at: "2026-02-03" } },
  metadata: {
    harness: { name: "silo", version: "1.2.3", flags: { strict: true, retries: 0 } },
    nested: { a: { b: { c: [1, 2.5, -3, { d: null, e: false, f: ["x", { g: "y" }] }] } } },
    text: 'quote " backslash \\ tab \t newline \n emoji 🎯',
    empty: { obj: {}, arr: [] },
  },
  warnings: ["reward disagrees with checks", { code: "W2", fields: ["passed", "reward"] }],
  regrades: [{ rollout: "r-1", originalReward: 0.5, newReward: 1, change: "fail->pass" }],
  passThreshold: 0.75,
  summary: {
    counts: { tasks: 1, rollouts: 2, scored: 1, unscored: 1 },
    passRate: 0.5,
    headline: { metric: "correctness", value: 0.7222 },
  },
};

const task: Task = {
  id: "task_full",
  runId: run.id,
  key: "incident/TASK-001",
  taskId: "TASK-001",
  name: "Restore the checkout service",
  group: "incident",
  weight: 2.5,
  summary: { n: 2, scored: 1, passes: 1, passAtK: { "1": 0.5, "2": 1 }, diagnosis: "unreliable" },
};

const rolloutFull: Rollout = {
  id: "rollout_full",
  runId: run.id,
  taskRef: task.id,
  rolloutId: "run_2026_01",
  status: "scored",
  rule: "required-checks",
  gate: "defect_matching",
  penalties: 0.125,
  reportedPassed: false,
  reportedReward: 0.8,
  passed: true,
  reward: 0.30000000000000004, // exact double round trip
  terminationReason: "completed",
  toolCalls: 42,
  toolErrors: 3,
  agentOutput: LONG_TEXT,
  error: "verifier: timeout after 30s",
  errorCategory: "timeout",
  startedAt: new Date("2026-01-02T03:04:05.001Z"),
  finishedAt: new Date("2026-01-02T03:09:05.999Z"),
  durationMs: 2_147_483_647, // the top of a 32-bit Int, on both providers
  costUsd: 1.2345,
  tokens: 123_456_789,
  inputTokens: 100_000_000,
  outputTokens: 23_456_789,
  cachedTokens: 0,
  agentMs: 1_000,
  steps: 13,
  trace: { status: "read", format: "silo", totals: { steps: 13, toolCalls: 5, toolErrors: 1, costUsd: null } },
  sourcePath: "incident/TASK-001/result.json",
  sourceFormat: "silo",
  sourceSha256: "a".repeat(64),
  sourceIdentity: "c".repeat(64),
  files: [
    { path: "incident/TASK-001/result.json", sha256: "a".repeat(64) },
    { path: "run.json", sha256: "b".repeat(64) },
  ],
  warnings: [{ code: "integrity", fields: ["passed"] }],
  metadata: { environment: "incident", extra: { deep: { list: [true, null, 0] } } },
};

const rolloutNulls: Rollout = {
  ...rolloutFull,
  id: "rollout_nulls",
  rolloutId: "run_2026_02",
  status: "unscored",
  gate: null,
  reportedPassed: null,
  reportedReward: null,
  passed: false,
  reward: null,
  terminationReason: null,
  toolCalls: null,
  toolErrors: null,
  agentOutput: null,
  error: null,
  errorCategory: null,
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  costUsd: null,
  tokens: null,
  inputTokens: null,
  outputTokens: null,
  cachedTokens: null,
  agentMs: null,
  steps: null,
  trace: null,
  sourceIdentity: null,
  files: [],
  warnings: [],
  metadata: {},
};

type NewCheck = Omit<Check, "id">; // id is autoincrement
const checkFull: NewCheck = {
  rolloutRef: rolloutFull.id,
  order: 3,
  key: "rubric-7",
  label: "Does not touch production data",
  passed: true,
  score: 0.66,
  required: true,
  dimension: "authority",
  status: "graded",
  detail: "checked 12 queries <b>not html</b>",
  weight: 0.4,
  reason: "all writes went to staging",
  failureTag: "scope",
  evidenceRefs: ["log:12", { file: "trace.json", line: 40 }],
  metadata: { rubric: { id: "rubric-7", version: 2 }, notes: ["a", "b"] },
};
const checkNulls: NewCheck = {
  ...checkFull,
  order: 4,
  key: "not-graded",
  passed: null,
  score: null,
  required: false,
  status: "not_assigned",
  detail: null,
  weight: null,
  reason: null,
  failureTag: null,
  evidenceRefs: [],
  metadata: {},
};

const rawFile: RawFile = {
  sha256: "c".repeat(64),
  size: NON_UTF8.length,
  bytes: NON_UTF8,
  parts: 0,
  createdAt: new Date("2026-02-03T04:05:06.000Z"),
};
/** A file stored in two parts: its own bytes empty. */
const rawFileInParts: RawFile = {
  sha256: "d".repeat(64),
  size: NON_UTF8.length * 2,
  bytes: new Uint8Array(0),
  parts: 2,
  createdAt: new Date("2026-02-03T04:05:06.000Z"),
};
const rawFileParts: RawFilePart[] = [0, 1].map((part) => ({ sha256: rawFileInParts.sha256, part, bytes: NON_UTF8 }));
const runFile: RunFile = { runId: run.id, path: "incident/TASK-001/result.json", sha256: rawFile.sha256 };
type NewRejectedFile = Omit<RejectedFile, "id">;
const rejectedFile: NewRejectedFile = {
  path: "broken/result.json",
  sha256: rawFile.sha256,
  error: "not a recognised format (tried: silo, benchflow, harbor)",
  createdAt: new Date("2026-02-03T04:05:07.000Z"),
};

const runEncoding: RunEncoding = {
  runId: run.id,
  ingestedAt: new Date("2026-02-03T04:05:10.000Z"),
  rollouts: 2,
  name: run.name,
  layout: 1,
  bytes: NON_UTF8,
  screenLayout: 1,
  firstScreen: { headline: { metric: "correctness" }, tasks: [] },
};

const scenario: Scenario = {
  name: "production weights ✓",
  description: "the team's agreed weighting",
  scenario: { headline: { scheme: "check" }, weights: { "owner-lookup": 2 }, unscored: "fail" },
  declared: true,
  createdAt: new Date("2026-02-03T04:05:08.000Z"),
  updatedAt: new Date("2026-02-03T04:05:09.000Z"),
};

const review: Review = {
  id: 7,
  runId: run.id,
  rolloutId: "r-1",
  checkKey: "budget",
  verdict: "pass",
  reason: "<b>64</b> is the total budget ✓",
  reviewer: "ana",
  at: new Date("2026-02-03T04:05:10.000Z"),
  withdrawn: true,
};

const traceStep: TraceStep = {
  id: 3,
  runId: run.id,
  rolloutRef: rolloutFull.id,
  step: 12,
  source: "tool",
  tool: "bash",
  isError: true,
  text: `bash {"cmd":"pip install ✓"}\npermission denied 🎯`,
};
const traceStepNulls: TraceStep = { ...traceStep, id: 4, step: 13, tool: null, isError: false, text: "" };
const traceSearchState: TraceSearchState = { rolloutRef: rolloutFull.id, runId: run.id, status: "indexed", steps: 2 };
const traceIndex: TraceIndex = {
  sha256: rawFile.sha256,
  part: "1_epoch_1 ✓",
  version: 1,
  summary: '{"format":"silo","steps":2}',
  steps: NON_UTF8,
  tools: '["search ✓"]',
  refs: '{"stepIds":[["1",0]]}',
  createdAt: new Date("2026-02-03T04:05:11.000Z"),
};
const traceChunk: TraceChunk = { sha256: rawFile.sha256, part: traceIndex.part, chunk: 3, bytes: NON_UTF8 };

/** The fixtures per model, and the fields the database generates for them. */
const FIXTURES = {
  Run: { rows: [run], generated: [] },
  Task: { rows: [task], generated: [] },
  Rollout: { rows: [rolloutFull, rolloutNulls], generated: [] },
  Check: { rows: [checkFull, checkNulls], generated: ["id"] },
  RawFile: { rows: [rawFile, rawFileInParts], generated: [] },
  RawFilePart: { rows: rawFileParts, generated: [] },
  RejectedFile: { rows: [rejectedFile], generated: ["id"] },
  RunFile: { rows: [runFile], generated: [] },
  Scenario: { rows: [scenario], generated: [] },
  RunEncoding: { rows: [runEncoding], generated: [] },
  Review: { rows: [review], generated: [] },
  TraceStep: { rows: [traceStep, traceStepNulls], generated: [] },
  TraceSearchState: { rows: [traceSearchState], generated: [] },
  TraceIndex: { rows: [traceIndex], generated: [] },
  TraceChunk: { rows: [traceChunk], generated: [] },
} satisfies Record<Prisma.ModelName, { rows: object[]; generated: string[] }>;

/** Prisma's create input types want InputJsonValue where the model type says JsonValue: same data. */
const input = <T>(row: object) => row as T;

async function writeAll(db: Db) {
  await db.run.create({ data: input<Prisma.RunUncheckedCreateInput>(run) });
  await db.task.create({ data: input<Prisma.TaskUncheckedCreateInput>(task) });
  await db.rollout.create({ data: input<Prisma.RolloutUncheckedCreateInput>(rolloutFull) });
  // A null Json column is written as Prisma.DbNull (SQL NULL) and reads back as null.
  await db.rollout.create({
    data: { ...input<Prisma.RolloutUncheckedCreateInput>(rolloutNulls), trace: Prisma.DbNull },
  });
  await db.check.create({ data: input<Prisma.CheckUncheckedCreateInput>(checkFull) });
  await db.check.create({ data: input<Prisma.CheckUncheckedCreateInput>(checkNulls) });
  await db.rawFile.create({ data: rawFile });
  await db.rawFile.create({ data: rawFileInParts });
  for (const part of rawFileParts) await db.rawFilePart.create({ data: part });
  await db.runFile.create({ data: runFile });
  await db.rejectedFile.create({ data: input<Prisma.RejectedFileUncheckedCreateInput>(rejectedFile) });
  await db.scenario.create({ data: input<Prisma.ScenarioCreateInput>(scenario) });
  await db.runEncoding.create({ data: input<Prisma.RunEncodingUncheckedCreateInput>(runEncoding) });
  await db.review.create({ data: review });
  await db.traceStep.create({ data: traceStep });
  await db.traceStep.create({ data: traceStepNulls });
  await db.traceSearchState.create({ data: traceSearchState });
  await db.traceIndex.create({ data: traceIndex });
  await db.traceChunk.create({ data: traceChunk });
}

/** A raw file as a database migrated before `raw_file_parts` holds one (no `parts` column yet). */
async function insertOldRawFile(database: TestDatabase) {
  const sql = `INSERT INTO "RawFile" ("sha256", "size", "bytes") VALUES ($1, $2, $3)`;
  await database.db.$executeRawUnsafe(
    database.provider === "sqlite" ? sql.replace(/\$\d/g, "?") : sql,
    rawFile.sha256,
    rawFile.size,
    NON_UTF8,
  );
}

async function counts(db: Db) {
  return {
    runs: await db.run.count(),
    tasks: await db.task.count(),
    rollouts: await db.rollout.count(),
    checks: await db.check.count(),
    runFiles: await db.runFile.count(),
    rawFiles: await db.rawFile.count(),
    rejectedFiles: await db.rejectedFile.count(),
  };
}

async function tableExists(database: TestDatabase, table: string): Promise<boolean> {
  const rows =
    database.provider === "sqlite"
      ? await database.db.$queryRawUnsafe<unknown[]>(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`,
          table,
        )
      : await database.db.$queryRawUnsafe<unknown[]>(
          `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1`,
          table,
        );
  return rows.length > 0;
}

/** Copies this repository's migrations into a temp root, to edit them without touching the real ones. */
function copyMigrations(): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tally-migrations-"));
  fs.cpSync(path.join(repoRoot, "prisma/migrations"), path.join(tmp, "prisma/migrations"), { recursive: true });
  tempRoots.push(tmp);
  return tmp;
}
const tempRoots: string[] = [];
afterAll(() => {
  for (const dir of tempRoots) fs.rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------
// The schema engine, compiled to WebAssembly (the native one cannot be downloaded here): diffs the live
// database against the schema the clients were generated from.

type EngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
let engineModule: Promise<EngineModule> | undefined;

function loadEngine(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasm = path.join(
      path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
      "schema_engine_bg.wasm",
    );
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasm), {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg;
  })();
  return engineModule;
}

/** SQLite's full-text index of trace steps and its shadow tables: raw SQL in the migrations, unknown to Prisma. */
const SQLITE_FTS_TABLES = ["TraceStepFts", ...["data", "idx", "docsize", "config"].map((s) => `TraceStepFts_${s}`)];

/**
 * The full-text objects a migration creates in raw SQL after the schema engine's part (Prisma has no tsvector):
 * what follows its "-- Full-text index" comment. The reference database gets them too, so the catalogs compare.
 */
function fullTextSql(provider: Provider): string {
  return readMigrations(provider, repoRoot)
    .map((m) => m.sql.split(/^-- Full-text index/m)[1])
    .filter((tail): tail is string => tail !== undefined)
    .map((tail) => `-- Full-text index${tail}`)
    .join("\n");
}

/** Runs the schema engine's diff with a connection to `target` (closed afterwards). */
async function engineDiff(
  target: DatabaseTarget,
  schema: string,
  from: DiffTarget,
  to: DiffTarget,
): Promise<{ exitCode: number; sql: string }> {
  const bg = await loadEngine();
  const { bindMigrationAwareSqlAdapterFactory } = await import("@prisma/driver-adapter-utils");
  const inner =
    target.provider === "sqlite"
      ? new PrismaBetterSqlite3({ url: target.file })
      : new PrismaPg({ connectionString: target.url, max: 2 });
  // Keep every connection the engine opens, to close it: a pool left open would hold the database.
  const opened: { dispose(): Promise<void> }[] = [];
  const factory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      const adapter = await inner.connect();
      opened.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const adapter = await inner.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  } as typeof inner;
  const engine = await bg.SchemaEngine.new(
    { datamodels: [["schema.prisma", schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    const result = await engine.diff({
      from,
      to,
      script: true,
      exitCode: true,
      // PostgreSQL wants schema-qualified names (test databases use the default schema, public).
      filters: {
        externalTables:
          target.provider === "postgres" ? [`public.${MIGRATIONS_TABLE}`] : [MIGRATIONS_TABLE, ...SQLITE_FTS_TABLES],
        externalEnums: [],
      },
    });
    return { exitCode: result.exitCode, sql: result.stdout ?? "" };
  } finally {
    engine.free();
    await Promise.all(opened.map((a) => a.dispose().catch(() => undefined)));
  }
}

/**
 * SQLite: the SQL the schema engine would run to turn the live database into `schema` (introspection through
 * the driver adapter). Empty migration = the database is exactly what the schema describes.
 */
async function introspectedDrift(target: DatabaseTarget, schema: string) {
  const files = [{ path: "schema.prisma", content: schema }];
  return engineDiff(
    target,
    schema,
    { tag: "schemaDatasource", files, configDir: repoRoot },
    { tag: "schemaDatamodel", files },
  );
}

/** The SQL the schema engine writes to create `schema` from nothing (what `prisma migrate` would apply). */
async function createSqlFor(target: DatabaseTarget, schema: string): Promise<string> {
  const result = await engineDiff(
    target,
    schema,
    { tag: "empty" },
    { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schema }] },
  );
  return result.sql;
}

/**
 * PostgreSQL: the engine's introspection through the pg adapter fails ("Column type 'char' could not be
 * deserialized"), so compare catalogs instead: every column (type, nullability, default), constraint and index
 * of the migrated database against a database built from the engine's own SQL for the schema.
 */
async function postgresCatalog(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const skip = [MIGRATIONS_TABLE];
    const columns = await client.query(
      // By name, not position: a column a later migration adds comes last, where the schema may declare it earlier.
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default,
              character_maximum_length, numeric_precision, datetime_precision, is_identity
         FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> ALL($1)
        ORDER BY table_name, column_name`,
      [skip],
    );
    const constraints = await client.query(
      `SELECT c.relname AS table_name, k.conname, k.contype, pg_get_constraintdef(k.oid) AS definition
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relname <> ALL($1) ORDER BY 1, 2`,
      [skip],
    );
    const indexes = await client.query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename <> ALL($1) ORDER BY 1, 2`,
      [skip],
    );
    const sequences = await client.query(
      `SELECT sequence_name, data_type, start_value, increment FROM information_schema.sequences WHERE sequence_schema = current_schema() ORDER BY 1`,
    );
    return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows, sequences: sequences.rows };
  } finally {
    await client.end();
  }
}

/** Builds `schema` with the engine's SQL in a fresh empty database and compares it with the migrated one. */
async function postgresMatches(t: DatabaseHandle, schema: string) {
  const reference = await t.fresh({ migrate: false });
  const sql = await createSqlFor(reference.target, schema);
  const client = new pg.Client({ connectionString: reference.url });
  await client.connect();
  try {
    await client.query(sql);
    await client.query(fullTextSql("postgres"));
  } finally {
    await client.end();
  }
  return { migrated: await postgresCatalog(t.url), reference: await postgresCatalog(reference.url) };
}

const schemaFor = (provider: Provider) =>
  fs.readFileSync(provider === "sqlite" ? SCHEMAS.sqlite : SCHEMAS.postgres, "utf8");

// ---------------------------------------------------------------------------------------------------------

describe("test fixtures", () => {
  it("cover every model and every scalar field of the generated client", () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(Prisma.ModelName).sort());
    const enums = Prisma as unknown as Record<string, Record<string, string>>;
    for (const [model, { rows, generated }] of Object.entries(FIXTURES)) {
      const fields = Object.keys(enums[`${model}ScalarFieldEnum`] ?? {});
      expect(fields.length, `${model}ScalarFieldEnum`).toBeGreaterThan(0);
      for (const row of rows) expect([...Object.keys(row), ...generated].sort(), model).toEqual([...fields].sort());
    }
  });
});

forEachDatabase("migrated database", (t) => {
  beforeEach(() => t.reset());

  it("was created by applying every committed migration, in order", () => {
    expect(t.database.applied).toEqual(readMigrations(t.provider, repoRoot).map((m) => m.name));
    expect(t.database.applied.length).toBeGreaterThan(0);
  });

  it("matches the Prisma schema exactly: nothing to change between the database and the schema", async () => {
    const schema = schemaFor(t.provider);
    if (t.provider === "sqlite") {
      const drift = await introspectedDrift(t.target, schema);
      expect(drift.sql.trim()).toBe("-- This is an empty migration.");
      expect(drift.exitCode).toBe(0);
    } else {
      const { migrated, reference } = await postgresMatches(t, schema);
      expect(migrated.columns.length).toBeGreaterThan(50);
      expect(migrated).toEqual(reference);
    }
  });

  it("notices drift: a schema with one more column is not a match (the check above can fail)", async () => {
    const changed = schemaFor(t.provider).replace(/^(\s*tokens\s+Int\?)$/m, "$1\n  probe String?");
    expect(changed).not.toBe(schemaFor(t.provider));
    if (t.provider === "sqlite") {
      const drift = await introspectedDrift(t.target, changed);
      expect(drift.exitCode).toBe(2);
      expect(drift.sql).toMatch(/ALTER TABLE "Rollout" ADD COLUMN "probe"/);
    } else {
      const { migrated, reference } = await postgresMatches(t, changed);
      expect(reference.columns.map((c) => `${c.table_name}.${c.column_name}`)).toContain("Rollout.probe");
      expect(migrated).not.toEqual(reference);
    }
  });

  it("writes and reads back every field of every model through the Prisma client", async () => {
    const db = t.db;
    await writeAll(db);

    expect(await db.run.findUniqueOrThrow({ where: { id: run.id } })).toEqual(run);
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toEqual(task);
    expect(await db.rollout.findUniqueOrThrow({ where: { id: rolloutFull.id } })).toEqual(rolloutFull);
    expect(await db.rollout.findUniqueOrThrow({ where: { id: rolloutNulls.id } })).toEqual(rolloutNulls);

    const checks = await db.check.findMany({ orderBy: { order: "asc" } });
    expect(checks).toEqual([
      { id: expect.any(Number), ...checkFull },
      { id: expect.any(Number), ...checkNulls },
    ]);
    expect(checks[1]!.id).toBeGreaterThan(checks[0]!.id);
    expect(await db.scenario.findUniqueOrThrow({ where: { name: scenario.name } })).toEqual(scenario);
    expect(await db.review.findUniqueOrThrow({ where: { id: review.id } })).toEqual(review);
    expect(await db.traceStep.findMany({ orderBy: { step: "asc" } })).toEqual([traceStep, traceStepNulls]);
    expect(await db.traceSearchState.findUniqueOrThrow({ where: { rolloutRef: rolloutFull.id } })).toEqual(
      traceSearchState,
    );

    const { bytes, ...rawRest } = await db.rawFile.findUniqueOrThrow({ where: { sha256: rawFile.sha256 } });
    expect(rawRest).toEqual({ sha256: rawFile.sha256, size: rawFile.size, parts: 0, createdAt: rawFile.createdAt });
    const parts = await db.rawFilePart.findMany({ orderBy: { part: "asc" } });
    expect(parts.map((p) => ({ ...p, bytes: Buffer.from(p.bytes).toString("hex") }))).toEqual(
      rawFileParts.map((p) => ({ ...p, bytes: Buffer.from(NON_UTF8).toString("hex") })),
    );
    expect(
      Buffer.from(bytes).equals(Buffer.from(NON_UTF8)),
      `bytes read back: ${Buffer.from(bytes).toString("hex")}`,
    ).toBe(true);

    expect(
      await db.runFile.findUniqueOrThrow({ where: { runId_path: { runId: run.id, path: runFile.path } } }),
    ).toEqual(runFile);
    expect(await db.rejectedFile.findFirstOrThrow()).toEqual({ id: expect.any(Number), ...rejectedFile });
    const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
    const index = await db.traceIndex.findUniqueOrThrow({
      where: { sha256_part: { sha256: rawFile.sha256, part: traceIndex.part } },
    });
    expect({ ...index, steps: hex(index.steps) }).toEqual({ ...traceIndex, steps: hex(NON_UTF8) });
    const chunk = await db.traceChunk.findFirstOrThrow();
    expect({ ...chunk, bytes: hex(chunk.bytes) }).toEqual({ ...traceChunk, bytes: hex(NON_UTF8) });
    const encoding = await db.runEncoding.findUniqueOrThrow({ where: { runId: run.id } });
    expect({ ...encoding, bytes: Buffer.from(encoding.bytes).toString("hex") }).toEqual({
      ...runEncoding,
      bytes: Buffer.from(NON_UTF8).toString("hex"),
    });

    // Relations resolve both ways.
    const loaded = await db.run.findUniqueOrThrow({
      where: { key: run.key },
      include: { tasks: { include: { rollouts: { include: { checks: true } } } }, files: { include: { file: true } } },
    });
    expect(loaded.tasks[0]!.rollouts.map((r) => r.id).sort()).toEqual([rolloutFull.id, rolloutNulls.id]);
    expect(loaded.tasks[0]!.rollouts.find((r) => r.id === rolloutFull.id)!.checks).toHaveLength(2);
    expect(loaded.files[0]!.file.size).toBe(NON_UTF8.length);

    // Updates of Json and Bytes columns replace the whole value.
    await db.run.update({ where: { id: run.id }, data: { metadata: { replaced: [1, { two: 2 }] }, baseline: false } });
    expect(
      await db.run.findUniqueOrThrow({ where: { id: run.id }, select: { metadata: true, baseline: true } }),
    ).toEqual({
      metadata: { replaced: [1, { two: 2 }] },
      baseline: false,
    });
  });

  it("fills the schema defaults", async () => {
    const db = t.db;
    const before = Date.now();
    const minimal = await db.run.create({
      data: {
        id: "run_min",
        key: "k-min",
        name: "minimal",
        format: "silo",
        labels: [],
        metadata: {},
        warnings: [],
        regrades: [],
        summary: {},
      },
    });
    expect(minimal).toMatchObject({ agent: null, model: null, createdAt: null, baseline: false, passThreshold: 1 });
    expect(Math.abs(minimal.ingestedAt.getTime() - before)).toBeLessThan(60_000);
    const t1 = await db.task.create({ data: { id: "task_min", runId: "run_min", key: "T", taskId: "T", summary: {} } });
    expect(t1).toMatchObject({ weight: 1, name: null, group: null });
    const r1 = await db.rollout.create({
      data: {
        id: "rollout_min",
        runId: "run_min",
        taskRef: "task_min",
        rolloutId: "r",
        status: "unscored",
        rule: "none",
        passed: false,
        sourcePath: "x",
        sourceFormat: "silo",
        sourceSha256: "0",
        files: [],
        warnings: [],
        metadata: {},
      },
    });
    expect(r1.penalties).toBe(0);
    const f1 = await db.rawFile.create({ data: { sha256: "d".repeat(64), size: 0, bytes: new Uint8Array() } });
    expect(Math.abs(f1.createdAt.getTime() - before)).toBeLessThan(60_000);
    expect((await db.rawFile.findUniqueOrThrow({ where: { sha256: f1.sha256 } })).bytes).toHaveLength(0);
  });

  it("enforces the unique constraints", async () => {
    const db = t.db;
    await writeAll(db);
    await expect(
      db.run.create({ data: input<Prisma.RunUncheckedCreateInput>({ ...run, id: "run_other" }) }),
    ).rejects.toMatchObject({
      code: "P2002",
    });
    await expect(
      db.task.create({ data: input<Prisma.TaskUncheckedCreateInput>({ ...task, id: "task_other" }) }),
    ).rejects.toMatchObject({
      code: "P2002",
    });
    await expect(
      db.rollout.create({ data: input<Prisma.RolloutUncheckedCreateInput>({ ...rolloutFull, id: "rollout_other" }) }),
    ).rejects.toMatchObject({ code: "P2002" });
    await expect(db.rawFile.create({ data: rawFile })).rejects.toMatchObject({ code: "P2002" });
    await expect(db.runFile.create({ data: runFile })).rejects.toMatchObject({ code: "P2002" });
    await expect(
      db.rejectedFile.create({ data: input<Prisma.RejectedFileUncheckedCreateInput>(rejectedFile) }),
    ).rejects.toMatchObject({
      code: "P2002",
    });
    expect(await db.run.count()).toBe(1);
  });

  it("enforces foreign keys", async () => {
    const db = t.db;
    await writeAll(db);
    await expect(
      db.task.create({
        data: input<Prisma.TaskUncheckedCreateInput>({ ...task, id: "t2", key: "k2", runId: "missing" }),
      }),
    ).rejects.toThrow();
    await expect(
      db.runFile.create({ data: { runId: run.id, path: "other.json", sha256: "e".repeat(64) } }),
    ).rejects.toThrow();
    // A raw file still referenced by a run or a rejection cannot be deleted (ON DELETE RESTRICT).
    await expect(db.rawFile.delete({ where: { sha256: rawFile.sha256 } })).rejects.toThrow();
    expect(await db.rawFile.count()).toBe(2);
    // A file's parts go with it (ON DELETE CASCADE).
    await db.rawFile.delete({ where: { sha256: rawFileInParts.sha256 } });
    expect(await db.rawFilePart.count()).toBe(0);
  });

  it("deleting a run removes its tasks, rollouts, checks and run files, and keeps raw files", async () => {
    const db = t.db;
    await writeAll(db);
    // A second run that must survive.
    await db.run.create({ data: input<Prisma.RunUncheckedCreateInput>({ ...run, id: "run_keep", key: "keep" }) });
    await db.task.create({
      data: input<Prisma.TaskUncheckedCreateInput>({ ...task, id: "task_keep", runId: "run_keep" }),
    });
    await db.runFile.create({ data: { ...runFile, runId: "run_keep" } });
    expect(await counts(db)).toEqual({
      runs: 2,
      tasks: 2,
      rollouts: 2,
      checks: 2,
      runFiles: 2,
      rawFiles: 2,
      rejectedFiles: 1,
    });

    await db.run.delete({ where: { id: run.id } });
    expect(await counts(db)).toEqual({
      runs: 1,
      tasks: 1,
      rollouts: 0,
      checks: 0,
      runFiles: 1,
      rawFiles: 2,
      rejectedFiles: 1,
    });
    expect(await db.task.findFirstOrThrow()).toMatchObject({ id: "task_keep" });
  });

  it("migrating again applies nothing", async () => {
    expect(await migrate(t.target, repoRoot)).toEqual({ applied: [] });
    expect(await migrate(t.target, repoRoot)).toEqual({ applied: [] });
  });

  it("refuses a migration whose file changed after it was applied, naming it", async () => {
    const root = copyMigrations();
    const database = await t.fresh({ root });
    const first = readMigrations(t.provider, root)[0]!;
    expect(database.applied).toContain(first.name);
    const file = path.join(root, "prisma/migrations", t.provider, first.name, "migration.sql");
    fs.appendFileSync(file, "\n-- edited after it was applied\n");
    await expect(migrate(database.target, root)).rejects.toThrow(new RegExp(`${first.name}.*changed`));
  });

  it("refuses a database that has a migration this version does not know", async () => {
    const root = copyMigrations();
    const database = await t.fresh({ root });
    const last = readMigrations(t.provider, root).at(-1)!;
    fs.rmSync(path.join(root, "prisma/migrations", t.provider, last.name), { recursive: true });
    await expect(migrate(database.target, root)).rejects.toThrow(last.name);
  });

  it('trace_index_part keeps the stored trace indexes and their chunks (part "")', async () => {
    const root = copyMigrations();
    const folder = (name: string) => path.join(root, "prisma/migrations", t.provider, name);
    const all = readMigrations(t.provider, root).map((m) => m.name);
    const at = all.findIndex((name) => name.endsWith("_trace_index_part"));
    const later = all.slice(at);
    const kept = path.join(root, "later");
    fs.mkdirSync(kept);
    for (const name of later) fs.renameSync(folder(name), path.join(kept, name));
    const database = await t.fresh({ root });
    const sql = (text: string) => (t.provider === "sqlite" ? text.replace(/\$\d/g, "?") : text);
    await insertOldRawFile(database);
    await database.db.$executeRawUnsafe(
      sql(
        `INSERT INTO "TraceIndex" ("sha256", "version", "summary", "steps", "tools", "refs") VALUES ($1, 1, $2, $3, $4, $5)`,
      ),
      rawFile.sha256,
      "{}",
      NON_UTF8,
      "[]",
      "{}",
    );
    for (const chunk of [0, 1])
      await database.db.$executeRawUnsafe(
        sql(`INSERT INTO "TraceChunk" ("sha256", "chunk", "bytes") VALUES ($1, $2, $3)`),
        rawFile.sha256,
        chunk,
        NON_UTF8,
      );
    for (const name of later) fs.renameSync(path.join(kept, name), folder(name));
    expect((await migrate(database.target, root)).applied).toEqual(later);
    expect(await database.db.traceIndex.findMany({ select: { sha256: true, part: true } })).toEqual([
      { sha256: rawFile.sha256, part: "" },
    ]);
    const chunks = await database.db.traceChunk.findMany({ orderBy: { chunk: "asc" } });
    expect(chunks.map((c) => [c.part, c.chunk, Buffer.from(c.bytes).equals(Buffer.from(NON_UTF8))])).toEqual([
      ["", 0, true],
      ["", 1, true],
    ]);
    // The chunks still go with their index.
    await database.db.rawFile.delete({ where: { sha256: rawFile.sha256 } });
    expect(await database.db.traceChunk.count()).toBe(0);
  });

  it("raw_file_parts keeps every stored file whole (parts 0), with the trace indexes that reference it", async () => {
    const root = copyMigrations();
    const folder = (name: string) => path.join(root, "prisma/migrations", t.provider, name);
    const all = readMigrations(t.provider, root).map((m) => m.name);
    const later = all.slice(all.findIndex((name) => name.endsWith("_raw_file_parts")));
    const kept = path.join(root, "later");
    fs.mkdirSync(kept);
    for (const name of later) fs.renameSync(folder(name), path.join(kept, name));
    const database = await t.fresh({ root });
    await insertOldRawFile(database);
    await database.db.traceIndex.create({ data: traceIndex });
    for (const name of later) fs.renameSync(path.join(kept, name), folder(name));
    expect((await migrate(database.target, root)).applied).toEqual(later);
    const file = await database.db.rawFile.findUniqueOrThrow({ where: { sha256: rawFile.sha256 } });
    expect({ ...file, bytes: Buffer.from(file.bytes).toString("hex") }).toEqual({
      ...rawFile,
      bytes: Buffer.from(NON_UTF8).toString("hex"),
      createdAt: expect.any(Date),
      parts: 0,
    });
    expect(await database.db.traceIndex.count()).toBe(1);
  });

  it("applies pending migrations in one transaction: a failing one leaves nothing behind", async () => {
    const root = copyMigrations();
    const broken = path.join(root, "prisma/migrations", t.provider, "99990101000000_broken");
    fs.mkdirSync(broken);
    fs.writeFileSync(
      path.join(broken, "migration.sql"),
      `CREATE TABLE "Broken" ("id" INTEGER);\nSELECT * FROM "no_such_table";\n`,
    );
    const database = await t.fresh({ root, migrate: false });
    await expect(migrate(database.target, root)).rejects.toThrow(/no_such_table/);
    expect(await tableExists(database, "Run")).toBe(false);
    expect(await tableExists(database, "Broken")).toBe(false);
    if (await tableExists(database, MIGRATIONS_TABLE)) {
      expect(await database.db.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${MIGRATIONS_TABLE}"`)).toEqual([]);
    }
    // Without the broken migration, the same database migrates cleanly.
    fs.rmSync(broken, { recursive: true });
    expect((await migrate(database.target, root)).applied).toEqual(readMigrations(t.provider, root).map((m) => m.name));
    expect(await tableExists(database, "Run")).toBe(true);
  });
});

describe("prisma schemas", () => {
  const stripComments = (schema: string) =>
    schema
      .split("\n")
      .map((line) => line.replace(/\/\/.*$/, "").trimEnd())
      .filter((line) => line.trim() !== "")
      .join("\n");

  it("prisma/postgres/schema.prisma is exactly what scripts/prisma-schemas.mjs derives from prisma/schema.prisma", () => {
    expect(fs.readFileSync(SCHEMAS.postgres, "utf8")).toBe(
      derivePostgresSchema(fs.readFileSync(SCHEMAS.sqlite, "utf8")),
    );
  });

  it.each(["sqlite", "postgres"] as const)(
    "the latest %s migration was made from the current schema (run npm run db:new-migration)",
    (provider) => {
      const dir = path.join(repoRoot, "prisma/migrations", provider);
      const last = readMigrations(provider, repoRoot).at(-1)!;
      const snapshot = fs.readFileSync(path.join(dir, last.name, "schema.prisma"), "utf8");
      expect(stripComments(schemaFor(provider))).toBe(stripComments(snapshot));
    },
  );

  it("both providers have the same migration names", () => {
    expect(readMigrations("postgres", repoRoot).map((m) => m.name)).toEqual(
      readMigrations("sqlite", repoRoot).map((m) => m.name),
    );
  });
});
