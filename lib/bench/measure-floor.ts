import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { migrate } from "@/lib/db/migrate";

export interface FloorMeasurement {
  wallMs: number;
  readParseMs: number;
  insertMs: number;
  rows: { runs: number; tasks: number; rollouts: number; checks: number; rawFiles: number; runFiles: number };
}

interface SiloCheck {
  id: string;
  label: string;
  passed: boolean;
  required: boolean;
  dimension: string;
  detail: string;
}

interface SiloResult {
  taskId: string;
  group: string;
  rolloutId: string;
  passed: boolean;
  reward: number;
  toolCalls: number;
  toolErrors: number;
  terminationReason: string;
  agentOutput: string;
  error: string | null;
  checks: SiloCheck[];
}

function listFiles(dir: string, rel = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const f of listFiles(dir, child)) out.push(f);
    else if (entry.isFile()) out.push(child);
  }
  return out.sort();
}

const now = () => performance.now();

/**
 * The floor for ingest: what the machine needs at least to store the same data. Reads every file, JSON.parse,
 * sha256 (the raw file's content address) and plain prepared INSERTs of the same rows and columns as ingest
 * (run, tasks, rollouts, checks, raw files, run files) with better-sqlite3 in ONE transaction, into a fresh
 * migrated SQLite file. No validation, no scoring, no summaries: a lower bound, not a competitor.
 */
export async function measureFloor(root: string, dir: string, dbFile: string): Promise<FloorMeasurement> {
  await migrate({ provider: "sqlite", file: dbFile, url: `file:${dbFile}` }, root);
  const start = now();
  const db = new Database(dbFile);
  try {
    const run = db.prepare(
      `INSERT INTO "Run" ("id","key","name","format","labels","metadata","warnings","regrades","passThreshold","summary") VALUES (?,?,?,?,?,?,?,?,?,?)`,
    );
    const task = db.prepare(
      `INSERT INTO "Task" ("id","runId","key","taskId","name","group","weight","summary") VALUES (?,?,?,?,?,?,?,?)`,
    );
    const rollout = db.prepare(
      `INSERT INTO "Rollout" ("id","runId","taskRef","rolloutId","status","rule","gate","penalties","reportedPassed","reportedReward","passed","reward",` +
        `"terminationReason","toolCalls","toolErrors","agentOutput","error","errorCategory","startedAt","finishedAt","durationMs","costUsd","tokens",` +
        `"sourcePath","sourceFormat","sourceSha256","files","warnings","metadata") VALUES (${Array(29).fill("?").join(",")})`,
    );
    const check = db.prepare(
      `INSERT INTO "Check" ("rolloutRef","order","key","label","passed","score","required","dimension","status","detail","weight","reason",` +
        `"failureTag","evidenceRefs","metadata") VALUES (${Array(15).fill("?").join(",")})`,
    );
    const rawFile = db.prepare(`INSERT INTO "RawFile" ("sha256","size","bytes","createdAt") VALUES (?,?,?,?)`);
    const runFile = db.prepare(`INSERT INTO "RunFile" ("runId","path","sha256") VALUES (?,?,?)`);
    const rows = { runs: 0, tasks: 0, rollouts: 0, checks: 0, rawFiles: 0, runFiles: 0 };
    let readParseMs = 0;
    const runId = "floor";
    const createdAt = new Date().toISOString();
    const tasks = new Set<string>();
    db.transaction(() => {
      run.run(runId, "floor", "floor", "silo", "[]", "{}", "[]", "[]", 1, "null");
      rows.runs++;
      for (const rel of listFiles(dir)) {
        const t0 = now();
        const bytes = readFileSync(path.join(dir, rel));
        const r = JSON.parse(bytes.toString("utf8")) as SiloResult;
        readParseMs += now() - t0;
        const sha256 = createHash("sha256").update(bytes).digest("hex");
        rawFile.run(sha256, bytes.byteLength, bytes, createdAt);
        runFile.run(runId, rel, sha256);
        rows.rawFiles++;
        rows.runFiles++;
        const taskKey = `${r.group}/${r.taskId}`;
        const taskRef = `t:${taskKey}`;
        if (!tasks.has(taskKey)) {
          tasks.add(taskKey);
          task.run(taskRef, runId, taskKey, r.taskId, null, r.group, 1, "null");
          rows.tasks++;
        }
        const rolloutRef = `r:${r.rolloutId}`;
        rollout.run(
          rolloutRef,
          runId,
          taskRef,
          r.rolloutId,
          "scored",
          "checks",
          null,
          0,
          r.passed ? 1 : 0,
          r.reward,
          r.passed ? 1 : 0,
          r.reward,
          r.terminationReason,
          r.toolCalls,
          r.toolErrors,
          r.agentOutput,
          r.error,
          null,
          null,
          null,
          null,
          null,
          null,
          rel,
          "silo",
          sha256,
          JSON.stringify([{ path: rel, sha256 }]),
          "[]",
          "{}",
        );
        rows.rollouts++;
        r.checks.forEach((c, order) => {
          check.run(
            rolloutRef,
            order,
            c.id,
            c.label,
            c.passed ? 1 : 0,
            c.passed ? 1 : 0,
            c.required ? 1 : 0,
            c.dimension,
            "graded",
            c.detail,
            null,
            null,
            c.passed ? null : "SYNTHETIC",
            "[]",
            "{}",
          );
          rows.checks++;
        });
      }
    })();
    const wallMs = now() - start;
    return {
      wallMs: Math.round(wallMs),
      readParseMs: Math.round(readParseMs),
      insertMs: Math.round(wallMs - readParseMs),
      rows,
    };
  } finally {
    db.close();
  }
}
