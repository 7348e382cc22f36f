import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { syntheticSiloFiles } from "@/lib/bench/synthetic";
import { forEachDatabase, type DatabaseHandle } from "@/lib/db/test-databases";
import type { InputFile } from "@/lib/formats/types";
import { ingestFiles, RunDeletedError } from "./ingest-files";

// A run deleted (tally runs delete, DELETE /api/runs/:id) while an ingest stores into it: the ingest ends with a
// message naming the run, instead of a raw "FOREIGN KEY constraint failed", and nothing of the run is left.

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(root, "lib/cli/bin.mjs");
const SMALL = { tasks: 6, rollouts: 2, checks: 3, groups: 2, seed: 5 };
const small = (): InputFile[] =>
  [...syntheticSiloFiles(SMALL)].map((f) => ({ path: f.path, bytes: new TextEncoder().encode(f.text) }));
// More rollouts than one CLI transaction (1,000), so the delete lands between two of them.
const LARGE = { tasks: 600, rollouts: 4, checks: 6, groups: 3, seed: 9 };
let folder: string;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "tally-delete-during-"));
  for (const file of syntheticSiloFiles(LARGE)) {
    const target = path.join(folder, "suite", file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.text);
  }
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function nothingLeft(t: DatabaseHandle) {
  expect(await t.db.run.count()).toBe(0);
  expect(await t.db.rollout.count()).toBe(0);
  expect(await t.db.check.count()).toBe(0);
  expect(await t.db.task.count()).toBe(0);
  expect(await t.db.runFile.count()).toBe(0);
  expect(await t.db.rejectedFile.count()).toBe(0);
  expect(await t.db.rawFile.count()).toBe(0);
}

forEachDatabase("a run deleted during its ingest", (t) => {
  beforeEach(() => t.reset());

  for (const when of ["after the first batch", "after the last batch"] as const) {
    it(`ends the ingest with a message naming the run, nothing left, when deleted ${when}`, async () => {
      const files = small();
      const ingest = ingestFiles(t.store, [...files, { path: "junk.bin", bytes: new Uint8Array([1, 2]) }], {
        runName: "doomed",
        batchSize: 4,
        onProgress: async (done, total) => {
          if (when === "after the first batch" ? done !== 4 : done !== total) return;
          const run = await t.db.run.findFirst();
          expect(await t.store.deleteRun(run!.id)).toBe(true);
        },
      });
      const error = await ingest.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RunDeletedError);
      expect((error as RunDeletedError).message).toMatch(
        /^Run “doomed” \(\w+\) was deleted while this ingest was storing it: nothing of it is left and nothing more was stored\. Ingest again to store it anew\.$/,
      );
      await nothingLeft(t);
      // Ingested again, it is stored whole.
      const again = await ingestFiles(t.store, small(), { runName: "doomed" });
      expect(again.runs[0]).toMatchObject({ name: "doomed", rollouts: files.length, created: true });
    });
  }

  it("tally ingest --json ends with the error as JSON when the run is deleted between two transactions", async () => {
    const env = { ...process.env, DATABASE_URL: t.url, TALLY_DEMO: "0" };
    const child = spawn(process.execPath, [bin, "ingest", path.join(folder, "suite"), "--json", "--run", "doomed"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // Delete as soon as the first transaction is in; the rest (1,400 rollouts) is still to come.
    let deleted = false;
    while (!deleted && child.exitCode === null) {
      const run = await t.db.run.findFirst({ select: { id: true, _count: { select: { rollouts: true } } } });
      if (run && run._count.rollouts > 0) deleted = await t.store.deleteRun(run.id);
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(await exited).toBe(1);
    expect(deleted).toBe(true);
    const body = JSON.parse(stdout) as { error: { code: string; message: string; run: { name: string } } };
    expect(body.error).toMatchObject({ code: "run_deleted", run: { name: "doomed" } });
    expect(body.error.message).toContain("was deleted while this ingest was storing it");
    await nothingLeft(t);
  }, 120_000);
});
