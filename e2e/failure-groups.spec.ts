import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expectAccessible } from "./axe";
import { expect, snap, test } from "./fixtures";

// A real Harbor job (the trimmed job file listing 19 trials, two trial folders beside it): its failed and
// unscored trials grouped on the run page, and a group followed to the rollouts list it filters.

const JOB = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "lib",
  "formats",
  "__fixtures__",
  "harbor-real",
);
const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

function jobFiles(dir: string): { name: string; bytes: Buffer }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .map((file) => ({
      name: `job/${path.relative(dir, file).split(path.sep).join("/")}`,
      bytes: fs.readFileSync(file),
    }));
}

let runId = "";

test.beforeAll(async ({ request }) => {
  const form = new FormData();
  form.set("run", `failure-groups-${suffix}`);
  for (const f of jobFiles(JOB)) form.append("files", new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await request.post("/api/runs", { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  runId = ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
});

test("the report JSON carries the groups; by error type they match the job's exception counts", async ({ request }) => {
  const report = (await (await request.get(`/api/runs/${runId}/report`)).json()) as {
    failureGroups: { errorType: string | null; count: number }[];
  };
  const byType: Record<string, number> = {};
  for (const g of report.failureGroups) byType[g.errorType ?? "none"] = (byType[g.errorType ?? "none"] ?? 0) + g.count;
  expect(byType).toEqual({ none: 9, RuntimeError: 2, RewardFileNotFoundError: 2, AgentTimeoutError: 1, ValueError: 1 });
});

test("a failure group on the run page lists its rollouts, and only them", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/runs/${runId}`);
  const section = page.getByTestId("failure-groups");
  await expect(section).toContainText("15 failed or unscored rollouts in 6 groups");
  const rows = section.getByTestId("failure-group");
  await expect(rows.first()).toContainText("no error, check or tag recorded");
  await expect(rows.first()).toContainText("47.4%");
  const runtime = rows.filter({ hasText: "RuntimeError" });
  await expect(runtime).toHaveCount(1);
  await section.getByTestId("failure-sort-errorType").click();
  await expect(section.getByTestId("failure-sort-errorType")).toHaveAttribute("aria-pressed", "true");
  await expect(rows.first()).toContainText("AgentTimeoutError");
  await section.scrollIntoViewIfNeeded();
  await snap(page, "failure-groups-1440");
  await expectAccessible(page, "run page failure groups", testInfo, '[data-testid="failure-groups"]');

  await runtime.getByRole("link", { name: "list the 2 rollouts of this group" }).click();
  await expect(page).toHaveURL(/\/rollouts\?failure=[0-9a-f]{8}$/);
  await expect(page.getByTestId("rollouts-count")).toHaveText("2 of 19 rollouts");
  await expect(page.getByTestId("rollout-failure-filter")).toContainText("Failure group: RuntimeError");
  const ids = await page.getByTestId("rollouts-table").locator("tbody tr").allInnerTexts();
  expect(ids.join("\n")).toContain("dapt-intrusion-detection__V9bPmpB");
  expect(ids.join("\n")).toContain("scheduling-email-assistant__AHoaaAk");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/runs/${runId}`);
  const phone = page.getByTestId("failure-groups");
  await phone.scrollIntoViewIfNeeded();
  // On a phone each group is a card: the table fits its section, no column cut to a few characters.
  const fits = await phone.evaluate((el) => {
    const table = el.querySelector("table");
    return table !== null && table.scrollWidth <= el.clientWidth;
  });
  expect(fits).toBe(true);
  await snap(page, "failure-groups-390");
  await expectAccessible(page, "run page failure groups at 390 px", testInfo, '[data-testid="failure-groups"]');
});

test("compare shows how a group moved between two runs", async ({ page, request }) => {
  // The same job without its trial folders: the trial that named its missing reward file now says only its type.
  const form = new FormData();
  form.set("run", `failure-groups-job-only-${suffix}`);
  for (const f of jobFiles(JOB).filter((f) => f.name === "job/job-result.trimmed.json"))
    form.append("files", new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await request.post("/api/runs", { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  const jobOnly = ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;

  await page.goto(`/compare?runs=${runId},${jobOnly}&a=${runId}`);
  const section = page.getByTestId("failure-groups-compare");
  const rows = section.getByTestId("failure-group-change");
  await expect(rows.filter({ hasText: /^RewardFileNotFoundError\d/ })).toContainText("grew from 1 to 2");
  await expect(rows.filter({ hasText: "No reward file found at <path> or <path>" })).toContainText("gone (was 1)");
  await expect(rows.filter({ hasText: "RuntimeError" })).toContainText("unchanged at 2");
  await section.scrollIntoViewIfNeeded();
  await snap(page, "failure-groups-compare-1440");
});
