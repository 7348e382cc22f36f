import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/test-databases";
import { runSummaryOf } from "@/lib/store/records";
import { fixtureFile, fixturePath, loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { sha256Hex } from "@/lib/formats/hash";
import { columnsOf } from "@/lib/scoring/columns/columns-of";
import { computeReport } from "@/lib/scoring/report/report";
import { encodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import { recordedFirstScreen } from "@/lib/store/run-encoding";
import type { TaskReport } from "@/lib/scoring/report/report-types";
import { ingestFiles } from "./ingest-files";
import { parseBatch } from "./parse-batch";
import { readPaths } from "./read-paths";
import { workerRereader } from "./reread-pool";
import type { DiskFile } from "./disk-file";
import { toScoringRun } from "./to-scoring-run";

const BAD = [
  "truncated.json",
  "empty.json",
  "not-an-object.json",
  "reward-is-a-string.json",
  "check-without-label.json",
];

forEachDatabase("ingestFiles", (t) => {
  beforeEach(() => t.reset());

  async function counts() {
    const db = t.db;
    return {
      runs: await db.run.count(),
      tasks: await db.task.count(),
      rollouts: await db.rollout.count(),
      checks: await db.check.count(),
      rawFiles: await db.rawFile.count(),
    };
  }

  it("stores a Silo run folder with its summaries, and the same folder twice stores nothing new", async () => {
    const files = loadFixture("silo-runs");
    const first = await ingestFiles(t.store, files, { rootName: "silo-runs" });
    expect(first.runs).toEqual([expect.objectContaining({ name: "silo-runs", rollouts: 8, created: true })]);
    expect(first.rejected).toEqual([]);
    expect(first.accepted).toHaveLength(16);
    const after = await counts();
    expect(after).toMatchObject({ runs: 1, tasks: 4, rollouts: 8, checks: 60, rawFiles: 16 });

    const [run] = await t.store.listRuns();
    expect(run?.summary).toMatchObject({ tasks: 4, rollouts: 8, scored: 8, unscored: 0, passRate: 4 / 8 });
    const task = await t.db.task.findFirstOrThrow({ where: { key: "finance/TASK-007" } });
    const summary = task.summary as unknown as TaskReport;
    expect(summary).toMatchObject({ rollouts: 5, passes: 3, best: 1, worst: 0.2, diagnosis: "unreliable" });
    expect(summary.meanReward).toBeCloseTo(0.74, 4);

    const again = await ingestFiles(t.store, files, { rootName: "silo-runs" });
    expect(again.runs[0]?.created).toBe(false);
    expect(again.accepted).toEqual([]);
    expect(again.duplicates).toHaveLength(8);
    expect(await counts()).toEqual(after);
  });

  it("stores a folder read lazily, consumed as it is stored, as it stores the same folder read up front", async () => {
    const lazy = await readPaths([fixturePath("silo-runs")], { lazy: true });
    const eager = await readPaths([fixturePath("silo-runs")]);
    const sha256s = eager.files.map((f) => sha256Hex(f.bytes));
    const first = await ingestFiles(t.store, lazy.files, {
      rootName: "lazy",
      runName: "lazy",
      consumeFiles: true,
      batchSize: 3,
    });
    expect(lazy.files).toEqual([]);
    const second = await ingestFiles(t.store, eager.files, { rootName: "eager", runName: "eager" });
    const { runs: _lazyRuns, ...lazyFiles } = first;
    const { runs: _eagerRuns, ...eagerFiles } = second;
    expect(lazyFiles).toEqual(eagerFiles);
    const [a, b] = await Promise.all([first, second].map((r) => t.store.loadScoringRun(r.runs[0]!.id)));
    expect(a).toEqual({ ...b, name: "lazy" });
    const summaries = (await t.store.listRuns()).map((r) => r.summary);
    expect(summaries[0]).toEqual(summaries[1]);
    for (const sha256 of sha256s) expect(await t.store.getRawFile(sha256)).not.toBeNull();
  });

  it("stores a folder parsed light and read again on a worker thread as it stores the folder parsed whole", async () => {
    const whole = await readPaths([fixturePath("silo-runs")], { lazy: true });
    const light = await readPaths([fixturePath("silo-runs")], { lazy: true });
    const rereader = workerRereader();
    try {
      const first = await ingestFiles(t.store, whole.files, { rootName: "x", runName: "whole", consumeFiles: true });
      const second = await ingestFiles(t.store, light.files, {
        rootName: "x",
        runName: "light",
        consumeFiles: true,
        parseLightAbove: 0,
        batchSize: 3,
        rereader,
      });
      const { runs: _wholeRuns, ...wholeFiles } = first;
      const { runs: _lightRuns, ...lightFiles } = second;
      expect(lightFiles).toEqual(wholeFiles);
      expect(lightFiles.accepted.length).toBeGreaterThan(8);
      const [a, b] = await Promise.all([first, second].map((r) => t.store.loadScoringRun(r.runs[0]!.id)));
      expect(b).toEqual({ ...a, name: "light" });
      const summaries = (await t.store.listRuns()).map((r) => r.summary);
      expect(summaries[0]).toEqual(summaries[1]);
    } finally {
      await rereader.close();
    }
  });

  it("refuses a file changed on disk between its light parse and its read on the worker, naming it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tally-reread-"));
    try {
      cpSync(fixturePath("silo-runs"), dir, { recursive: true });
      const { files } = await readPaths([dir], { lazy: true });
      const target = files.find((f) => f.path.endsWith("result.json"))!;
      // Detection and the light parse read every file first; the change lands before any group is read again.
      const rereader = workerRereader();
      let changed = false;
      const grow = () => {
        if (changed) return;
        changed = true;
        appendFileSync((target as DiskFile).abs, "\n");
      };
      try {
        await expect(
          ingestFiles(t.store, files, {
            rootName: "x",
            parseLightAbove: 0,
            batchSize: 100,
            rereader: { reread: (...args) => (grow(), rereader.reread(...args)), close: () => rereader.close() },
          }),
        ).rejects.toThrow(`${target.path} changed while it was being ingested`);
      } finally {
        await rereader.close();
      }
      expect(await counts()).toMatchObject({ rollouts: 0, checks: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stores a batch parsed light, then read again a transaction at a time, exactly as one parsed whole", async () => {
    const silo = loadFixture("silo-runs");
    const first = silo.find((f) => f.path.endsWith("9c45/result.json"))!;
    const batch = () => [
      ...silo,
      // The same rollout id from other bytes: renamed `~2` by the batch, whichever transaction reads it.
      ...silo
        .filter((f) => f.path.includes("9c45/"))
        .map((f) => ({
          path: `copy/${f.path}`,
          bytes: f === first ? new TextEncoder().encode(new TextDecoder().decode(f.bytes) + "\n") : f.bytes,
        })),
      ...loadFixture("real/silo", "more/"),
      ...BAD.map((name) => fixtureFile(`bad-inputs/${name}`, `bad/${name}`)),
    ];
    const whole = await ingestFiles(t.store, batch(), { rootName: "batch", runName: "whole" });
    const light = await ingestFiles(t.store, batch(), {
      rootName: "batch",
      runName: "light",
      parseLightAbove: 0,
      batchSize: 3,
    });
    const { runs: wholeRuns, ...wholeFiles } = whole;
    const { runs: lightRuns, ...lightFiles } = light;
    expect(lightFiles).toEqual(wholeFiles);
    expect(wholeFiles.rejected.length).toBeGreaterThanOrEqual(BAD.length);
    const ids = await Promise.all([wholeRuns[0]!, lightRuns[0]!].map((r) => t.store.loadScoringRun(r.id)));
    expect(ids[0]!.rollouts.map((r) => r.id)).toContain("run_20261104100200_9c45~2");
    expect(ids[1]).toEqual({ ...ids[0], name: "light" });
    const stored = (runName: string) =>
      t.db.check.findMany({
        where: { rollout: { run: { name: runName } } },
        select: { rollout: { select: { rolloutId: true, warnings: true, metadata: true } }, key: true, detail: true },
        orderBy: [{ rollout: { rolloutId: "asc" } }, { order: "asc" }],
      });
    const [a, b] = await Promise.all([stored("whole"), stored("light")]);
    expect(b).toEqual(a);
    expect(a.length).toBeGreaterThan(60);
    const summaries = (await t.store.listRuns()).map((r) => r.summary);
    expect(summaries[0]).toEqual(summaries[1]);
  });

  it("keeps every byte: raw files are stored content-addressed and read back identical", async () => {
    const files = loadFixture("scoring-article");
    await ingestFiles(t.store, files, { rootName: "scoring-article" });
    for (const f of files) {
      const stored = await t.store.getRawFile(sha256Hex(f.bytes));
      expect(Buffer.from(stored!.bytes).equals(Buffer.from(f.bytes))).toBe(true);
    }
  });

  it("gives the same report from the database as from the files", async () => {
    const files = loadFixture("scoring-article");
    const { runs } = await ingestFiles(t.store, files, { rootName: "scoring-article" });
    const fromDb = await t.store.loadScoringRun(runs[0]!.id);
    const fromFiles = toScoringRun(parseBatch(files, { rootName: "scoring-article" }).runs[0]!);
    const a = computeReport(fromDb!);
    const b = computeReport(fromFiles);
    expect(a.metrics).toEqual(b.metrics);
    const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((x, y) => x.key.localeCompare(y.key));
    const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((x, y) => x.id.localeCompare(y.id));
    expect(byKey(a.tasks)).toEqual(byKey(b.tasks));
    expect(byId(a.rollouts)).toEqual(byId(b.rollouts));
    expect(a.headline.value).toBeCloseTo(0.7222, 4);
  });

  // Ingest scores a new run from the columns of the parsed files instead of reading it back: the stored
  // summaries and encoding (bytes and first screen) must be exactly what the stored run gives, for every format.
  for (const fixture of [
    "scoring-article",
    "silo-runs",
    "benchflow-job",
    "grade-problem",
    "benchflow-real",
    "harbor-real",
    "inspect-real",
    "tau-bench-real",
    "real/silo",
    "rubric",
  ]) {
    it(`stores the summaries the stored run gives (${fixture})`, async () => {
      const { runs } = await ingestFiles(t.store, loadFixture(fixture), { rootName: fixture });
      expect(runs.length).toBeGreaterThan(0);
      for (const { id } of runs) {
        const storedRun = (await t.store.loadScoringRun(id))!;
        const report = computeReport(storedRun);
        const encoding = (await t.store.readRunEncoding(id, { bytes: true }))!;
        expect(encoding.bytes).toEqual(encodeBinaryRun(storedRun));
        expect(encoding.firstScreen).toEqual(
          JSON.parse(JSON.stringify(recordedFirstScreen(columnsOf(storedRun), report))),
        );
        const [listed] = (await t.store.listRuns()).filter((r) => r.id === id);
        expect(listed?.summary).toEqual(runSummaryOf(report));
        const tasks = await t.db.task.findMany({ where: { runId: id }, select: { key: true, summary: true } });
        const byKey = new Map(report.tasks.map((r) => [r.key, r]));
        expect(tasks).toHaveLength(report.tasks.length);
        for (const task of tasks) expect(task.summary).toEqual(JSON.parse(JSON.stringify(byKey.get(task.key))));
      }
    });
  }

  it("rejects bad files by name and field, stores the rest of the batch, and keeps the refused bytes", async () => {
    const good = loadFixture("scoring-article");
    const bad = BAD.map((name) => fixtureFile(`bad-inputs/${name}`, `bad/${name}`));
    const result = await ingestFiles(t.store, [...good, ...bad], { rootName: "mixed" });
    expect(result.runs[0]?.rollouts).toBe(3);
    expect(result.rejected.map((r) => r.path).sort()).toEqual(bad.map((f) => f.path).sort());
    const byPath = Object.fromEntries(result.rejected.map((r) => [r.path, r.error]));
    expect(byPath["bad/reward-is-a-string.json"]).toContain("reward");
    expect(byPath["bad/check-without-label.json"]).toContain("checks[0].label");
    expect(byPath["bad/truncated.json"]).toMatch(/line 1 column \d+/);
    expect(byPath["bad/empty.json"]).toMatch(/empty/);
    expect(await t.db.rejectedFile.count()).toBe(BAD.length);
    for (const f of bad.filter((f) => f.bytes.byteLength > 0)) {
      expect(await t.store.getRawFile(sha256Hex(f.bytes))).not.toBeNull();
    }
  });

  it("stores a result with no required check unscored, with its warning", async () => {
    const file = fixtureFile("bad-inputs/no-required-checks.json");
    await ingestFiles(t.store, [file], { rootName: "x" });
    const rollout = await t.db.rollout.findFirstOrThrow();
    expect(rollout.status).toBe("unscored");
    expect(JSON.stringify(rollout.warnings)).toContain("no required checks");
  });

  it("adds to a named run across batches and refuses a different file under an existing rollout id", async () => {
    const files = loadFixture("scoring-article");
    await ingestFiles(t.store, files.slice(0, 1), { runName: "nightly", rootName: "a" });
    const second = await ingestFiles(t.store, files, { runName: "nightly", rootName: "a" });
    expect(second.runs).toEqual([expect.objectContaining({ name: "nightly", rollouts: 3, created: false })]);
    expect(await t.db.run.count()).toBe(1);
    const changed = {
      ...files[0]!,
      bytes: new TextEncoder().encode(
        new TextDecoder().decode(files[0]!.bytes).replace('"detail": "', '"detail": "edited '),
      ),
    };
    const third = await ingestFiles(t.store, [changed], { runName: "nightly", rootName: "a" });
    expect(third.rejected[0]?.error).toContain("already in this run");
    expect(await t.db.rollout.count()).toBe(3);
  });
});
