import type { APIRequestContext } from "@playwright/test";
import { harborJobFiles, unevenEval, type EvalSpec } from "../lib/formats/__fixtures__/harbor-job-generator";
import { expect, snap, test } from "./fixtures";

// A Harbor job in the shape of a real one: 85 tasks × 5 trials listed in the job's result.json, 3 tasks with
// trial folders carrying a pytest report. The figures a user reads first must not come from those 3 tasks.

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const REPORT_TASKS = [3, 17, 40];

/** Uploads one job holding `evals`; returns the created runs' ids by agent. */
async function uploadJob(request: APIRequestContext, name: string, evals: EvalSpec[]): Promise<Record<string, string>> {
  const form = new FormData();
  form.set("run", name);
  for (const f of harborJobFiles(evals, name))
    form.append("files", new Blob([Buffer.from(f.bytes)], { type: "application/json" }), f.path);
  const res = await request.post("/api/runs", { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  const { runs } = (await res.json()) as { runs: { id: string; name: string }[] };
  const ids: Record<string, string> = {};
  for (const e of evals) ids[e.agent] = runs.find((r) => r.name.includes(e.agent))!.id;
  return ids;
}

let ids: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  ids = await uploadJob(request, `uneven-${suffix}`, [
    unevenEval({ agent: "terminus-2", model: "m", seed: 3, skill: 0, reportTasks: REPORT_TASKS }),
    unevenEval({ agent: "codex", model: "m", seed: 4, skill: 0.2, reportTasks: REPORT_TASKS }),
  ]);
});

test("the headline is completion with its interval; correctness says 3 of 85 tasks", async ({ page }) => {
  await page.goto(`/runs/${ids.codex}`);
  await expect(page.getByTestId("headline-value")).toBeVisible();
  const headline = page.getByRole("region", { name: "Headline", exact: true });
  await expect(headline).toContainText("Completion");
  await expect(headline).toContainText("95% CI");
  await expect(page.getByTestId("headline-coverage")).toHaveText("85 tasks");
  await expect(headline).toContainText("correctness is graded on 3 tasks of the 85 tasks with a scored rollout");
  await expect(page.locator("[data-scored]")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("metric-correctness").getByTestId("metric-coverage")).toHaveText("3 of 85 tasks");
  await expect(page.getByTestId("metric-completion").getByTestId("metric-coverage")).toHaveText("85 tasks");
});

test("both runs of the job show their headline under Completion in the runs table", async ({ page }) => {
  await page.goto("/");
  for (const agent of ["terminus-2", "codex"]) {
    const row = page.getByRole("row").filter({ has: page.locator(`a[href="/runs/${ids[agent]}"]`) });
    await expect(row.getByText("headline", { exact: true })).toHaveCount(1);
    const cells = row.getByRole("cell");
    const headers = await page.getByRole("columnheader").allInnerTexts();
    const completion = headers.findIndex((h) => h.trim().startsWith("Completion"));
    const correctness = headers.findIndex((h) => h.trim().startsWith("Correctness"));
    expect(
      [completion, correctness].every((i) => i > 0),
      headers.join(" | "),
    ).toBe(true);
    await expect(cells.nth(completion)).toContainText("headline");
    await expect(cells.nth(correctness)).toContainText("3 of 85 tasks");
  }
});

test("the gate passes the candidate far ahead and fails the swapped comparison", async ({ page }) => {
  await page.goto(`/compare?runs=${ids["terminus-2"]},${ids.codex}&a=${ids["terminus-2"]}`);
  const summary = page.getByTestId("comparison-summary-B");
  await expect(summary).toContainText("3 pass → fail, 14 fail → pass");
  await expect(page.getByTestId("regression-badge")).toHaveText("no regression");
  await expect(page.getByTestId("regression-badge")).not.toHaveClass(/badge-fail/);
  await expect(page.getByTestId("comparison-B")).toContainText("is better (interval above 0)");
  await expect(page.getByTestId("compare-pass-at-k")).toBeVisible();
  await snap(page, "compare-uneven-1440");

  await page.goto(`/compare?runs=${ids.codex},${ids["terminus-2"]}&a=${ids.codex}`);
  await expect(page.getByTestId("regression-badge")).toHaveText("regression");
  await expect(page.getByTestId("regression-badge")).toHaveAttribute(
    "title",
    /the headline interval lies entirely below 0; 14 tasks flipped pass → fail against 3 fail → pass/,
  );
});

test("at 390 px the run's headline and pass rate come first in both tables", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const row = page.getByRole("row").filter({ has: page.locator(`a[href="/runs/${ids.codex}"]`) });
  await expect(row.getByText(/^Completion \d+\.\d%$/)).toBeVisible();
  const passRate = await page.getByRole("columnheader", { name: "Pass rate" }).boundingBox();
  expect(passRate!.x + passRate!.width, "Pass rate is the column beside the run").toBeLessThanOrEqual(390);

  await page.goto(`/runs/${ids.codex}`);
  await expect(page.locator("[data-scored]")).toBeVisible({ timeout: 20_000 });
  const table = page.getByTestId("tasks-table");
  await table.scrollIntoViewIfNeeded();
  const headers = (await table.getByRole("columnheader").allInnerTexts()).map((h) => h.replace(/[↑↓]/g, "").trim());
  expect(headers.slice(0, 3)).toEqual(["Task", "Pass rate", "Diagnosis"]);
  for (const name of ["Pass rate", "Diagnosis"]) {
    const box = await table.getByRole("columnheader", { name }).boundingBox();
    expect(box!.x, `${name} starts within the screen`).toBeLessThan(390);
  }
});

test("counts read with thousands separators: a job of 1,200 tasks", async ({ page, request }) => {
  const big = await uploadJob(request, `wide-${suffix}`, [
    unevenEval({ agent: "wide", model: "m", seed: 9, tasks: 1200, trialsPerTask: 1, crashRate: 0 }),
  ]);
  await page.goto(`/runs/${big.wide}`);
  await expect(page.locator("[data-scored]")).toBeVisible({ timeout: 30_000 });
  const text = await page.locator("main").innerText();
  expect(text).toContain("1,200 tasks");
  expect(
    text.match(/\b\d{4,}\s+(tasks?|rollouts?|trials?|checks?|tokens?)\b/g),
    "a count without separators",
  ).toBeNull();
});
