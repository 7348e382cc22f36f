import type { APIRequestContext } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolloutHref } from "../lib/views/hrefs";
import { expect, SCREENSHOT_DIR, snap, test } from "./fixtures";

// The Trace section of the rollout page on the demo's scoring-article run (prisma/demo, which the e2e server
// loads as `npm start` does): totals, steps, evidence links from the failed required checks, the checks table
// and the answer to the step they cite and back, and a tool error marked.

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

/** The demo scoring-article run's id. */
async function demoArticleRun(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  const run = list.runs.find((r) => r.name === "scoring-article");
  expect(run, "the demo run scoring-article").toBeDefined();
  return run!.id;
}

test("the demo's checkout: e3 → step 7 from the failed required check, step 7 back to C3, screenshots", async ({
  page,
  request,
}) => {
  const runId = await demoArticleRun(request);
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
  await expect(trace.locator('[data-testid="trace-step"][data-error="true"]')).toHaveCount(0);

  // The failed required check's evidence chip is a link to step 7, the get_capacity result (Silo seq 7).
  const chip = page.getByTestId("failed-required").getByTestId("evidence-link");
  await expect(chip).toHaveText("e3 → step 7");
  await expect(chip).toHaveAttribute("href", "#trace-step-7");
  await chip.click();
  await expect(page).toHaveURL(/#trace-step-7$/);
  const target = page.locator('[data-testid="trace-step"][data-highlighted="true"]');
  await expect(target).toHaveCount(1);
  await expect(target).toHaveAttribute("id", "trace-step-7");
  await expect(target).toHaveAttribute("data-step", "7");
  await expect(target).toContainText("step 7");
  await expect(target).toContainText("get_capacity");
  await expect(target).toContainText("id 7");
  await expect(target).toBeInViewport();
  await expect(target).toBeFocused();
  await snap(page, "trace-checkout-1440");

  // Step 7 names the check citing it, a link back to C3's row in the checks table.
  const back = target.getByTestId("step-cited-by").getByRole("link", { name: "check C3 in the checks table" });
  await expect(back).toHaveText("C3");
  await back.click();
  await expect(page).toHaveURL(/#check-3$/);
  const c3 = page.locator("#check-3");
  await expect(c3).toContainText("C3 Recommends a remedy");
  await expect(c3).toBeInViewport();
  await expect(c3).toBeFocused();

  // The checks table's chip leads to the same step, by keyboard too.
  const tableChip = c3.getByTestId("evidence-link");
  await expect(tableChip).toHaveText("e3 → step 7");
  await tableChip.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#trace-step-7$/);
  await expect(page.locator("#trace-step-7")).toBeFocused();
  await expect(page.locator("#trace-step-7")).toBeInViewport();

  // The answer's [e1] [e2] [e3]: seq 3, 5 and 7.
  await expect(page.getByTestId("answer-citations").getByTestId("evidence-link")).toHaveText([
    "e1 → step 3",
    "e2 → step 5",
    "e3 → step 7",
  ]);
  // Followed again from the top of the page with the URL already at step 7: it still goes there.
  await page.evaluate(() => window.scrollTo(0, 0));
  await chip.click();
  await expect(page.locator("#trace-step-7")).toBeInViewport();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(rolloutHref(runId, "checkout/result"));
  await page.getByTestId("failed-required").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "trace-checkout-390-failed.png") });
  await page.getByTestId("failed-required").getByTestId("evidence-link").click();
  await expect(page.locator("#trace-step-7")).toBeInViewport();
  await expect(page.locator("#trace-step-7")).toHaveAttribute("data-highlighted", "true");
  await snap(page, "trace-checkout-390");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "trace-checkout-390-viewport.png") });
});

