import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { rolloutHref } from "../lib/views/hrefs";
import { expect, snap, test } from "./fixtures";

// Every real public result file (lib/formats/__fixtures__/*real*) ingests through the API, and its pages show
// its reward or checks, its agent and model, and why an unscored trial is unscored.
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "lib", "formats", "__fixtures__");

function filesUnder(root: string, prefix: string): { name: string; buffer: Buffer }[] {
  const out: { name: string; buffer: Buffer }[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const childRel = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), childRel);
      else out.push({ name: `${prefix}${childRel}`, buffer: fs.readFileSync(path.join(dir, entry.name)) });
    }
  };
  walk(root, "");
  return out;
}

async function upload(request: APIRequestContext, files: { name: string; buffer: Buffer }[], run: string) {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([new Uint8Array(f.buffer)]), f.name);
  form.append("run", run);
  const response = await request.post("/api/runs", { multipart: form });
  expect([200, 201]).toContain(response.status());
  const body = await response.json();
  expect(body.rejected).toEqual([]);
  return body as { runs: { id: string; name: string; rollouts: number }[] };
}

const CASES = [
  { folder: "silo", dir: "real/silo", agentOrModel: null, expectText: "The lead is marked converted" },
  {
    folder: "benchflow-real",
    dir: "benchflow-real",
    agentOrModel: "claude-sonnet-4-6",
    expectText: "hello-world-task",
    noChecks: true,
    noGroups: true,
  },
  {
    folder: "harbor-real",
    dir: "harbor-real",
    agentOrModel: "MiniMax-M2.1",
    expectText: "RewardFileNotFoundError",
    noGroups: true,
    longCheckKeys: true,
  },
  { folder: "inspect-real", dir: "inspect-real", agentOrModel: "ollama/llama3.1", expectText: "match" },
  { folder: "tau-bench-real", dir: "tau-bench-real", agentOrModel: "gpt-4o", expectText: "airline/0" },
];

for (const c of CASES) {
  test(`real ${c.folder} files ingest and their pages show reward or checks, agent and model`, async ({
    page,
    request,
  }) => {
    // The Harbor job has 19 rollouts, each page visited.
    if (c.folder === "harbor-real") test.slow();
    const stamp = `${c.folder}-${Date.now()}`;
    const { runs } = await upload(request, filesUnder(path.join(FIXTURES, c.dir), c.folder), stamp);
    expect(runs.length).toBeGreaterThan(0);
    const run = runs[0]!;
    await page.goto(`/runs/${run.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (c.agentOrModel) await expect(page.getByText(c.agentOrModel).first()).toBeVisible();
    // A run without checks says why nothing can be flipped, rather than that no verdict matters.
    if ("noChecks" in c) await expect(page.getByTestId("no-levers")).toContainText("records no checks");
    // No task of these runs has a group: no column of dashes.
    if ("noGroups" in c) {
      await expect(page.getByTestId("tasks-table").getByRole("row").first()).toBeVisible();
      await expect(page.getByTestId("tasks-table").getByRole("columnheader", { name: /Group/ })).toHaveCount(0);
    }
    // Each rollout page opens and shows its verdict; the text we expect appears on one of them.
    const report = await (await request.get(`/api/runs/${run.id}/report`)).json();
    let seen = false;
    for (const r of report.rollouts as { id: string; status: string }[]) {
      await page.goto(rolloutHref(run.id, r.id));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (r.status === "unscored") await expect(page.getByText(/unscored/i).first()).toBeVisible();
      if ((await page.getByText(c.expectText).count()) > 0) seen = true;
    }
    expect(seen).toBe(true);
    await snap(page, `real-${c.folder}`);

    // Its what-if rules, opened from a link on a phone, list check keys such as
    // test_outputs.py::TestOutputs::test_values_correct without pushing the page sideways.
    if ("longCheckKeys" in c) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/runs/${run.id}?whatif=rules`);
      await expect(page.getByRole("tab", { name: "Rules" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toContainText("test_outputs.py::TestOutputs::test_values_correct");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
}
