import type { APIRequestContext, Page } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolloutHref } from "../lib/views/hrefs";
import { expect, snap, test } from "./fixtures";

// The rollout page's Trace section on one real file per format: the totals each reader's golden test gives
// (lib/formats/<format>/trace.test.ts), a Harbor trial's verifier output and exception, and the computer-use
// trial's stored screenshot shown inline beside the fourteen it names but does not hold.

const TRACES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "lib",
  "formats",
  "__fixtures__",
  "traces",
);
const REFRESH = path.join(TRACES, "harbor", "refreshdotdev");
const BLOSC = path.join(REFRESH, "nova-complex-docker", "077_blosc__bloscpack__step50__pu__J9jFHqy");
const COMPUTER_USE = path.join(REFRESH, "2026-02-09__00-15-22", "computer-use-oncall-debug__kFdZhTa");

/** Every file under `dir`, named `<base>/<path inside dir>` as a folder upload names them. */
function folderFiles(dir: string, base = path.basename(dir)): { name: string; file: string }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
    .map((file) => ({ name: `${base}/${path.relative(dir, file).split(path.sep).join("/")}`, file }));
}

/** Uploads the files as one run (once per server) and returns the run id and its only rollout's id. */
async function ingest(
  request: APIRequestContext,
  run: string,
  files: { name: string; file: string }[],
): Promise<{ runId: string; rolloutId: string }> {
  const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  let runId = list.runs.find((r) => r.name === run)?.id;
  if (!runId) {
    const form = new FormData();
    form.append("run", run);
    for (const { name, file } of files) form.append("files", new Blob([new Uint8Array(fs.readFileSync(file))]), name);
    const response = await request.post("/api/runs", { multipart: form });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as { runs: { id: string }[] };
    expect(body.runs).toHaveLength(1);
    runId = body.runs[0]!.id;
  }
  const report = (await (await request.get(`/api/runs/${encodeURIComponent(runId)}/report`)).json()) as {
    rollouts: { id: string }[];
  };
  expect(report.rollouts).toHaveLength(1);
  return { runId, rolloutId: report.rollouts[0]!.id };
}

/** Nothing wider than the viewport: at 390 wide a long id or line wraps or scrolls inside its own box. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/**
 * The trace's totals, once the trace is hydrated: the rows the server drew are then replaced by the virtualised
 * list (an element found before can be detached under the next action), and a fragment changed while the page
 * hydrates can be written over by the router's first URL.
 */
async function expectTotals(page: Page, steps: string, calls: string, errors: string) {
  const trace = page.getByTestId("trace");
  await expect(trace).toHaveAttribute("data-hydrated", "true");
  await expect(trace.getByTestId("trace-total-steps")).toHaveText(steps);
  await expect(trace.getByTestId("trace-total-calls")).toHaveText(calls);
  await expect(trace.getByTestId("trace-total-errors")).toHaveText(errors);
}

