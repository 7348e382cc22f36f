import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { deltaPp } from "../lib/display/format";
import { compareRunFiles, type Variant } from "./compare-runs";
import { syntheticSiloFiles } from "../lib/bench/synthetic";
import { expect, snap, test } from "./fixtures";

// Two runs built here (same tasks, 3 pass→fail and 5 fail→pass flips, one task only in each run), stored
// through the API, then chosen in the runs table and compared. The page must agree with GET /api/compare.

interface CompareBody {
  common: number;
  onlyA: number;
  onlyB: number;
  headline: { delta: number | null; ci95: [number, number] | null; tasks: number };
  flips: { passToFail: number; failToPass: number; pValue: number };
  tasks: { key: string; delta: number | null; flip: string | null }[];
  power: { mde: number | null; tasks: number | null; rolloutsPerTask: number | null; alpha: number; power: number };
  taskTests: { q: number; tested: number; regressed: number; improved: number; uncorrected: object };
}

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const NAME_A = `compare-e2e-v1-${suffix}`;
const NAME_B = `compare-e2e-v2-${suffix}`;

async function ingest(request: APIRequestContext, variant: Variant, name: string): Promise<string> {
  const multipart = new FormData();
  for (const f of compareRunFiles(variant))
    multipart.append("files", new Blob([f.content], { type: "application/json" }), f.path);
  multipart.append("run", name);
  multipart.append("agent", "support-agent");
  const res = await request.post("/api/runs", { multipart });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { runs: { id: string; name: string }[] };
  const run = body.runs.find((r) => r.name === name);
  expect(run).toBeTruthy();
  return run!.id;
}

const selectRun = (page: Page, name: string) =>
  page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .getByRole("checkbox");

let idA = "";
let idB = "";

test.beforeAll(async ({ request }) => {
  idA = await ingest(request, "a", NAME_A);
  idB = await ingest(request, "b", NAME_B);
});

