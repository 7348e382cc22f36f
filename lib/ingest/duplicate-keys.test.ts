import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { uploadRequest, useApiDatabase } from "@/app/api/route-test-kit";
import { POST as postRuns } from "@/app/api/runs/route";
import { forEachDatabase } from "@/lib/db/test-databases";
import { textFile } from "@/lib/formats/__fixtures__/load-fixture";
import { ingestFiles } from "./ingest-files";
import { readPaths } from "./read-paths";

// A result file with a key given twice: JSON keeps the last value and said nothing; now the ingest warns,
// naming the file and the key path, and the rollout read from the file carries the warning.

const twice = textFile(
  "runs/TASK-1.result.json",
  '{"taskId":"TASK-1","passed":false,"reward":0,"checks":[{"label":"done","passed":false,"passed":true,"required":true}],"passed":true,"reward":1}',
);
const clean = textFile(
  "runs/TASK-2.result.json",
  '{"taskId":"TASK-2","passed":true,"reward":1,"checks":[{"label":"done","passed":true,"required":true}]}',
);
const WARNING =
  "runs/TASK-1.result.json: duplicate keys checks[0].passed, passed, reward (JSON keeps the last value of each)";

forEachDatabase("duplicate keys in a result file", (t) => {
  beforeEach(() => t.reset());

  it("warns naming the file and key paths, on the ingest and on the rollout, and reads the last values", async () => {
    const result = await ingestFiles(t.store, [twice, clean], { rootName: "runs" });
    expect(result.accepted).toEqual(["runs/TASK-1.result.json", "runs/TASK-2.result.json"]);
    expect(result.warnings).toEqual([WARNING]);
    const rollouts = await t.db.rollout.findMany({ orderBy: { sourcePath: "asc" } });
    expect(rollouts.map((r) => [r.sourcePath, r.passed, r.warnings])).toEqual([
      ["runs/TASK-1.result.json", true, [WARNING]],
      ["runs/TASK-2.result.json", true, []],
    ]);
  });

  it("warns the same of files read from disk, parsed light and read again (the CLI's path)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tally-dupkeys-"));
    try {
      for (const f of [twice, clean]) {
        mkdirSync(path.join(dir, path.dirname(f.path)), { recursive: true });
        writeFileSync(path.join(dir, f.path), f.bytes);
      }
      const { files } = await readPaths([path.join(dir, "runs")], { lazy: true });
      const result = await ingestFiles(t.store, files, { rootName: "runs", consumeFiles: true, parseLightAbove: 0 });
      expect(result.warnings).toEqual([WARNING.replace("runs/", "")]);
      const rollouts = await t.db.rollout.findMany({ orderBy: { sourcePath: "asc" } });
      expect(rollouts.map((r) => [r.sourcePath, r.passed, r.warnings])).toEqual([
        ["TASK-1.result.json", true, [WARNING.replace("runs/", "")]],
        ["TASK-2.result.json", true, []],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("POST /api/runs: duplicate keys", () => {
  useApiDatabase("duplicate-keys");
  it("lists the warning in the upload's answer", async () => {
    const res = await postRuns(uploadRequest([twice, clean]));
    expect(res.status).toBe(201);
    // The upload's common folder is its root: paths lose `runs/`.
    expect(((await res.json()) as { warnings: string[] }).warnings).toEqual([WARNING.replace("runs/", "")]);
  });
});