test("Harbor ATIF trial folder: 50 steps, 48 calls; verifier output and exception shown as text; screenshots", async ({
  page,
  request,
}) => {
  const { runId, rolloutId } = await ingest(request, "trace-formats-harbor", folderFiles(BLOSC));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(rolloutHref(runId, rolloutId));
  await expectTotals(page, "50", "48", "0");

  const verifier = page.getByTestId("verifier-output");
  await expect(verifier).toContainText("verifier/test-stdout.txt");
  // 42 lines: the first and last ten show until "show all".
  await expect(verifier.locator("pre")).toContainText("ERROR test/test_memory_io.py");
  await expect(verifier.locator("pre")).toContainText("22 lines hidden");
  await expect(verifier.locator("pre")).not.toContainText("_pytest/python.py:507: in importtestmodule");
  await verifier.getByRole("button", { name: "show all (42 lines)" }).click();
  await expect(verifier.locator("pre")).toContainText("_pytest/python.py:507: in importtestmodule");
  const exception = page.getByTestId("trial-exception");
  await expect(exception.locator("pre")).toContainText(
    "harbor.trial.trial.AgentTimeoutError: Agent execution timed out after 600.0 seconds",
  );

  // The steps are virtualised against the window: those in view are the ones a screenshot shows.
  await page.getByTestId("trace").scrollIntoViewIfNeeded();
  await snap(page, "trace-harbor-blosc-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("trace-total-steps")).toHaveText("50");
  await page.getByTestId("trace-search").scrollIntoViewIfNeeded();
  // Narrowed, the page is longer above the list: the first step is still drawn right under the search box.
  await expect(page.locator('[data-testid="trace-step"][data-step="1"]')).toBeInViewport();
  await expectNoSideScroll(page);
  await snap(page, "trace-harbor-blosc-390");
});

test("Harbor multimodal trial: the stored screenshot inline, the missing ones named", async ({ page, request }) => {
  const { runId, rolloutId } = await ingest(request, "trace-formats-multimodal", folderFiles(COMPUTER_USE));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(rolloutHref(runId, rolloutId));
  await expectTotals(page, "51", "54", "0");
  await expect(page.getByTestId("verifier-output")).toBeVisible();

  const image = page.getByTestId("trace-image").first();
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute("alt", "image agent/images/step_2_computer_screenshot_2.png");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
  const served = await request.get((await image.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["content-security-policy"]).toContain("sandbox");

  await page.getByTestId("trace-search").fill("step_4_computer_screenshot_3");
  await expect(page.getByTestId("trace-image-missing").first()).toHaveText(
    "image not stored: agent/images/step_4_computer_screenshot_3.png",
  );
  await page.getByTestId("trace-search").fill("");

  await image.scrollIntoViewIfNeeded();
  await snap(page, "trace-harbor-multimodal-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await image.scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);
  await snap(page, "trace-harbor-multimodal-390");
});

test("Inspect .eval with Zstandard members: 4 steps, no calls", async ({ page, request }) => {
  const file = path.join(TRACES, "inspect-ai", "legacy", "retry-2-then-success.eval");
  const { runId, rolloutId } = await ingest(request, "trace-formats-inspect", [{ name: "retry.eval", file }]);
  await page.goto(rolloutHref(runId, rolloutId));
  await expectTotals(page, "4", "0", "0");
  await expect(page.getByTestId("trace-step").first()).toContainText("hello");
});

test("BenchFlow ACP trajectory: 8 steps, 2 calls", async ({ page, request }) => {
  const dir = path.join(TRACES, "benchflow", "branch_tree_claude", "claude-continue", "hello-world-task__0000abcd");
  const { runId, rolloutId } = await ingest(request, "trace-formats-benchflow", folderFiles(dir));
  await page.goto(rolloutHref(runId, rolloutId));
  await expectTotals(page, "8", "2", "0");
});

test("tau-bench entry: 28 steps, 5 calls, 1 tool error", async ({ page, request }) => {
  const file = path.join(TRACES, "tau-bench", "gpt-4o-airline.task13-trial1.json");
  const { runId, rolloutId } = await ingest(request, "trace-formats-tau-bench", [
    { name: "gpt-4o-airline.json", file },
  ]);
  await page.goto(rolloutHref(runId, rolloutId));
  await expectTotals(page, "28", "5", "1");
  await expect(page.getByTestId("jump-first-error")).toBeVisible();
});

const AGENTS = path.join(TRACES, "agents");

/** A Harbor trial folder holding only its result and `agent/<name>`: the trace is found by its content. */
async function ingestTrial(request: APIRequestContext, run: string, trace: string, name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-agent-trace-"));
  const trial = path.join(dir, "fix-dates__AbC1234");
  fs.mkdirSync(path.join(trial, "agent"), { recursive: true });
  fs.writeFileSync(
    path.join(trial, "result.json"),
    JSON.stringify({
      task_name: "fix-dates",
      trial_name: "fix-dates__AbC1234",
      agent_info: { name: "agent", model_info: { name: "model" } },
      verifier_result: { rewards: { reward: 1 } },
      exception_info: null,
    }),
  );
  fs.copyFileSync(path.join(AGENTS, trace), path.join(trial, "agent", name));
  try {
    return await ingest(request, run, folderFiles(trial));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("ATIF v1.8 with embedded subagents: nested under the step that delegated, tokens per step", async ({
  page,
  request,
}) => {
  const { runId, rolloutId } = await ingestTrial(
    request,
    "trace-formats-atif-subagents",
    "atif/subagents-v1.8.json",
    "trajectory.json",
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(rolloutHref(runId, rolloutId));
  await expectTotals(page, "12", "5", "0");
  const step = (n: number) => page.locator(`[data-testid="trace-step"][data-step="${n}"]`);
  await expect(step(3).getByTestId("step-subagent")).toHaveCount(0);
  await expect(step(3).getByTestId("step-usage")).toHaveText("2,000 in · 120 out · 1,500 cached · $0.0120");
  await expect(step(4).getByTestId("step-subagent")).toHaveText("subagent explorer · sub-explore-1");
  await expect(step(6)).toHaveAttribute("data-subagent", "sub-grep-1");
  await expect(step(6).getByTestId("step-subagent")).toHaveText("subagent grepper · sub-grep-1");
  const indent = async (n: number) => step(n).evaluate((el) => el.getBoundingClientRect().left);
  expect(await indent(6)).toBeGreaterThan(await indent(4));
  expect(await indent(4)).toBeGreaterThan(await indent(3));
  await page.getByTestId("trace").scrollIntoViewIfNeeded();
  await snap(page, "trace-atif-subagents-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await step(6).scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);
  await snap(page, "trace-atif-subagents-390");
});

test("Claude Code stream-json as agent/claude-code.txt: 17 steps, the Task subagent nested", async ({
  page,
  request,
}) => {
  const { runId, rolloutId } = await ingestTrial(
    request,
    "trace-formats-claude-code",
    "claude-code/claude-code.txt",
    "claude-code.txt",
  );
  await page.goto(rolloutHref(runId, rolloutId));
  await expectTotals(page, "17", "5", "1");
  // The list is virtualised: a step's fragment draws it and the steps around it.
  await page.goto(`${rolloutHref(runId, rolloutId)}#trace-step-8`);
  const step = (n: number) => page.locator(`[data-testid="trace-step"][data-step="${n}"]`);
  await expect(step(8).getByTestId("step-subagent")).toHaveText("subagent Find callers of parse_date · toolu_02");
  for (const n of [7, 9, 10]) await expect(step(n)).toHaveAttribute("data-subagent", "toolu_02");
  for (const n of [6, 11]) await expect(step(n)).not.toHaveAttribute("data-subagent");
  await expect(step(5)).toHaveAttribute("data-error", "true");
  await snap(page, "trace-claude-code-1440");
});

test("Codex exec events and OTLP GenAI spans: their steps, calls and tool errors", async ({ page, request }) => {
  const codex = await ingestTrial(request, "trace-formats-codex", "codex/codex.jsonl", "codex.jsonl");
  await page.goto(rolloutHref(codex.runId, codex.rolloutId));
  await expectTotals(page, "12", "7", "2");
  const otlp = await ingestTrial(request, "trace-formats-otlp", "otlp/genai-agent.otlp.json", "spans.otlp.json");
  await page.goto(rolloutHref(otlp.runId, otlp.rolloutId));
  await expectTotals(page, "9", "3", "1");
  await page.goto(`${rolloutHref(otlp.runId, otlp.rolloutId)}#trace-step-6`);
  const step = (n: number) => page.locator(`[data-testid="trace-step"][data-step="${n}"]`);
  for (const n of [5, 6, 7, 8]) await expect(step(n)).toHaveAttribute("data-subagent", "aaaaaaaaaaaaaa05");
  await expect(step(9)).not.toHaveAttribute("data-subagent");
  await expect(step(7)).toHaveAttribute("data-error", "true");
  await expect(step(6).getByTestId("step-usage")).toHaveText("430 in · 22 out");
  await snap(page, "trace-otlp-1440");
});