test("choose two runs in the table, compare them, filter to changed tasks and download the CSV", async ({
  page,
  request,
}) => {
  const api = (await (await request.get(`/api/compare?runs=${idA},${idB}&a=${idA}`)).json()) as CompareBody;
  expect(api).toMatchObject({ common: 18, onlyA: 1, onlyB: 1, flips: { passToFail: 3, failToPass: 5 } });

  await page.goto("/");
  await selectRun(page, NAME_A).check();
  await selectRun(page, NAME_B).check();
  await page.getByRole("link", { name: /^Compare 2 runs/ }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?runs=${idA},${idB}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${NAME_B} vs ${NAME_A}`);

  // Counts, flips and the headline difference with its interval match the API.
  const summary = page.getByTestId("comparison-summary-B");
  await expect(summary.getByTestId("compare-common")).toHaveText(String(api.common));
  await expect(summary.getByTestId("compare-only-a")).toHaveText(String(api.onlyA));
  await expect(summary.getByTestId("compare-only-b")).toHaveText(String(api.onlyB));
  const pair = page.getByTestId("comparison-B");
  await expect(pair.getByTestId("flips-pass-to-fail")).toHaveText(`${api.flips.passToFail} pass → fail`);
  await expect(pair.getByTestId("flips-fail-to-pass")).toHaveText(`${api.flips.failToPass} fail → pass`);
  await expect(pair.getByTestId("flips-summary")).toContainText(`p = ${api.flips.pValue.toFixed(2)}`);
  // Both runs record 3, 4 and 5 tool calls per task: paired per task, no difference (per-task means of counts
  // keep one decimal).
  const effortRow = page.getByTestId("effort-table-B").getByRole("row", { name: /Tool calls/ });
  await expect(effortRow).toHaveText(/Tool calls\s*18\s*4\.0\s*4\.0\s*0\.0/);
  const [lo, hi] = api.headline.ci95!;
  await expect(pair.getByTestId("headline-delta")).toHaveText(deltaPp(api.headline.delta));
  await expect(pair.getByTestId("headline-delta-text")).toContainText(
    `95% CI ${deltaPp(lo).replace(" pp", "")} to ${deltaPp(hi)}, SE`,
  );
  await expect(pair.getByTestId("headline-delta-text")).toContainText(`${api.headline.tasks} common tasks`);
  await expect(pair.getByTestId("compare-verdict")).toHaveText(/No clear difference \(interval includes 0\)/);
  // What it can see, as `tally compare --markdown` writes it (lib/cli/__fixtures__/compare-expected.ts).
  expect(api.power).toMatchObject({ tasks: 225, rolloutsPerTask: null, alpha: 0.05, power: 0.8 });
  await expect(pair.getByTestId("compare-mde")).toHaveText(
    "Can detect 19.6 pp or more: the minimum detectable effect at 80% power, α = 0.05 (2.80 × the paired SE 7.0 pp). " +
      "To see +5.6 pp: 225 tasks at today's 3 rollouts per task; more rollouts per task cannot get there (the tasks themselves differ by more).",
  );
  expect(api.taskTests).toEqual({
    q: 0.05,
    tested: 18,
    regressed: 0,
    improved: 0,
    uncorrected: { regressed: 0, improved: 0 },
  });
  await expect(page.getByTestId("task-tests-B")).toContainText(
    "after Benjamini–Hochberg at q = 0.05 over 18 tested tasks",
  );
  // The q select writes fdr to the address from the keyboard (↓: the next rate); the sentence follows; back undoes it.
  const fdr = page.getByTestId("fdr-control");
  await expect(fdr).toHaveValue("0.05");
  await expect(page.getByLabel("False discovery rate")).toBeVisible();
  await fdr.focus();
  await fdr.press("ArrowDown");
  await expect(page).toHaveURL(/[?&]fdr=0\.1(&|$)/);
  await expect(page.getByTestId("task-tests-B")).toContainText(
    "after Benjamini–Hochberg at q = 0.1 over 18 tested tasks",
  );
  await expect(page.getByTestId("fdr-control")).toHaveValue("0.1");
  await page.goBack();
  await expect(page.getByTestId("task-tests-B")).toContainText("at q = 0.05 over 18 tested tasks");
  await expect(page).not.toHaveURL(/fdr=/);

  // Tasks in one run only are listed apart.
  await expect(page.getByTestId("not-comparable-only-a")).toContainText("incident/legacy-pager");
  await expect(page.getByTestId("not-comparable-only-b")).toContainText("access/sso-rotation");

  // Every common task, then only the changed ones (the filter lives in the URL).
  const rows = page.getByTestId("task-row");
  await expect(rows).toHaveCount(api.common);
  const changed = api.tasks.filter((t) => (t.delta !== null && t.delta !== 0) || t.flip !== null).length;
  expect(changed).toBeLessThan(api.common);
  await page.getByTestId("filter-changed").click();
  await expect(page).toHaveURL(/[?&]filter=changed/);
  await expect(rows).toHaveCount(changed);
  // Worst first: the first row is a pass → fail.
  await expect(rows.first()).toContainText("pass → fail");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("compare-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync(await download.path(), "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("task,status,baseline_run,candidate_run,metric,baseline_value,candidate_value,delta,flip");
  expect(lines.filter((l) => l.includes(",common,"))).toHaveLength(api.common);
  expect(csv).toContain(`incident/legacy-pager,only in baseline,${NAME_A},${NAME_B}`);

  await page.getByTestId("filter-all").click();
  await expect(rows).toHaveCount(api.common);
  await snap(page, "compare");
});

test("the compare page says whether the conclusion survives each scheme, as GET /api/compare does", async ({
  page,
  request,
}) => {
  const api = (await (await request.get(`/api/compare?runs=${idA},${idB}&a=${idA}`)).json()) as {
    robustness: { summary: string; entries: { scheme: string; unscored: string; delta: number | null }[] };
  };
  expect(api.robustness.summary).toBe("B is ahead under 3 of 3 schemes; the interval excludes 0 under none.");

  await page.goto(`/compare?runs=${idA},${idB}&a=${idA}`);
  const section = page.getByTestId("robustness");
  await expect(section.getByRole("heading", { name: "Does the conclusion survive?" })).toBeVisible();
  await expect(section.getByTestId("robustness-summary")).toHaveText(`B vs A, Correctness: ${api.robustness.summary}`);
  const rows = section.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  const check = api.robustness.entries.find((e) => e.scheme === "check" && e.unscored === "exclude")!;
  await expect(section.getByTestId("robustness-row-check-exclude")).toContainText(deltaPp(check.delta));
  await expect(section.getByTestId("robustness-row-task-exclude")).toContainText("shown above");
});

test("the run export lists every (rollout, check) as CSV with quoting and the formula guard", async ({ request }) => {
  const res = await request.get(`/api/runs/${idB}/export.csv`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
  const csv = await res.text();
  expect(csv.split("\r\n")[0]).toBe(
    "run,task,group,rollout,rollout_status,rollout_passed,rollout_reward,rollout_error_type,rollout_error," +
      "rollout_duration_ms,rollout_agent_ms,rollout_input_tokens,rollout_output_tokens,rollout_cached_tokens," +
      "rollout_tokens,rollout_cost_usd,rollout_tool_calls,rollout_tool_errors,rollout_steps," +
      "check_key,check_label,check_required,check_dimension,check_status,check_passed,check_score,check_detail,failure_tag",
  );
  // 19 tasks × 3 rollouts × 4 checks, a header and the final line break.
  expect(csv.split("\r\n")).toHaveLength(19 * 3 * 4 + 2);
  expect(csv).toContain(`"'=cites e1, e2"`);
  expect(csv).toContain(`"Fix needs 256 connections, ""64"" available,\nso it fails",FIX_OVER_BUDGET`);
  expect((await request.get("/api/runs/no-such-run/export.csv")).status()).toBe(404);
});

test("marking a run as the baseline makes it A; the endpoint validates its body", async ({ page, request }) => {
  expect(
    (
      await request.post(`/api/runs/${idB}/baseline`, {
        data: Buffer.from("{not json"),
        headers: { "content-type": "application/json" },
      })
    ).status(),
  ).toBe(400);
  expect((await request.post(`/api/runs/${idB}/baseline`, { data: { baseline: "yes" } })).status()).toBe(422);
  expect((await request.post(`/api/runs/no-such-run/baseline`, { data: { baseline: true } })).status()).toBe(404);

  // Other specs share the server: put back whichever run was the baseline before.
  const { runs } = (await (await request.get("/api/runs")).json()) as { runs: { id: string; baseline: boolean }[] };
  const before = runs.find((r) => r.baseline)?.id;

  await page.goto(`/compare?runs=${idA},${idB}`);
  const columnB = page.getByTestId("run-column-B");
  await expect(columnB).toContainText(NAME_B);
  try {
    await columnB.getByRole("button", { name: "Mark as baseline" }).click();
    // The page refreshes: B is now the baseline, so it becomes A.
    await expect(page.getByTestId("run-column-A")).toContainText(NAME_B);
    await expect(page.getByTestId("run-column-A").getByRole("button", { name: "Baseline" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${NAME_A} vs ${NAME_B}`);
    // Run A's page now offers to compare it with the baseline (B), as B against A.
    await page.goto(`/runs/${idA}`);
    await page.getByTestId("compare-with-baseline").click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?runs=${idB},${idA}&a=${idB}`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${NAME_A} vs ${NAME_B}`);
    await page.goto(`/runs/${idB}`);
    await expect(page.getByTestId("headline-value")).toBeVisible();
    await expect(page.getByTestId("compare-with-baseline")).toHaveCount(0);
    await page.goto(`/compare?runs=${idA},${idB}`);
    await page.getByTestId("run-column-A").getByRole("button", { name: "Baseline" }).click();
    await expect(page.getByTestId("run-column-A")).toContainText(NAME_A);
  } finally {
    await request.post(`/api/runs/${idB}/baseline`, { data: { baseline: false } });
    if (before) await request.post(`/api/runs/${before}/baseline`, { data: { baseline: true } });
  }
});

