import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { decodeBinaryRun } from "@/lib/scoring/wire/binary-run";
import { getStore } from "@/lib/store/open-store";
import { DELETE as deleteRun, PATCH as patchRun } from "./runs/[id]/route";
import { GET as getBinary } from "./runs/[id]/run.bin/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

// GET /api/runs/:id/run.bin: the run as binary columns, revalidated on the run's version.
useApiDatabase("run-binary");

const files = loadFixture("silo-runs", "silo-runs/");

async function upload(part: typeof files): Promise<string> {
  const res = await postRuns(uploadRequest(part, { run: "binary" }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

const get = (id: string, headers: Record<string, string> = {}) =>
  getBinary(new Request(`http://tally.test/api/runs/${id}/run.bin`, { headers }), params({ id }));

describe("GET /api/runs/:id/run.bin", () => {
  it("answers the stored run, then 304 while it is unchanged and new bytes once rollouts are added or it is renamed", async () => {
    const id = await upload(files.slice(0, 6));
    const first = await get(id);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/vnd.tally.run+binary");
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const run = decodeBinaryRun(new Uint8Array(await first.arrayBuffer()));
    expect(run).toStrictEqual(await getStore().loadScoringRun(id));

    const again = await get(id, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await get(id, { "if-none-match": `"other", W/${etag}` })).status).toBe(304);

    expect(await upload(files)).toBe(id);
    const grown = await get(id, { "if-none-match": etag! });
    expect(grown.status).toBe(200);
    const more = decodeBinaryRun(new Uint8Array(await grown.arrayBuffer()));
    expect(more.rollouts.length).toBeGreaterThan(run.rollouts.length);
    const grownTag = grown.headers.get("etag")!;
    expect(grownTag).not.toBe(etag);

    const rename = new Request(`http://tally.test/api/runs/${id}`, {
      method: "PATCH",
      body: JSON.stringify({ name: "renamed" }),
      headers: { "content-type": "application/json" },
    });
    expect((await patchRun(rename, params({ id }))).status).toBe(200);
    const renamed = await get(id, { "if-none-match": grownTag });
    expect(renamed.status).toBe(200);
    expect(decodeBinaryRun(new Uint8Array(await renamed.arrayBuffer())).name).toBe("renamed");

    expect(
      (await deleteRun(new Request(`http://tally.test/api/runs/${id}`, { method: "DELETE" }), params({ id }))).status,
    ).toBe(204);
    expect((await get(id, { "if-none-match": renamed.headers.get("etag")! })).status).toBe(404);
  });

  it("is read-gated like the other run routes", async () => {
    const id = await upload(files);
    process.env.TALLY_READ_TOKEN = "read-secret";
    const refused = await get(id);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe("unauthorized");
    expect((await get(id, { authorization: "Bearer read-secret" })).status).toBe(200);
  });

  it("answers 404 for an unknown run", async () => {
    const res = await get("no-such-run");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });
});
