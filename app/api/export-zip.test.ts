import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { compareRunFiles } from "@/e2e/compare-runs";
import { GET as exportZip } from "./runs/[id]/export.zip/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("export-zip");
let id = "";

beforeAll(async () => {
  const res = await postRuns(uploadRequest(compareRunFiles("a"), { run: "shared run" }));
  expect(res.status).toBe(201);
  id = (await res.json()).runs[0].id;
});

const get = (runId: string, headers: Record<string, string> = {}) =>
  exportZip(new Request(`http://tally.test/api/runs/${runId}/export.zip`, { headers }), params({ id: runId }));

describe("GET /api/runs/:id/export.zip", { timeout: 120_000 }, () => {
  it("answers the run's static site as one zip under a folder named after the run", async () => {
    const res = await get(id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="tally-shared-run.zip"');
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining(["tally-shared-run/index.html", "tally-shared-run/viewer.js"]),
    );
    expect(strFromU8(entries["tally-shared-run/data.js"]!)).toContain("shared run");
  });

  it("is read-gated like the other run routes, and 404 for an unknown run", async () => {
    process.env.TALLY_READ_TOKEN = "reader";
    expect((await get(id)).status).toBe(401);
    expect((await get(id, { authorization: "Bearer reader" })).status).toBe(200);
    expect((await get("no-such-run", { authorization: "Bearer reader" })).status).toBe(404);
  });
});