test("the two-run style ?a=&b= redirects permanently to ?runs=, for the page and the API", async ({
  page,
  request,
}) => {
  const moved = async (url: string) => {
    const res = await request.get(url, { maxRedirects: 0 });
    const location = new URL(res.headers().location ?? "", "http://any.test");
    return { status: res.status(), location: `${location.pathname}${location.search}` };
  };
  expect(await moved(`/compare?a=${idB}&b=${idA}&filter=changed`)).toEqual({
    status: 308,
    location: `/compare?runs=${idB},${idA}&a=${idB}&filter=changed`,
  });
  expect(await moved(`/api/compare?a=${idB}&b=${idA}`)).toEqual({
    status: 308,
    location: `/api/compare?runs=${idB},${idA}&a=${idB}`,
  });
  const api = (await (await request.get(`/api/compare?a=${idB}&b=${idA}`)).json()) as CompareBody;
  expect(api).toMatchObject({ common: 18, onlyA: 1, onlyB: 1, flips: { passToFail: 5, failToPass: 3 } });

  await page.goto(`/compare?a=${idB}&b=${idA}`);
  await expect(page).toHaveURL(`/compare?runs=${idB},${idA}&a=${idB}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${NAME_A} vs ${NAME_B}`);
  const pair = page.getByTestId("comparison-B");
  await expect(pair.getByTestId("flips-pass-to-fail")).toHaveText(`${api.flips.passToFail} pass → fail`);
  await expect(pair.getByTestId("headline-delta")).toHaveText(deltaPp(api.headline.delta));
});

