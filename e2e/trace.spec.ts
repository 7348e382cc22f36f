import type { APIRequestContext } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolloutHref } from "../components/task/hrefs";
import { expect, SCREENSHOT_DIR, snap, test } from "./fixtures";

// The Trace section of the rollout page on the Silo scoring-article fixture: totals, steps, evidence links
// from the checks table to the step they cite, and a tool error marked.

const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "lib",
  "formats",
  "__fixtures__",
  "traces",
  "silo",
  "scoring-article",
);
const RUN_NAME = "trace-scoring-article";

/** Uploads the fixture folder (once per server) and returns the run id. */
async function scoringArticleRun(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  const existing = list.runs.find((r) => r.name === RUN_NAME);
  if (existing) return existing.id;
  const form = new FormData();
  form.append("run", RUN_NAME);
  for (const task of fs.readdirSync(FIXTURE).sort()) {
    for (const file of fs.readdirSync(path.join(FIXTURE, task)).sort()) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURE, task, file)));
      form.append("files", new Blob([bytes]), `${task}/${file}`);
    }
  }
  const response = await request.post("/api/runs", { multipart: form });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const body = (await response.json()) as { runs: { id: string }[] };
  expect(body.runs).toHaveLength(1);
  return body.runs[0]!.id;
}

test("checkout: 13 steps, the C3 evidence link jumps to the get_capacity result, screenshots", async ({
  page,
  request,
}) => {
  const runId = await scoringArticleRun(request);
  // The URL the trace view fetches later pages from.
  const pageOfSteps = await request.get(
    `/api/runs/${encodeURIComponent(runId)}/rollouts/${encodeURIComponent("checkout/result")}/trace?offset=10&limit=5`,
  );
  expect(pageOfSteps.status()).toBe(200);
  const body = (await pageOfSteps.json()) as { total: number; steps: { index: number }[] };
  expect(body.total).toBe(13);
  expect(body.steps.map((s) => s.index)).toEqual([10, 11, 12]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(rolloutHref(runId, "checkout/result"));

  const trace = page.getByTestId("trace");
  await expect(trace.getByTestId("trace-total-steps")).toHaveText("13");
  await expect(trace.getByTestId("trace-total-calls")).toHaveText("5");
  await expect(trace.getByTestId("trace-total-errors")).toHaveText("0");
  await expect(trace.getByTestId("trace-total-cost")).toHaveText("not recorded");
  // 13 short steps all fit the virtualised list's window plus its overscan once scrolled to.
  await trace.scrollIntoViewIfNeeded();
  await expect(trace.getByTestId("trace-step").first()).toContainText("environment");
  await expect(trace.locator('[data-testid="trace-step"][data-error="true"]')).toHaveCount(0);

  const c3 = page.getByTestId("check-table").locator("tr", { hasText: "C3 Recommends a remedy" });
  const link = c3.getByTestId("evidence-link").first();
  await expect(link).toHaveText(/→ step 7$/);
  await link.click();
  const target = page.locator('[data-testid="trace-step"][data-highlighted="true"]');
  await expect(target).toHaveCount(1);
  await expect(target).toHaveAttribute("data-step", "6");
  await expect(target).toContainText("get_capacity");
  await expect(target).toContainText("id 7");
  await expect(target.getByTestId("step-cited-by")).toContainText("C3");
  await expect(target).toBeInViewport();

  await snap(page, "trace-checkout-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(rolloutHref(runId, "checkout/result"));
  await page.getByTestId("trace").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("trace-step").first()).toBeVisible();
  await snap(page, "trace-checkout-390");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "trace-checkout-390-viewport.png") });
});

test("csv-conversion: exactly one step is marked as a tool error, and search narrows the steps", async ({
  page,
  request,
}) => {
  const runId = await scoringArticleRun(request);
  await page.goto(rolloutHref(runId, "csv-conversion/result"));
  const trace = page.getByTestId("trace");
  await expect(trace.getByTestId("trace-total-steps")).toHaveText("17");
  await trace.getByTestId("jump-first-error").click();
  const errors = trace.locator('[data-testid="trace-step"][data-error="true"]');
  await expect(errors).toHaveCount(1);
  await expect(errors).toContainText("NO_TABLE_SELECTED");
  await expect(errors).toHaveAttribute("data-highlighted", "true");

  await trace.getByTestId("trace-search").fill("convert_timezone");
  await expect(trace.getByTestId("trace-matches")).toHaveText("2 of 17 steps match");
  await expect(trace.getByTestId("trace-step")).toHaveCount(2);
});

