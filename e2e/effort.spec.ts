import type { APIRequestContext, Page } from "@playwright/test";
import { rolloutHref, taskHref } from "../lib/views/hrefs";
import path from "node:path";
import { expect, SCREENSHOT_DIR, snap, test } from "./fixtures";

// The run page's "Cost and effort" section and the task page's per-rollout measures: on a BenchFlow job built
// here (costs, tokens, timings, one rollout spending five times its task's median of tool calls, one rollout
// recording nothing) and on the demo runs (silo-runs records tool calls and durations; grade-problem nothing).

const RUN = "effort-job";

/** [rollout, task, reward, cost, tool calls, seconds]; null: the trial records no usage. */
const TRIALS: [string, string, number, number | null, number | null, number | null][] = [
  ["t__0001", "t", 1, 0.1, 3, 12],
  ["t__0002", "t", 0, 0.2, 4, 15],
  ["t__0003", "t", 0, 0.9, 20, 60],
  ["u__0001", "u", 1, null, null, null],
];

function trialResult([name, task, reward, cost, calls, seconds]: (typeof TRIALS)[number]) {
  return {
    task_name: task,
    rollout_name: name,
    rewards: { reward },
    agent_name: "claude-code",
    model: "claude-sonnet-4-5",
    ...(cost === null
      ? {}
      : {
          agent_result: { n_input_tokens: cost * 100_000, n_output_tokens: cost * 10_000, cost_usd: cost },
          n_tool_calls: calls,
          timing: { total: seconds, agent_execution: seconds! - 2 },
        }),
  };
}

async function runId(request: APIRequestContext, name: string): Promise<string | null> {
  const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  return list.runs.find((r) => r.name === name)?.id ?? null;
}

/** The effort job's run id, uploading its trials first when no run has that name. */
async function effortRun(request: APIRequestContext): Promise<string> {
  const known = await runId(request, RUN);
  if (known) return known;
  const form = new FormData();
  form.set("run", RUN);
  for (const trial of TRIALS) {
    const body = JSON.stringify(trialResult(trial));
    form.append("files", new Blob([body], { type: "application/json" }), `${RUN}/${trial[0]}/result.json`);
  }
  const upload = await request.post("/api/runs", { multipart: form });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const id = await runId(request, RUN);
  expect(id, "the uploaded effort job").not.toBeNull();
  return id!;
}

async function expectMeasure(page: Page, measure: string, figures: Record<string, string>) {
  for (const [part, text] of Object.entries(figures))
    await expect(page.getByTestId(`effort-${measure}-${part}`)).toHaveText(text);
}

test("a run with costs: totals, medians, p90, per pass, coverage, the scatter and the outliers", async ({
  page,
  request,
}) => {
  const id = await effortRun(request);
  await page.goto(`/runs/${id}`);
  const section = page.getByTestId("cost-and-effort");
  await expect(section.getByRole("heading", { name: "Cost and effort" })).toBeVisible();

  // Costs 0.10, 0.20, 0.90 and one trial with none; two passes (t__0001, u__0001), one of them among the three
  // that record a cost: per pass $1.20 ÷ 1, per rollout $1.20 ÷ 3.
  await expectMeasure(page, "costUsd", {
    total: "$1.20 total",
    coverage: "3 of 4 recorded",
    passes: "1",
    median: "$0.2000",
    p90: "$0.7600",
    "per-pass": "$1.20",
    "per-rollout": "$0.4000",
  });
  // Tool calls 3, 4, 20: p90 at rank 1.8 = 4 + 0.8 × 16 = 16.8, written whole.
  await expectMeasure(page, "toolCalls", {
    total: "27 total",
    median: "4",
    p90: "17",
    "per-pass": "27",
    "per-rollout": "9",
  });
  await expectMeasure(page, "durationMs", { total: "1 min 27 s total", median: "15.0 s" });
  // The section links the rollouts list sorted by the first measure recorded, cost.
  await expect(section.getByTestId("effort-spenders")).toHaveAttribute("href", `/runs/${id}/rollouts?sort=-costUsd`);
  // Nothing records cached tokens, tool errors or steps: no card for them.
  for (const absent of ["cachedTokens", "toolErrors", "steps"])
    await expect(page.getByTestId(`effort-${absent}`)).toHaveCount(0);

  const scatter = page.getByTestId("effort-scatter");
  await expect(scatter.getByRole("heading")).toHaveText("Reward against cost");
  await expect(scatter).toContainText("One point per rollout; 1 rollout without this measure not shown.");
  // One path per series: t__0001 passed, t__0002 and t__0003 failed (u__0001 records no cost).
  await expect(scatter.locator('path[data-series="passed"]')).toHaveAttribute("data-points", "1");
  await expect(scatter.locator('path[data-series="failed"]')).toHaveAttribute("data-points", "2");
  await expect(scatter.getByRole("img")).toHaveAccessibleName("Reward against cost: 3 points, 1 passed, 0 unscored");
  // The passed series is one circle: hovering the middle of its path is hovering the point.
  await scatter.locator('path[data-series="passed"]').hover();
  await expect(scatter.getByRole("status")).toContainText("t__0001");
  await scatter.getByRole("button", { name: "Tool calls" }).click();
  await expect(scatter.getByRole("heading")).toHaveText("Reward against tool calls");
  await expect(scatter.getByRole("button", { name: "Tool calls" })).toHaveAttribute("aria-pressed", "true");

  const outliers = page.getByTestId("effort-outliers");
  await expect(outliers.getByRole("listitem")).toHaveCount(3);
  await expect(outliers.getByRole("listitem").first()).toContainText("t__0003");
  await expect(outliers.getByRole("listitem").first()).toContainText("20 tool calls · 5×");
  await expect(outliers.getByRole("link", { name: "t__0003" }).first()).toHaveAttribute(
    "href",
    rolloutHref(id, "t__0003"),
  );

  await snap(page, "effort-run-1440");
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, "effort-section-1440.png"), animations: "disabled" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("effort-costUsd-total")).toBeVisible();
  // The charts resize a frame after the viewport does: the page must settle without sideways scroll.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: "no sideways scroll at 390 px",
    })
    .toBeLessThanOrEqual(0);
  await snap(page, "effort-run-390");
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, "effort-section-390.png"), animations: "disabled" });
});