test("without the ingest token, the baseline toggle says where to enter it", async ({ page }) => {
  await page.route("**/api/runs/*/baseline", (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "unauthorized", message: "token" } }),
    }),
  );
  await page.goto(`/compare?runs=${idA},${idB}`);
  await page.getByTestId("run-column-B").getByRole("button", { name: "Mark as baseline" }).click();
  const alert = page.getByTestId("run-column-B").getByRole("alert");
  await expect(alert).toContainText("This server needs the ingest token");
  await expect(alert.getByRole("link", { name: /upload page/ })).toHaveAttribute("href", "/upload");
});

test("comparing two runs of 230 tasks pages the per-task table on the server, 100 rows a page", async ({
  page,
  request,
}) => {
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const ids: string[] = [];
  for (const seed of [21, 22]) {
    const multipart = new FormData();
    for (const f of syntheticSiloFiles({ tasks: 230, rollouts: 1, checks: 3, groups: 2, seed })) {
      multipart.append("files", new Blob([f.text], { type: "application/json" }), f.path);
    }
    multipart.append("run", `compare-pager-${seed}-${stamp}`);
    const res = await request.post("/api/runs", { multipart });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { runs: { id: string }[] }).runs[0]!.id);
  }
  await page.goto(`/compare?runs=${ids.join(",")}&sort=key&dir=asc`);
  const pager = page.getByTestId("task-pager");
  const rows = page.getByTestId("task-row");
  await expect(pager).toContainText("1–100 of 230 tasks");
  await expect(rows).toHaveCount(100);
  await expect(rows.first().locator("th")).toHaveText("env-0/TASK-00001");
  await pager.getByRole("link", { name: "Next ›" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pager).toContainText("101–200 of 230 tasks");
  await pager.getByRole("link", { name: "Next ›" }).click();
  await expect(pager).toContainText("201–230 of 230 tasks");
  await expect(rows).toHaveCount(30);
  await expect(pager.getByText("Next ›")).toHaveAttribute("aria-disabled", "true");
  // Sorting starts again at page 1.
  await page.getByRole("link", { name: /^Task/ }).click();
  await expect(pager).toContainText("1–100 of 230 tasks");
  await expect(page).not.toHaveURL(/[?&]page=/);
});
