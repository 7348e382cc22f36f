import { describe, expect, it } from "vitest";
import { DELETE as deleteOne, GET as getOne, PUT as putOne } from "./scenarios/[name]/route";
import { GET as listAll, POST as postOne } from "./scenarios/route";
import { params, useApiDatabase } from "./route-test-kit";

useApiDatabase("scenarios");

const BASE = "http://tally.test/api/scenarios";
const json = { "content-type": "application/json" };

const post = (body: unknown, headers: Record<string, string> = {}) =>
  postOne(
    new Request(BASE, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { ...json, ...headers },
    }),
  );
const put = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  putOne(
    new Request(`${BASE}/${encodeURIComponent(name)}`, {
      method: "PUT",
      body: JSON.stringify(body),
      headers: { ...json, ...headers },
    }),
    params({ name }),
  );
const get = (name: string) => getOne(new Request(`${BASE}/${encodeURIComponent(name)}`), params({ name }));
const remove = (name: string, headers: Record<string, string> = {}) =>
  deleteOne(new Request(`${BASE}/${encodeURIComponent(name)}`, { method: "DELETE", headers }), params({ name }));
const names = async () =>
  ((await (await listAll(new Request(BASE))).json()).scenarios as { name: string }[]).map((s) => s.name);

const WEIGHTS = { headline: { scheme: "check" }, weights: { "owner-lookup": 2 } };

describe("/api/scenarios", () => {
  it("saves a scenario (201), lists it, reads it by name, and refuses a taken name (409)", async () => {
    const res = await post({ name: " prod weights ", description: "agreed", scenario: WEIGHTS });
    expect(res.status).toBe(201);
    const { scenario } = await res.json();
    expect(scenario).toMatchObject({ name: "prod weights", description: "agreed", scenario: WEIGHTS, declared: false });
    expect(await names()).toContain("prod weights");
    expect(await (await get("prod weights")).json()).toEqual({ scenario });
    const taken = await post({ name: "prod weights", scenario: {} });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toEqual({
      code: "conflict",
      message: 'A scenario named "prod weights" already exists.',
    });
  });

  it("answers 422 with the field paths of an invalid scenario, 400 for a body that is not JSON", async () => {
    const res = await post({
      name: "bad",
      scenario: { flips: [{ task: "t", check: "c", passed: "yes" }], weight: {} },
    });
    expect(res.status).toBe(422);
    const paths = ((await res.json()).error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["scenario.flips.0.passed", "scenario"]));
    expect((await post({ name: "", scenario: {} })).status).toBe(422);
    expect((await post({ scenario: {} })).status).toBe(422);
    const malformed = await post("{name:");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe("malformed");
    expect(await names()).not.toContain("bad");
  });

  it("renames, changes and declares one scenario at a time, and deletes", async () => {
    await post({ name: "one", scenario: { unscored: "fail" } });
    await post({ name: "two", scenario: {} });
    expect((await put("one", { declared: true })).status).toBe(200);
    const renamed = await put("two", { name: "team", declared: true, scenario: WEIGHTS, description: "d" });
    expect(await renamed.json()).toMatchObject({
      scenario: { name: "team", declared: true, scenario: WEIGHTS, description: "d" },
    });
    expect((await (await get("one")).json()).scenario.declared).toBe(false);
    expect((await put("one", { name: "team" })).status).toBe(409);
    expect((await put("missing", { declared: true })).status).toBe(404);
    expect((await put("one", {})).status).toBe(422);
    expect((await put("one", { scenario: { unscored: "maybe" } })).status).toBe(422);
    expect((await remove("team")).status).toBe(204);
    const gone = await get("team");
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: "not_found", message: 'No scenario named "team".' } });
    expect((await remove("team")).status).toBe(404);
  });

  it("needs the ingest token for every write when one is set, never for reads", async () => {
    process.env.TALLY_INGEST_TOKEN = "s3cret";
    const denied = await post({ name: "guarded", scenario: {} });
    expect(denied.status).toBe(401);
    expect((await denied.json()).error.code).toBe("unauthorized");
    expect((await post({ name: "guarded", scenario: {} }, { authorization: "Bearer s3cret" })).status).toBe(201);
    expect((await put("guarded", { declared: true })).status).toBe(401);
    expect((await remove("guarded")).status).toBe(401);
    expect((await remove("guarded", { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await get("guarded")).status).toBe(200);
    expect((await remove("guarded", { "x-tally-token": "s3cret" })).status).toBe(204);
  });

  it("bounds a saved scenario: a 6.6 MB body is 413 unread, 64 KiB of JSON and 5,000 entries per list are the most", async () => {
    const weights = (n: number, pad = 0) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`task-${String(i).padStart(pad, "0")}`, 1]));
    const huge = await post({ name: "huge", scenario: { weights: weights(300_000) } });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toEqual({
      code: "too_large",
      message: "The body is larger than the 131072 bytes this endpoint reads.",
      details: { limit: 131072 },
    });

    const big = await post({ name: "big", scenario: { weights: weights(2_000, 30) } });
    expect(big.status).toBe(422);
    expect((await big.json()).error.details).toEqual([
      {
        path: "scenario",
        message: expect.stringMatching(/^a saved scenario is at most 65536 bytes of JSON \(this one: 8\d{4}\)$/),
      },
    ]);
    const many = await post({
      name: "many",
      scenario: { flips: Array.from({ length: 5_001 }, () => ({ task: "t", check: "c", passed: true })) },
    });
    expect(many.status).toBe(413); // 5,001 flips are 195 KB of JSON
    const short = Object.fromEntries(Array.from({ length: 5_001 }, (_, i) => [String(i), 1])); // 40 KB
    const keys = await post({ name: "keys", scenario: { weights: short } });
    expect(keys.status).toBe(422);
    expect((await keys.json()).error.details).toEqual([
      { path: "scenario.weights", message: "a saved scenario has at most 5000 weights entries (this one: 5001)" },
    ]);
    expect((await post({ name: "fits", scenario: { weights: weights(2_000) } })).status).toBe(201);
    expect(await names()).not.toContain("big");
    // A change through PUT is held to the same limits.
    const put422 = await put("fits", { scenario: { weights: weights(2_000, 30) } });
    expect(put422.status).toBe(422);
  });
});
