import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { fixturePath, loadFixture } from "@/lib/formats/__fixtures__/load-fixture";
import { GET as getFile } from "./files/[sha256]/route";
import { GET as getImage } from "./runs/[id]/rollouts/[rollout]/image/route";
import { POST as postRuns } from "./runs/route";
import { params, uploadRequest, useApiDatabase } from "./route-test-kit";

useApiDatabase("rollout-image");

const TRIAL = "computer-use-oncall-debug__kFdZhTa";
const FOLDER = `traces/harbor/refreshdotdev/2026-02-09__00-15-22/${TRIAL}`;
const SCREENSHOT = "agent/images/step_2_computer_screenshot_2.png";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/**
 * The computer-use trial, uploaded as its folder (stored paths are relative to it), with two hostile files
 * beside its screenshot: an SVG and markup named .png.
 */
async function uploadTrial(): Promise<string> {
  const files = [
    ...loadFixture(FOLDER, `${TRIAL}/`).map((f) => ({ path: f.path, bytes: f.bytes })),
    { path: `${TRIAL}/agent/images/vector.svg`, content: SVG },
    { path: `${TRIAL}/agent/images/fake.png`, content: "<!doctype html><script>alert(1)</script>" },
  ];
  const response = await postRuns(uploadRequest(files, { run: "multimodal" }));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

const image = (id: string, path: string | null, rollout = TRIAL) =>
  getImage(
    new Request(
      `http://tally.test/api/runs/${id}/rollouts/x/image${path === null ? "" : `?path=${encodeURIComponent(path)}`}`,
    ),
    params({ id, rollout }),
  );

describe("GET /api/runs/:id/rollouts/:rollout/image", () => {
  let id = "";
  beforeAll(async () => {
    id = await uploadTrial();
  });

  it("serves the trial's screenshot inline as image/png with nosniff and a policy that loads nothing", async () => {
    const response = await image(id, SCREENSHOT);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="step_2_computer_screenshot_2.png"');
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    const expected = readFileSync(fixturePath(FOLDER, SCREENSHOT));
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
  });

  it("serves an SVG, markup named .png and a JSON file only as octet-stream downloads", async () => {
    for (const path of ["agent/images/vector.svg", "agent/images/fake.png", "result.json"]) {
      const response = await image(id, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toBe("application/octet-stream");
      expect(response.headers.get("content-disposition"), path).toMatch(/^attachment; /);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("answers 404 for a path the rollout does not hold (one the trace names included) or an unknown rollout, 400 without a path", async () => {
    const missing = await image(id, "agent/images/step_4_computer_screenshot_3.png");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect((await image(id, "../../etc/passwd")).status).toBe(404);
    expect((await image(id, SCREENSHOT, "nope")).status).toBe(404);
    expect((await image(id, null)).status).toBe(400);
  });

  it("leaves the files route a download with the same policy", async () => {
    const sha = (await import("@/lib/formats/hash")).sha256Hex(new TextEncoder().encode(SVG));
    const response = await getFile(
      new Request(`http://tally.test/api/files/${sha}?name=vector.svg`),
      params({ sha256: sha }),
    );
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
  });
});