test("a 12,000-step trace renders only what is on screen, loads 10,000 steps, the rest as the reader scrolls", async ({
  page,
  request,
}) => {
  // Ingests and renders a 12,000-step trace: more than the default budget on a shared 2-core machine.
  test.slow();
  const result = JSON.parse(fs.readFileSync(path.join(FIXTURE, "checkout", "result.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const lines: string[] = [];
  for (let call = 1; call <= 6000; call++) {
    const at = new Date(Date.UTC(2026, 10, 20, 10, 0, 0, call * 10)).toISOString();
    lines.push(
      JSON.stringify({ seq: call * 2 - 1, type: "tool_call", at, callId: call, tool: "step", input: { n: call } }),
    );
    lines.push(
      JSON.stringify({ seq: call * 2, type: "tool_result", at, callId: call, tool: "step", output: { n: call } }),
    );
  }
  const form = new FormData();
  form.append("run", `trace-10k-${Date.now()}`);
  form.append("files", new Blob([JSON.stringify({ ...result, taskId: "big" })]), "big/result.json");
  form.append("files", new Blob([lines.join("\n")]), "big/trace.jsonl");
  // A second task folder, so rollout ids keep their folder as in the scoring-article upload.
  for (const file of ["result.json", "trace.jsonl"]) {
    form.append("files", new Blob([fs.readFileSync(path.join(FIXTURE, "checkout", file))]), `checkout/${file}`);
  }
  const response = await request.post("/api/runs", { multipart: form });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const runId = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;

  const started = Date.now();
  await page.goto(rolloutHref(runId, "big/result"));
  const trace = page.getByTestId("trace");
  await trace.scrollIntoViewIfNeeded();
  await expect(trace.getByTestId("trace-step").first()).toBeVisible();
  test.info().annotations.push({ type: "first step visible after", description: `${Date.now() - started} ms` });
  await expect(trace.getByTestId("trace-total-steps")).toHaveText("12,000");
  await expect(trace.getByTestId("trace-partial")).toContainText(/^10,\d{3} of 12,000 steps loaded/, {
    timeout: 30_000,
  });
  test.info().annotations.push({ type: "10,000 steps loaded after", description: `${Date.now() - started} ms` });
  expect(await trace.getByTestId("trace-step").count()).toBeLessThan(100);

  // Reading near the end of what is loaded fetches the rest.
  // Scrolled again until it does: rows measured after a scroll may move the end further down.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(trace.getByTestId("trace-partial")).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(trace.getByText(/Loading steps/)).toHaveCount(0);
  // Measured rows change the list's height as they render: scroll to the end until it stays there.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(trace.locator('[data-testid="trace-step"][data-step="11999"]')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  expect(await trace.getByTestId("trace-step").count()).toBeLessThan(100);
});

test("a Silo baselines folder: the state diff sits beside the checks, per collection", async ({ page, request }) => {
  const folder = path.join(FIXTURE, "..", "baselines");
  const form = new FormData();
  form.append("run", `baselines-${Date.now()}`);
  for (const group of fs.readdirSync(folder).sort())
    for (const file of fs.readdirSync(path.join(folder, group)).sort())
      form.append("files", new Blob([fs.readFileSync(path.join(folder, group, file))]), `baselines/${group}/${file}`);
  const response = await request.post("/api/runs", { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { runs: { id: string }[]; rejected: unknown[] };
  expect(body.rejected).toEqual([]);
  const runId = body.runs[0]!.id;
  const report = (await (await request.get(`/api/runs/${runId}/report`)).json()) as {
    rollouts: { id: string; task: string }[];
  };
  const crm = report.rollouts.find((r) => r.task.endsWith("TASK-002"));
  expect(crm).toBeDefined();

  await page.goto(rolloutHref(runId, crm!.id));
  const diff = page.getByTestId("state-diff");
  await expect(diff).toBeVisible();
  await expect(diff.getByTestId("state-diff-collection")).toHaveCount(3);
  await expect(diff.getByTestId("state-diff-collection").filter({ hasText: "opportunities" })).toContainText(
    "2 changed",
  );
  await expect(diff).toContainText("OPP-005");
  await expect(diff.getByTestId("state-diff-collection").filter({ hasText: "auditLog" })).toContainText("2 added");
  await diff.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "state-diff-1440.png") });
});
