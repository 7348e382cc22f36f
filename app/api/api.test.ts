import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { fixtureFile, loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { GET as getCompare } from "./compare/route";
import { GET as getFile } from "./files/[sha256]/route";
import { GET as getReport } from "./runs/[id]/report/route";
import { GET as getRun } from "./runs/[id]/route";
import { GET as listRuns, POST as postRuns } from "./runs/route";
import { proxy } from "@/proxy";
import { createHash } from "node:crypto";
import { parseDatabaseUrl } from "@/lib/db/url";
import { createStore, getStore } from "@/lib/store/open-store";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("api");

function upload(
  files: { path: string; bytes: Uint8Array }[],
  headers: Record<string, string> = {},
  fields: Record<string, string> = {},
) {
  return postRuns(uploadRequest(files, fields, headers));
}

describe("POST /api/runs", () => {
  it("stores a folder upload (201), reports each file, and answers 200 with duplicates the second time", async () => {
    const files = loadFixture("scoring-article", "scoring-article/");
    const first = await upload(files);
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body.runs).toEqual([expect.objectContaining({ name: "scoring-article", rollouts: 3 })]);
    expect(body.accepted).toEqual(["checkout/result.json", "csv-conversion/result.json", "owner-lookup/result.json"]);
    const again = await upload(files);
    expect(again.status).toBe(200);
    expect((await again.json()).duplicates).toHaveLength(3);
  });

  it("stores the good files of a mixed batch and names the bad ones with their field", async () => {
    const res = await upload([
      ...loadFixture("silo-runs", "silo/"),
      fixtureFile("bad-inputs/reward-is-a-string.json", "silo/reward-is-a-string.json"),
    ]);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.runs[0].rollouts).toBe(8);
    expect(body.rejected).toEqual([{ path: "reward-is-a-string.json", error: expect.stringContaining("reward") }]);
  });

  it("answers 422 with every file's reason when nothing could be stored", async () => {
    const res = await upload([
      fixtureFile("bad-inputs/truncated.json"),
      fixtureFile("bad-inputs/check-without-label.json"),
    ]);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe("invalid");
    expect(body.error.details.rejected.map((r: { error: string }) => r.error).join(" ")).toContain("checks[0].label");
  });

  it("answers 400 for a body that is not multipart, 413 over the size limit", async () => {
    const bad = await postRuns(
      new Request("http://tally.test/api/runs", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("malformed");
    process.env.TALLY_MAX_UPLOAD_BYTES = "100";
    const big = await upload([{ path: "big.json", bytes: new Uint8Array(500) }]);
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toContain("100 bytes");
  });

  it("needs the ingest token when TALLY_INGEST_TOKEN is set, and never echoes it", async () => {
    process.env.TALLY_INGEST_TOKEN = "s3cret-token";
    const files = [fixtureFile("bad-inputs/markup-in-text.json")];
    const denied = await upload(files);
    expect(denied.status).toBe(401);
    expect(await denied.text()).not.toContain("s3cret-token");
    const wrong = await upload(files, { authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    const ok = await upload(files, { authorization: "Bearer s3cret-token" });
    expect(ok.status).toBe(201);
  });
});

describe("reads", () => {
  it("lists runs, gets one, its report (also under a scenario) and its raw files", async () => {
    const list = await (await listRuns(new Request("http://tally.test/api/runs"))).json();
    const run = list.runs.find((r: { name: string }) => r.name === "scoring-article");
    expect(run.summary.headline.value).toBeCloseTo(0.7222, 4);

    const meta = await (await getRun(new Request("http://tally.test"), params({ id: run.id }))).json();
    expect(meta.run).toMatchObject({ id: run.id, name: "scoring-article", format: "silo", baseline: false });

    const report = await (
      await getReport(new Request(`http://tally.test/api/runs/${run.id}/report`), params({ id: run.id }))
    ).json();
    expect(report.metrics.correctness.value).toBeCloseTo(0.7222, 4);
    const scenario = encodeURIComponent(
      JSON.stringify({ flips: [{ task: "incident/checkout", check: "C3", passed: true }] }),
    );
    const flipped = await (
      await getReport(
        new Request(`http://tally.test/api/runs/${run.id}/report?scenario=${scenario}`),
        params({ id: run.id }),
      )
    ).json();
    expect(flipped.metrics.correctness.value).toBeCloseTo(0.8333, 4);
    // Fragile verdicts, as recorded and under the scenario: owner-lookup's C1 moves the headline most.
    for (const r of [report, flipped])
      expect(r.levers[0]).toEqual({
        task: "lookup/owner-lookup",
        check: "C1",
        label: "C1 Names the owning team",
        passed: false,
        delta: expect.closeTo(-1 / 6, 12),
      });

    const file = fixtureFile("scoring-article/checkout/result.json");
    const sha = createHash("sha256").update(file.bytes).digest("hex");
    const raw = await getFile(
      new Request(`http://tally.test/api/files/${sha}?name=result.json`),
      params({ sha256: sha }),
    );
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await raw.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);
  });

  it("streams a file stored in parts whole, with its length, and 404s an unknown one", async () => {
    const bytes = Buffer.from(`{"text": "${"ü".repeat(700)}"}`);
    const sha = createHash("sha256").update(bytes).digest("hex");
    // A store writing parts of 100 bytes, on the database the routes read.
    const parted = createStore(parseDatabaseUrl(process.env.DATABASE_URL!), { rawPartBytes: 100 });
    try {
      await parted.storeRejectedFiles([{ file: { path: "long.json", bytes }, error: "kept in parts" }]);
      expect(await parted.getRawFilePieces(sha)).toEqual({ size: bytes.byteLength, pieces: 15 });
    } finally {
      await parted.close();
    }
    const raw = await getFile(
      new Request(`http://tally.test/api/files/${sha}?name=long.json`),
      params({ sha256: sha }),
    );
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(Buffer.from(await raw.arrayBuffer()).equals(bytes)).toBe(true);
    const unknown = "0".repeat(64);
    const missing = await getFile(new Request(`http://tally.test/api/files/${unknown}`), params({ sha256: unknown }));
    expect(missing.status).toBe(404);
  });

  it("answers 422 for an invalid scenario and 404 for an unknown run, in the one error shape", async () => {
    const list = await (await listRuns(new Request("http://tally.test/api/runs"))).json();
    const id = list.runs[0].id;
    const invalid = await getReport(
      new Request(`http://tally.test/api/runs/${id}/report?scenario=${encodeURIComponent('{"unscored":"maybe"}')}`),
      params({ id }),
    );
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error.details[0].path).toBe("scenario.unscored");
    const missing = await getRun(new Request("http://tally.test"), params({ id: "nope" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  });

  it("needs the read token when TALLY_READ_TOKEN is set", async () => {
    process.env.TALLY_READ_TOKEN = "reader";
    expect((await listRuns(new Request("http://tally.test/api/runs"))).status).toBe(401);
    expect(
      (await listRuns(new Request("http://tally.test/api/runs", { headers: { authorization: "Bearer reader" } })))
        .status,
    ).toBe(200);
  });

  it("compares two stored runs: ?runs=<a>,<b>, A the first unless `a` says otherwise", async () => {
    const list = await (await listRuns(new Request("http://tally.test/api/runs"))).json();
    const id = (name: string) => list.runs.find((r: { name: string }) => r.name === name).id;
    const [article, silo] = [id("scoring-article"), id("silo")];
    const res = await getCompare(new Request(`http://tally.test/api/compare?runs=${article},${silo}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      a: { id: article, name: "scoring-article" },
      b: { id: silo, name: "silo" },
      common: 0,
      onlyA: 3,
      onlyB: 4,
      regression: false,
      robustness: { summary: "No difference under any scheme: B and A have no common task to compare." },
    });
    const swapped = await (
      await getCompare(new Request(`http://tally.test/api/compare?runs=${article},${silo}&a=${silo}`))
    ).json();
    expect(swapped).toMatchObject({ a: { id: silo }, b: { id: article }, onlyA: 4, onlyB: 3 });

    // Under a scenario, each run's headline is its report's under the same scenario.
    const scenario = encodeURIComponent('{"headline":{"scheme":"check"},"unscored":"fail"}');
    const under = await (
      await getCompare(new Request(`http://tally.test/api/compare?runs=${article},${silo}&scenario=${scenario}`))
    ).json();
    const report = await (
      await getReport(
        new Request(`http://tally.test/api/runs/${article}/report?scenario=${scenario}`),
        params({ id: article }),
      )
    ).json();
    expect(under.a.headline).toEqual(report.headline);
    expect(under.scenario).toEqual({ headline: { scheme: "check" }, unscored: "fail" });

    const reward = await getCompare(new Request(`http://tally.test/api/compare?runs=${article},${silo}&metric=reward`));
    expect(((await reward.json()) as { taskMetric: string }).taskMetric).toBe("reward");
    const bogus = await getCompare(new Request(`http://tally.test/api/compare?runs=${article},${silo}&metric=bogus`));
    expect(bogus.status).toBe(422);
    expect(((await bogus.json()) as { error: { message: string } }).error.message).toContain('Unknown metric "bogus"');
  });

  it("redirects the two-run style ?a=&b= permanently (proxy.ts), for the API, its CSV and the page", async () => {
    const moved = async (url: string) => {
      const res = await proxy(new NextRequest(url));
      return { status: res.status, location: res.headers.get("location") };
    };
    expect(await moved("http://tally.test/api/compare?a=r1&b=r2&metric=correctness")).toEqual({
      status: 308,
      location: "http://tally.test/api/compare?runs=r1,r2&a=r1&metric=correctness",
    });
    expect(await moved("http://tally.test/api/compare/export.csv?a=r1&b=r2")).toEqual({
      status: 308,
      location: "http://tally.test/api/compare/export.csv?runs=r1,r2&a=r1",
    });
    expect(await moved("http://tally.test/compare?a=r1&b=r2&filter=changed")).toEqual({
      status: 308,
      location: "http://tally.test/compare?runs=r1,r2&a=r1&filter=changed",
    });
    expect((await moved("http://tally.test/compare?runs=r1,r2&a=r2")).status).toBe(200);
    expect((await moved("http://tally.test/api/runs?a=r1&b=r2")).status).toBe(200);
    // Behind the read gate, the gate answers first.
    process.env.TALLY_READ_TOKEN = "reader";
    expect((await moved("http://tally.test/api/compare?a=r1&b=r2")).status).toBe(401);
  });

  it("answers 400 for one run or three runs, 404 for an unknown one, in the one error shape", async () => {
    const list = await (await listRuns(new Request("http://tally.test/api/runs"))).json();
    const [p, q, r] = list.runs.map((run: { id: string }) => run.id);
    for (const query of ["", `runs=${p}`, `runs=${p},${q},${r}`]) {
      const res = await getCompare(new Request(`http://tally.test/api/compare?${query}`));
      expect(res.status, query).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "malformed", details: [{ path: "runs" }] });
    }
    // The same run twice is compared with itself: no difference, no regression.
    const self = await getCompare(new Request(`http://tally.test/api/compare?runs=${p},${p}`));
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({
      a: { id: p },
      b: { id: p },
      headline: { delta: 0 },
      flips: { passToFail: 0, failToPass: 0 },
      regression: false,
    });
    const missing = await getCompare(new Request(`http://tally.test/api/compare?runs=${p},nope`));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: 'No run with id "nope".' } });
  });
});