test("the task page shows each rollout's duration, tokens and cost in its column header", async ({ page, request }) => {
  const id = await effortRun(request);
  await page.goto(taskHref(id, "t"));
  const measures = page.getByTestId("column-measures");
  await expect(measures).toHaveCount(3);
  await expect(measures.nth(0)).toHaveText("12.0 s · 11k tok · $0.1000");
  await expect(measures.nth(2)).toHaveText("1 min 0 s · 99k tok · $0.9000");

  await page.goto(taskHref(id, "u"));
  const bare = page.getByTestId("column-measures");
  await expect(bare).toHaveText("— · — tok · —");
  await expect(bare.locator('[data-measure="costUsd"]')).toHaveAttribute("title", "cost: not recorded");
});

test("silo-runs: tool calls and durations without any cost; a run recording nothing has no section", async ({
  page,
  request,
}) => {
  const silo = await runId(request, "silo-runs");
  expect(silo).not.toBeNull();
  await page.goto(`/runs/${silo}`);
  // Tool calls 1, 3, 4, 4, 5, 6, 7, 40 over 8 rollouts, 4 passes: median 4.5, p90 16.9, per pass 17.5, per
  // rollout 8.75, each written whole.
  await expectMeasure(page, "toolCalls", {
    total: "70 total",
    coverage: "all 8 recorded",
    passes: "4",
    median: "5",
    p90: "17",
    "per-pass": "18",
    "per-rollout": "9",
  });
  await expect(page.getByTestId("effort-costUsd")).toHaveCount(0);
  await expect(page.getByTestId("effort-outliers")).toContainText("None");
  await expect(page.getByTestId("cost-and-effort")).not.toContainText("$");

  const grade = await runId(request, "grade-problem");
  expect(grade).not.toBeNull();
  await page.goto(`/runs/${grade}`);
  await expect(page.getByTestId("headline-value")).toBeVisible();
  await expect(page.getByTestId("cost-and-effort")).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText("$0.00");
});

test("the runs table shows each run's cost, tokens and duration, sortable, blank where not recorded", async ({
  page,
  request,
}) => {
  await effortRun(request);
  await page.goto("/");
  const row = (name: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  const costHeader = page.getByRole("columnheader", { name: /Cost/ });
  await expect(costHeader).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /Tokens/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /Duration/ })).toBeVisible();
  // $0.10 + $0.20 + $0.90; input + output tokens 11,000 + 22,000 + 99,000.
  await expect(row(RUN)).toContainText("$1.20");
  await expect(row(RUN)).toContainText("132k");
  // u__0001 records nothing: each total says it covers 3 of the 4 rollouts; silo-runs records duration throughout.
  await expect(row(RUN).getByTestId("total-coverage")).toHaveText([
    "3 of 4 recorded",
    "3 of 4 recorded",
    "3 of 4 recorded",
  ]);
  await expect(row("silo-runs").getByTestId("total-coverage")).toHaveCount(0);
  // grade-problem records no cost: a dash, never $0.00.
  await expect(row("grade-problem")).not.toContainText("$");
  await page.getByRole("button", { name: /Cost/ }).click();
  await expect(page).toHaveURL(/[?&]sort=costUsd&dir=desc/);
  await expect(costHeader).toHaveAttribute("aria-sort", "descending");
});
