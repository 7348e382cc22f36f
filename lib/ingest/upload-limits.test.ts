import { zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { uploadRequest, useApiDatabase } from "@/app/api/route-test-kit";
import { GET as getRuns, POST as postRuns } from "@/app/api/runs/route";
import { ExpansionBudget, surveyZip, type ZipSurvey } from "@/lib/archive/unzip";
import { forEachDatabase } from "@/lib/db/test-databases";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import type { InputFile } from "@/lib/formats/types";
import { zipBomb } from "./__fixtures__/hostile-corpus";
import { ingestFiles } from "./ingest-files";
import { IngestLimitError } from "./limits";

// Zip amplification (issue 25): the expansion limit is one for all the archives of an upload, an upload stores
// at most TALLY_MAX_STORED_BYTES (refused files included), and both are checked from the zip directories before
// anything is inflated or written. The zips are of deflated zeros: 464 MiB expanded in about 480 KB.

const MiB = 1024 * 1024;
const amplifier = (name: string, megabytes = 464): InputFile => ({ path: name, bytes: zipBomb(megabytes) });
const good = loadFixture("scoring-article", "batch/");
const LIMIT_VARS = ["TALLY_MAX_EXPANDED_BYTES", "TALLY_MAX_STORED_BYTES", "TALLY_ARCHIVE_ENTRY_BYTES"] as const;
const clearLimits = () => LIMIT_VARS.forEach((name) => delete process.env[name]);

describe("POST /api/runs: amplification zips", () => {
  useApiDatabase("upload-limits");
  beforeEach(clearLimits);
  afterEach(clearLimits);

  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string; message: string; details: unknown } }).error;

  it("answers 413 for one small zip that would store 464 MiB, naming the stored-bytes limit; stores nothing", async () => {
    const zip = amplifier("amp.zip");
    expect(zip.bytes.byteLength).toBeLessThan(600_000);
    const res = await postRuns(uploadRequest([...good, zip]));
    expect(res.status).toBe(413);
    const error = await errorOf(res);
    expect(error.code).toBe("too_large");
    expect(error.message).toContain("268435456 bytes (256 MiB)");
    expect(error.message).toContain("TALLY_MAX_STORED_BYTES");
    expect(error.details).toEqual({ limit: 256 * MiB, setting: "TALLY_MAX_STORED_BYTES" });
    const runs = (await (await getRuns(new Request("http://tally.test/api/runs"))).json()) as { runs: unknown[] };
    expect(runs.runs).toEqual([]);
  });

  it("answers 413 for three of them in one request, naming the expansion limit of all archives together", async () => {
    const res = await postRuns(uploadRequest([amplifier("a.zip"), amplifier("b.zip"), amplifier("c.zip")]));
    expect(res.status).toBe(413);
    const error = await errorOf(res);
    expect(error.message).toMatch(/archives expand to \d+ bytes \(1\.4 GiB\), more than the limit of 536870912 bytes/);
    expect(error.details).toEqual({ limit: 512 * MiB, setting: "TALLY_MAX_EXPANDED_BYTES" });
  });

  it("adds up archives that each fit: three 2 MiB zips under a 5 MiB limit are refused together", async () => {
    process.env.TALLY_MAX_EXPANDED_BYTES = String(5 * MiB);
    const two = () => amplifier("x.zip", 2);
    expect(
      (
        await postRuns(
          uploadRequest([
            { ...two(), path: "a.zip" },
            { ...two(), path: "b.zip" },
          ]),
        )
      ).status,
    ).toBe(
      422, // two fit (their zero-filled entries are refused as files, so nothing is stored: 422)
    );
    const three = await postRuns(uploadRequest(["a.zip", "b.zip", "c.zip"].map((path) => ({ ...two(), path }))));
    expect(three.status).toBe(413);
    expect((await errorOf(three)).message).toContain("5242880 bytes (5 MiB) (TALLY_MAX_EXPANDED_BYTES");
  });

  it("counts each archive entry's overhead: two zips of 3,000 empty entries pass 5 MiB at 1 KiB each", async () => {
    process.env.TALLY_MAX_EXPANDED_BYTES = String(5 * MiB);
    const entries = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`e/${i}.txt`, new Uint8Array(0)]));
    const bytes = zipSync(entries);
    const zips = () => uploadRequest(["a.zip", "b.zip"].map((path) => ({ path, bytes })));
    const res = await postRuns(zips());
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toContain("6144000 bytes (5.9 MiB)");
    process.env.TALLY_ARCHIVE_ENTRY_BYTES = "0";
    // Without the overhead the same upload fits; its empty entries are refused as files.
    expect((await postRuns(zips())).status).toBe(422);
  });

  it("counts a body sent without a length as it streams: an endless one is answered 413 past the limit", async () => {
    process.env.TALLY_MAX_UPLOAD_BYTES = String(MiB);
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="files"; filename="endless.json"\r\n\r\n',
    );
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(head),
      pull: (controller) => {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const res = await postRuns(
      new Request("http://tally.test/api/runs", {
        method: "POST",
        body: endless,
        headers: { "content-type": "multipart/form-data; boundary=b" },
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({
      code: "too_large",
      message: `Upload exceeds the limit of ${MiB} bytes (TALLY_MAX_UPLOAD_BYTES).`,
      details: { limit: MiB, setting: "TALLY_MAX_UPLOAD_BYTES" },
    });
    expect(sent).toBeLessThan(4 * MiB);
  });

  it("refuses a file name longer than 1,024 characters or holding a control character (422), and run, agent and model over 200", async () => {
    const long = await postRuns(uploadRequest([{ path: `${"d/".repeat(600)}r.json`, content: "{}" }]));
    expect(long.status).toBe(422);
    expect((await errorOf(long)).message).toMatch(/^A file's name is longer than 1024 characters: "d\/d\//);
    const control = await postRuns(uploadRequest([{ path: "a\u0001b.json", content: "{}" }]));
    expect(control.status).toBe(422);
    expect((await errorOf(control)).message).toBe('A file\'s name holds a control character: "a\\u0001b.json".');
    for (const field of ["run", "agent", "model"]) {
      const res = await postRuns(uploadRequest(good, { [field]: "x".repeat(201) }));
      expect(res.status, field).toBe(422);
    }
  });
});

forEachDatabase("upload limits", (t) => {
  beforeEach(() => t.reset());
  afterEach(clearLimits);

  it("writes nothing when an upload passes a limit: no run, no raw file, no refused file", async () => {
    const refused = ingestFiles(t.store, [...good, amplifier("amp.zip")], {
      rootName: "batch",
      upload: { maxStoredBytes: 256 * MiB },
    });
    await expect(refused).rejects.toBeInstanceOf(IngestLimitError);
    expect(await t.db.run.count()).toBe(0);
    expect(await t.db.rawFile.count()).toBe(0);
    expect(await t.db.rejectedFile.count()).toBe(0);
  });

  it("refuses an upload whose .eval inside a zip passes what the batch has left, before any write", async () => {
    const log = loadFixture("inspect-real").find((f) => f.path.endsWith(".eval"))!;
    const zip = { path: "logs.zip", bytes: zipSync({ "log.eval": log.bytes }) };
    // Each fits alone; the log, expanded while parsing after the zip, does not fit what the zip left.
    const limits = { maxExpandedBytes: MiB, entryOverheadBytes: 1024, maxDepth: 32 };
    const cost = (file: InputFile) => (surveyZip(file, limits) as ZipSurvey).cost;
    const archives = new ExpansionBudget({ ...limits, maxExpandedBytes: cost(zip) + cost(log) - 1 });
    const refused = ingestFiles(t.store, [...good, zip], {
      rootName: "batch",
      archives,
      upload: { maxStoredBytes: MiB },
    });
    await expect(refused).rejects.toThrow(/archives expand to more than the limit of \d+ bytes/);
    expect(await t.db.run.count()).toBe(0);
    expect(await t.db.rawFile.count()).toBe(0);
  });

  it("without the upload option (the CLI), refuses the archive past the limit and stores the rest", async () => {
    process.env.TALLY_MAX_EXPANDED_BYTES = String(5 * MiB);
    const zips = ["a.zip", "b.zip", "c.zip"].map((path) => amplifier(path, 2));
    const result = await ingestFiles(t.store, [...good, ...zips], { rootName: "batch" });
    expect(result.accepted).toHaveLength(good.length);
    const archive = result.rejected.find((r) => r.path === "c.zip");
    expect(archive?.error).toMatch(
      /^archive expands to 2\d+ bytes \(2\.\d MiB\), more than the \d+ bytes .* left of its limit of 5242880 bytes \(5 MiB\) \(TALLY_MAX_EXPANDED_BYTES\)$/,
    );
  });
});