test("csv-conversion: exactly one step is marked as a tool error, and search narrows the steps", async ({
  page,
  request,
}) => {
  const runId = await demoArticleRun(request);
  await page.goto(rolloutHref(runId, "csv-conversion/result"));
  const trace = page.getByTestId("trace");
  await expect(trace.getByTestId("trace-total-steps")).toHaveText("17");
  await expect(trace.getByTestId("jump-first-error")).toHaveText("Jump to first error (step 9)");
  await trace.getByTestId("jump-first-error").click();
  await expect(page).toHaveURL(/#trace-step-9$/);
  const errors = trace.locator('[data-testid="trace-step"][data-error="true"]');
  await expect(errors).toHaveCount(1);
  await expect(errors).toContainText("NO_TABLE_SELECTED");
  await expect(errors).toHaveAttribute("data-highlighted", "true");
  await expect(errors).toHaveAttribute("data-step", "9");

  await trace.getByTestId("trace-search").fill("convert_timezone");
  await expect(trace.getByTestId("trace-matches")).toHaveText("2 of 17 steps match");
  await expect(trace.getByTestId("trace-step")).toHaveCount(2);
});

test("a 20,000-step trace (10 MB, read by its index): first steps shown, a jump loads only the step's page", async ({
  page,
  request,
}) => {
  // Ingests and renders a 10 MB trace: more than the default budget on a shared 2-core machine.
  test.slow();
  const result = JSON.parse(fs.readFileSync(path.join(FIXTURE, "checkout", "result.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const lines: string[] = [];
  const padding = "x".repeat(900);
  for (let call = 1; call <= 10_000; call++) {
    const at = new Date(Date.UTC(2026, 10, 20, 10, 0, 0, call * 10)).toISOString();
    lines.push(
      JSON.stringify({ seq: call * 2 - 1, type: "tool_call", at, callId: call, tool: "step", input: { n: call } }),
    );
    lines.push(
      JSON.stringify({
        seq: call * 2,
        type: "tool_result",
        at,
        callId: call,
        isError: call % 4000 === 0,
        // One long output (step 19,502): sent cut, read whole on demand.
        output: call === 9751 ? `${"long ".repeat(2000)}END-OF-LONG` : { n: call, padding },
      }),
    );
  }
  const form = new FormData();
  form.append("run", `trace-20k-${Date.now()}`);
  form.append("files", new Blob([JSON.stringify({ ...result, taskId: "big" })]), "big/result.json");
  form.append("files", new Blob([lines.join("\n")]), "big/trace.jsonl");
  // A second task folder, so rollout ids keep their folder as in the scoring-article upload.
  for (const file of ["result.json", "trace.jsonl"]) {
    form.append("files", new Blob([fs.readFileSync(path.join(FIXTURE, "checkout", file))]), `checkout/${file}`);
  }
  const response = await request.post("/api/runs", { multipart: form });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const runId = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;

  // The API reads a page far in by range and lists every error step from the index.
  const api = `/api/runs/${encodeURIComponent(runId)}/rollouts/${encodeURIComponent("big/result")}/trace`;
  const far = (await (await request.get(`${api}?offset=19000&limit=3`)).json()) as {
    total: number;
    errorSteps: number[];
    steps: { index: number; id: string }[];
  };
  expect(far.total).toBe(20_000);
  expect(far.steps.map((s) => [s.index, s.id])).toEqual([
    [19000, "19001"],
    [19001, "19002"],
    [19002, "19003"],
  ]);
  expect(far.errorSteps).toEqual([7999, 15999]);

  // The first steps are in the server's HTML: shown before the page's scripts run.
  const html = await (await request.get(rolloutHref(runId, "big/result"))).text();
  expect(html).toContain('id="trace-step-1"');
  expect(html).toContain('id="trace-step-12"');
  expect(html).not.toContain('id="trace-step-13"');

  const pages: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/trace?")) pages.push(new URL(r.url()).searchParams.get("offset") ?? "");
  });
  const started = Date.now();
  await page.goto(rolloutHref(runId, "big/result"));
  const trace = page.getByTestId("trace");
  await trace.scrollIntoViewIfNeeded();
  await expect(trace.getByTestId("trace-step").first()).toBeVisible();
  test.info().annotations.push({ type: "first step visible after", description: `${Date.now() - started} ms` });
  await expect(trace.getByTestId("trace-total-steps")).toHaveText("20,000");
  await expect(trace.getByTestId("trace-partial")).toContainText("Steps 1–10,000 of 20,000");
  await expect(trace.getByTestId("jump-first-error")).toHaveText("Jump to first error (step 8,000)");
  expect(await trace.getByTestId("trace-step").count()).toBeLessThan(100);

  // A link to step 19,501 moves the list to its window and loads its page alone.
  const jumped = Date.now();
  await page.evaluate(() => (window.location.hash = "#trace-step-19501"));
  const target = trace.locator('[data-testid="trace-step"][data-step="19501"]');
  await expect(target).toBeVisible();
  await expect(target).toHaveAttribute("data-highlighted", "true");
  await expect(target).toBeInViewport();
  test.info().annotations.push({ type: "jump to step 19,501 shown after", description: `${Date.now() - jumped} ms` });
  await expect(trace.getByTestId("trace-partial")).toContainText("Steps 10,001–20,000 of 20,000");
  expect(pages).toContain("19400");
  // The second page was read ahead once (a preload the list then took), never asked for again.
  expect(pages.filter((offset) => offset === "200")).toEqual(["200"]);
  expect(pages.length).toBeLessThan(10);
  await expect(trace.getByTestId("trace-earlier")).toHaveText("Show steps 1–10,000");

  // The long output came cut; the whole step is read on demand, then its text opens as any long text does.
  const long = trace.locator('[data-testid="trace-step"][data-step="19502"]');
  await expect(long.getByTestId("step-cut")).toContainText("Long texts cut at 2,000 characters each (10,011 in all).");
  await expect(long).not.toContainText("END-OF-LONG");
  const whole = (await (await request.get(`${api}?offset=19501&limit=50&whole=1`)).json()) as {
    steps: { index: number; cut?: unknown; results: { content: unknown }[] }[];
  };
  expect(whole.steps.map((s) => [s.index, s.cut ?? null])).toEqual([[19501, null]]);
  expect(String(whole.steps[0]!.results[0]!.content)).toMatch(/END-OF-LONG$/);
  await long.getByTestId("step-show-whole").click();
  await expect(long.getByTestId("step-cut")).toHaveCount(0);
  await long.getByRole("button", { name: "show all (10,011 characters)" }).click();
  await expect(long).toContainText("END-OF-LONG");

  // The first error is in the other window: following it moves back.
  await trace.getByTestId("jump-first-error").click();
  const error = trace.locator('[data-testid="trace-step"][data-step="8000"]');
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute("data-error", "true");
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
