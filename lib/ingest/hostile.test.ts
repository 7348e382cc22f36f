import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { uploadRequest, useApiDatabase } from "@/app/api/route-test-kit";
import { POST as postRuns } from "@/app/api/runs/route";
import { forEachDatabase } from "@/lib/db/test-databases";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile } from "@/lib/formats/types";
import { TWO_MB, hostileCorpus, type HostileFile } from "./__fixtures__/hostile-corpus";
import { ingestFiles } from "./ingest-files";

// The hostile corpus (lib/ingest/__fixtures__/hostile-corpus.ts) mixed with good files, through ingestFiles on
// every database provider, through the POST /api/runs handler and through the CLI.

const corpus = hostileCorpus("unit", "batch/hostile/");
const good = loadFixture("scoring-article", "batch/scoring-article/");
const stored = corpus.filter((f) => f.expect === "stored");
const refused = corpus.filter((f): f is HostileFile & { expect: RegExp } => f.expect !== "stored");
const paths = (list: { path: string }[]) => list.map((f) => f.path).sort();

/** Every refused file of the corpus is named with its expected reason. */
function expectEveryRefusal(rejected: { path: string; error: string }[]) {
  for (const file of refused) {
    const entry = rejected.find((r) => r.path === file.path);
    expect(entry, `${file.what} (${file.path}) is rejected`).toBeDefined();
    expect(entry!.error, `${file.what} (${file.path})`).toMatch(file.expect);
  }
  expect(paths(rejected)).toEqual(paths(refused));
}

forEachDatabase("hostile corpus", (t) => {
  beforeEach(() => t.reset());

  it("stores every good file, refuses every hostile one with its reason, keeps refused bytes, loses nothing", async () => {
    const result = await ingestFiles(t.store, [...good, ...corpus], { rootName: "batch" });
    expect(result.accepted).toEqual(paths([...good, ...stored]));
    expectEveryRefusal(result.rejected);
    expect(result.duplicates).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.runs).toEqual([expect.objectContaining({ rollouts: good.length + stored.length })]);

    // Refused bytes are kept, byte for byte, with their reason.
    const rows = await t.db.rejectedFile.findMany({ include: { file: true } });
    expect(paths(rows)).toEqual(paths(refused));
    for (const file of refused) {
      const row = rows.find((r) => r.path === file.path)!;
      expect(row.sha256).toBe(sha256Hex(file.bytes));
      expect(Buffer.from(row.file.bytes).equals(Buffer.from(file.bytes))).toBe(true);
      expect(row.error).toMatch(file.expect);
    }

    const rollouts = await t.db.rollout.findMany({ include: { checks: true } });
    const bySource = new Map(rollouts.map((r) => [r.sourcePath, r]));
    // 2 MB strings are stored intact, in agentOutput and in a check label.
    expect(bySource.get("batch/hostile/big-output.result.json")!.agentOutput).toHaveLength("unit ".length + TWO_MB);
    const label = bySource.get("batch/hostile/big-label.result.json")!.checks[0]!.label;
    expect(label).toHaveLength(TWO_MB);
    expect(label.endsWith("<b>end</b>")).toBe(true);
    // NUL becomes U+FFFD in the parsed rows (PostgreSQL cannot store it) with a warning; the raw file keeps it.
    const nul = bySource.get("batch/hostile/nul-bytes.result.json")!;
    expect(nul.agentOutput).toBe("before\uFFFDafter unit");
    expect(JSON.stringify(nul.warnings)).toContain("NUL characters");
    const nulRaw = await t.db.rawFile.findUnique({ where: { sha256: nul.sourceSha256 } });
    expect(Buffer.from(nulRaw!.bytes).toString("utf8")).toContain("before\\u0000after");
    // The BOM and UTF-16 files read as their text.
    expect(bySource.get("batch/hostile/bom.result.json")!.agentOutput).toBe("hostile corpus unit bom");
    expect(bySource.get("batch/hostile/utf16.result.json")!.agentOutput).toBe("hostile corpus unit utf16");
    // Markup is stored as the text it is.
    const markup = bySource.get("batch/hostile/markup-in-text.json")!;
    expect(markup.agentOutput).toBe("<script>alert('agentOutput')</script>");
    expect(bySource.get("batch/hostile/no-required-checks.json")!.status).not.toBe("scored");

    // Every input file is accounted for: stored or rejected (the raw bytes of both are in the database).
    const rawShas = new Set((await t.db.rawFile.findMany({ select: { sha256: true } })).map((f) => f.sha256));
    for (const file of [...good, ...corpus]) expect(rawShas.has(sha256Hex(file.bytes)), file.path).toBe(true);

    // Again: idempotent, nothing new stored, the same refusals.
    const again = await ingestFiles(t.store, [...good, ...corpus], { rootName: "batch" });
    expect(again.accepted).toEqual([]);
    expect(again.duplicates).toEqual(paths([...good, ...stored]));
    expectEveryRefusal(again.rejected);
  });
});

describe("POST /api/runs with the hostile corpus", () => {
  useApiDatabase("hostile-api");
  const upload = (files: InputFile[]) => postRuns(uploadRequest(files));

  it("answers 201 for the corpus mixed with good files, naming every refusal", async () => {
    const res = await upload([...good, ...corpus]);
    expect(res.status).toBe(201);
    const body = await res.json();
    // rootUpload strips the common folder `batch/`.
    const strip = (list: { path: string }[]) => list.map((f) => ({ ...f, path: f.path.replace(/^batch\//, "") }));
    expect(body.accepted).toEqual(paths(strip([...good, ...stored])));
    const rejected: { path: string; error: string }[] = body.rejected;
    for (const file of strip(refused) as typeof refused) {
      expect(rejected.find((r) => r.path === file.path)?.error, file.what).toMatch(file.expect);
    }
    expect(rejected).toHaveLength(refused.length);
  });

  it("answers 422 when every file is refused, and 413 over the upload size limit", async () => {
    const res = await upload(refused);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.details.rejected).toHaveLength(refused.length);
    process.env.TALLY_MAX_UPLOAD_BYTES = String(1024 * 1024);
    const big = await upload(corpus.filter((f) => f.path.endsWith("big-output.result.json")));
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toContain(`${1024 * 1024} bytes`);
  });
});

describe("tally ingest (CLI) with the hostile corpus", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-hostile-cli-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("stores the good files, exits 1 and lists every rejection", async () => {
    const root = path.join(dir, "batch");
    for (const file of [...good, ...corpus]) {
      const target = path.join(dir, file.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.bytes);
    }
    const bin = path.resolve(__dirname, "../cli/bin.mjs");
    const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, "cli.db")}` };
    const run = promisify(execFile)(process.execPath, [bin, "ingest", root, "--json"], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const outcome = await run.then(
      () => ({ code: 0, stdout: "" }),
      (e: { code: number; stdout: string }) => e,
    );
    expect(outcome.code).toBe(1);
    const body = JSON.parse(outcome.stdout) as { accepted: string[]; rejected: { path: string; error: string }[] };
    const rel = (list: { path: string }[]) => list.map((f) => ({ ...f, path: f.path.replace(/^batch\//, "") }));
    expect(body.accepted).toEqual(paths(rel([...good, ...stored])));
    for (const file of rel(refused) as typeof refused) {
      expect(body.rejected.find((r) => r.path === file.path)?.error, file.what).toMatch(file.expect);
    }
    expect(body.rejected).toHaveLength(refused.length);
  }, 60_000);
});
