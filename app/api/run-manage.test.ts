import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { DELETE as deleteRun, GET as getRun, PATCH as patchRun } from "./runs/[id]/route";
import { GET as getReport } from "./runs/[id]/report/route";
import { GET as listRuns, POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("run-manage");

const url = (id: string) => `http://tally.test/api/runs/${encodeURIComponent(id)}`;

function patch(id: string, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return patchRun(
    new Request(url(id), { method: "PATCH", body: text, headers: { "content-type": "application/json", ...headers } }),
    params({ id }),
  );
}

const remove = (id: string, headers: Record<string, string> = {}) =>
  deleteRun(new Request(url(id), { method: "DELETE", headers }), params({ id }));

async function uploadRun(name: string, fields: Record<string, string> = {}): Promise<string> {
  const res = await postRuns(uploadRequest(loadFixture("scoring-article", "s/"), { run: name, ...fields }));
  expect(res.status).toBe(201);
  return (await res.json()).runs[0].id;
}

describe("tags at upload", () => {
  it("sets the tags given as a comma list or as several fields, each once", async () => {
    const form = new FormData();
    for (const f of loadFixture("scoring-article", "s/"))
      form.append("files", new Blob([new Uint8Array(f.bytes)]), f.path);
    form.append("run", "tagged");
    form.append("tags", "nightly, agent-v2");
    form.append("tags", "nightly");
    const res = await postRuns(new Request("http://tally.test/api/runs", { method: "POST", body: form }));
    expect(res.status).toBe(201);
    const id = (await res.json()).runs[0].id;
    expect((await (await getRun(new Request(url(id)), params({ id }))).json()).run.tags).toEqual([
      "nightly",
      "agent-v2",
    ]);
    const bad = await postRuns(uploadRequest(loadFixture("scoring-article", "s/"), { tags: "x".repeat(61) }));
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.details[0].path).toBe("tags.0");
  });
});

describe("a series at upload", () => {
  it("puts the run in the series named, and refuses a name no series may have, naming the field", async () => {
    const id = await uploadRun("in-series", { series: " nightly " });
    expect((await (await getRun(new Request(url(id)), params({ id }))).json()).run.series).toBe("nightly");
    const bad = await postRuns(uploadRequest(loadFixture("scoring-article", "s/"), { series: "a/b" }));
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.details[0]).toMatchObject({
      path: "series",
      message: expect.stringContaining("slash"),
    });
    const long = await postRuns(uploadRequest(loadFixture("scoring-article", "s/"), { series: "x".repeat(81) }));
    expect(long.status).toBe(422);
  });
});

describe("PATCH /api/runs/:id", () => {
  it("renames a run and replaces its tags, and answers the run as GET does", async () => {
    const id = await uploadRun("to-rename");
    const res = await patch(id, { name: "  renamed ✓ ", tags: ["b", "a", "b"] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.run).toMatchObject({ id, name: "renamed ✓", tags: ["b", "a"] });
    expect(body).toEqual(await (await getRun(new Request(url(id)), params({ id }))).json());
    const report = await (await getReport(new Request(`${url(id)}/report`), params({ id }))).json();
    expect(report.run.name).toBe("renamed ✓");
    const tagsOnly = await (await patch(id, { tags: [] })).json();
    expect(tagsOnly.run).toMatchObject({ name: "renamed ✓", tags: [] });
  });

  it("answers 400 for a body that is not JSON, 422 for invalid changes, 404 for an unknown run", async () => {
    const id = await uploadRun("patch-errors");
    const malformed = await patch(id, "{name:");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe("malformed");
    for (const body of [{}, { name: "" }, { tags: ["a,b"] }, { tags: "a" }, { name: "x", extra: 1 }]) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).error.code).toBe("invalid");
    }
    const missing = await patch("nope", { name: "x" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: 'No run with id "nope".' } });
  });

  it("reads at most 16 KiB of changes (413 past it) and names of at most 200 characters (422)", async () => {
    const id = await uploadRun("patch-limits");
    const huge = await patch(id, { name: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toMatchObject({ code: "too_large", details: { limit: 16384 } });
    expect((await patch(id, { name: "x".repeat(201) })).status).toBe(422);
    expect((await patch(id, { name: "x".repeat(200) })).status).toBe(200);
  });
});

describe("DELETE /api/runs/:id", () => {
  it("deletes the run (204): it is gone from the list, GET and the report answer 404, a second delete too", async () => {
    const id = await uploadRun("to-delete");
    // Cached by a read first, so the delete must reach past the run cache.
    expect((await getReport(new Request(`${url(id)}/report`), params({ id }))).status).toBe(200);
    const res = await remove(id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const list = await (await listRuns(new Request("http://tally.test/api/runs"))).json();
    expect(list.runs.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await getRun(new Request(url(id)), params({ id }))).status).toBe(404);
    expect((await getReport(new Request(`${url(id)}/report`), params({ id }))).status).toBe(404);
    expect((await remove(id)).status).toBe(404);
  });
});

describe("writes need the ingest token when TALLY_INGEST_TOKEN is set", () => {
  it("refuses PATCH and DELETE without it or with another (401), never echoing it, and accepts it", async () => {
    const id = await uploadRun("guarded");
    process.env.TALLY_INGEST_TOKEN = "s3cret-token";
    for (const res of [
      await patch(id, { name: "x" }),
      await patch(id, { name: "x" }, { authorization: "Bearer nope" }),
      await remove(id),
      await remove(id, { authorization: "Bearer nope" }),
    ]) {
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text).error.code).toBe("unauthorized");
      expect(text).not.toContain("s3cret-token");
    }
    expect((await getRun(new Request(url(id)), params({ id }))).status).toBe(200);
    const ok = { authorization: "Bearer s3cret-token" };
    expect((await patch(id, { name: "guarded 2" }, ok)).status).toBe(200);
    expect((await remove(id, ok)).status).toBe(204);
  });
});
