import { describe, expect, it } from "vitest";
import { loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { ZLiveRuns } from "@/lib/api/schemas/live";
import { getStore } from "@/lib/store/open-store";
import { GET as getLive } from "./live/route";
import { GET as getRun } from "./runs/[id]/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("live");

const live = async () => ZLiveRuns.parse(await (await getLive(new Request("http://tally.test/api/live"))).json());

describe("GET /api/live", () => {
  it("lists the runs whose heartbeat is fresh, with their rollout counts, and none once it is cleared or stale", async () => {
    const res = await postRuns(uploadRequest(loadFixture("scoring-article", "s/"), { run: "watched", tags: "x" }));
    expect(res.status).toBe(201);
    const id = (await res.json()).runs[0].id as string;
    expect(await live()).toEqual({ runs: [] });

    const until = new Date(Date.now() + 15_000);
    await getStore().setRunLive(id, until);
    expect(await live()).toEqual({ runs: [{ id, rollouts: 3, liveUntil: until.toISOString() }] });
    // The run's own answer carries the heartbeat beside its tags.
    const run = (await (await getRun(new Request(`http://tally.test/api/runs/${id}`), params({ id }))).json()).run;
    expect(run).toMatchObject({ tags: ["x"], liveUntil: until.toISOString() });

    await getStore().setRunLive(id, new Date(Date.now() - 1));
    expect(await live()).toEqual({ runs: [] });
    await getStore().setRunLive(id, null);
    expect(await live()).toEqual({ runs: [] });
  });
});