describe("runs by name, and rollouts shared between runs", () => {
  it("warns when an upload shares rollouts with a stored run; compares runs given by a unique name", async () => {
    const files = loadFixture("scoring-article", "scoring-article/");
    const copy = await upload(files, {}, { run: "article copy" });
    expect(copy.status).toBe(201);
    const body = (await copy.json()) as { runs: { id: string }[]; warnings: string[] };
    expect(body.warnings).toEqual([
      "Run “article copy” shares 3 of its 3 rollouts with run “scoring-article” (a duplicate of “scoring-article”; read from the same bytes).",
    ]);
    const copyId = body.runs[0]!.id;

    const byName = await getCompare(new Request("http://tally.test/api/compare?runs=article%20copy,silo"));
    expect(byName.status).toBe(200);
    expect(await byName.json()).toMatchObject({ a: { id: copyId, name: "article copy" }, b: { name: "silo" } });
    const aByName = await getCompare(new Request("http://tally.test/api/compare?runs=article%20copy,silo&a=silo"));
    expect(await aByName.json()).toMatchObject({ a: { name: "silo" }, b: { id: copyId } });

    await getStore().renameRun(copyId, "silo");
    const ambiguous = await getCompare(new Request("http://tally.test/api/compare?runs=silo,scoring-article"));
    expect(ambiguous.status).toBe(422);
    const message = ((await ambiguous.json()) as { error: { message: string } }).error.message;
    expect(message).toContain('2 runs are named "silo": give one of their ids');
    expect(message).toContain(copyId);
  });
});

describe("read token sessions", () => {
  it("accepts the session cookie that /sign-in sets, and refuses a forged one", async () => {
    process.env.TALLY_READ_TOKEN = "reader";
    const { sessionValue, SESSION_COOKIE } = await import("@/lib/api/read-gate");
    const good = await sessionValue("reader");
    const ok = await listRuns(
      new Request("http://tally.test/api/runs", { headers: { cookie: `other=1; ${SESSION_COOKIE}=${good}` } }),
    );
    expect(ok.status).toBe(200);
    const forged = await listRuns(
      new Request("http://tally.test/api/runs", { headers: { cookie: `${SESSION_COOKIE}=${"0".repeat(64)}` } }),
    );
    expect(forged.status).toBe(401);
  });
});
