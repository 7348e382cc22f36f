import type { APIRequestContext, Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolloutHref, runSearchHref, sideBySideHref, sideBySideOfHref, taskHref } from "../lib/views/hrefs";
import { expectAccessible } from "./axe";
import { expect, snap, test } from "./fixtures";

// The side by side of rollouts, on attempts at the Silo checkout task (e2e/side-by-side-data): attempt-1 fails C3
// and calls get_capacity before list_instances; attempt-2 passes every check and makes the same calls with those
// two swapped, so the aligned traces part ways at row 3. attempt-3 queries the metrics over 24h instead of 1h and
// stops after get_capacity, failing C2 (citing no step) and C3 (citing get_capacity's output, e3).

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), "side-by-side-data");
const TASK = "incident/checkout";
const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** Uploads the given attempt folders as one run and returns its id. */
async function upload(request: APIRequestContext, name: string, folders: string[]): Promise<string> {
  const form = new FormData();
  form.append("run", name);
  for (const folder of folders)
    for (const file of fs.readdirSync(path.join(DATA, folder)).sort())
      form.append(
        "files",
        new Blob([new Uint8Array(fs.readFileSync(path.join(DATA, folder, file)))]),
        `${folder}/${file}`,
      );
  const response = await request.post("/api/runs", { multipart: form });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const body = (await response.json()) as { runs: { id: string }[] };
  expect(body.runs).toHaveLength(1);
  return body.runs[0]!.id;
}

/** Nothing is wider than the viewport: the page never scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
}

async function expectThePair(page: Page) {
  const sbs = page.getByTestId("side-by-side");
  await expect(sbs).toBeVisible();
  await expect(sbs.getByTestId("sbs-id-A")).toHaveText("attempt-1/result");
  await expect(sbs.getByTestId("sbs-id-B")).toHaveText("attempt-2/result");
  await expect(sbs.getByTestId("sbs-verdict-A")).toContainText("failed");
  await expect(sbs.getByTestId("sbs-verdict-A")).toContainText("0.80");
  await expect(sbs.getByTestId("sbs-verdict-B")).toContainText("passed");
  await expect(sbs.getByTestId("sbs-verdict-B")).toContainText("1.00");

  // C3 is the one check that differs, and it comes first.
  const rows = sbs.getByTestId("sbs-check-row");
  await expect(rows).toHaveCount(5);
  await expect(sbs.locator('[data-testid="sbs-check-row"][data-differs="true"]')).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-differs", "true");
  await expect(rows.first()).toContainText("C3");
  await expect(rows.first()).toContainText("fail");
  await expect(sbs.getByTestId("sbs-check-summary")).toContainText("1 check differs · 5 checks in all.");
  // Each verdict with what the verifier said of it, as the rollout page shows it.
  await expect(rows.first().getByTestId("sbs-check-a")).toContainText(
    "Four pools of 64 require 256 connections; only 64 are available.",
  );
  await expect(rows.first().getByTestId("sbs-check-a")).toContainText("REMEDY_EXCEEDS_CONNECTION_BUDGET");
  await expect(rows.first().getByTestId("sbs-check-b")).toContainText(
    "Four pools of 16 use the 64 available connections.",
  );

  await expect(sbs.getByTestId("sbs-measures-A")).toContainText("not recorded");
  await expect(sbs.getByTestId("sbs-answer-B")).toContainText("set each pool to 16");

  // diff, metrics, capacity | –, instances, – | capacity, runbook, the answers: the traces part ways at row 3.
  const traceRows = sbs.getByTestId("sbs-trace-row");
  await expect(traceRows).toHaveCount(7);
  await expect(sbs.getByTestId("sbs-divergence-B")).toContainText("diverges at step 6 (row 3)");
  await expect(sbs.getByTestId("sbs-divergence")).toHaveCount(1);
  const first = sbs.locator('[data-testid="sbs-trace-row"][data-first-divergence="true"]');
  await expect(first).toHaveAttribute("id", "sbs-row-3");
  await expect(first.getByTestId("sbs-call-A")).toContainText("get_capacity");
  await expect(first.getByTestId("sbs-call-B")).toHaveCount(0);
  await expect(traceRows.nth(3)).toHaveAttribute("data-same", "true");
  await expect(traceRows.nth(3).getByTestId("sbs-call-B")).toContainText("list_instances");
  await expect(sbs.getByTestId("sbs-full-trace-A")).toHaveAttribute(
    "href",
    /\/rollouts\/attempt-1%2Fresult#trace-heading$/,
  );
}

test("three rollouts of one task: each parts ways with A where marked, each check beside the step it cites", async ({
  page,
  request,
}, testInfo) => {
  const runId = await upload(request, `sbs-three-attempts-${suffix}`, ["attempt-1", "attempt-2", "attempt-3"]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(taskHref(runId, TASK));
  const picks = page.getByTestId("pick-rollout");
  await expect(picks).toHaveCount(3);
  for (const i of [0, 1, 2]) {
    await picks.nth(i).focus();
    await page.keyboard.press("Space");
  }
  const link = page.getByTestId("side-by-side-link");
  await expect(link).toHaveText("Side by side: #1, #2 and #3");
  await link.click();
  const refs = ["attempt-1/result", "attempt-2/result", "attempt-3/result"].map((rolloutId) => ({ runId, rolloutId }));
  await expect(page).toHaveURL(new RegExp(`${sideBySideOfHref(refs).replace(/[?]/g, "\\?")}$`));

  const sbs = page.getByTestId("side-by-side");
  await expect(sbs.getByTestId("sbs-id-C")).toHaveText("attempt-3/result");
  // By hand: diff | metrics 1h (A, B) | C's metrics 24h | capacity (A, C) | instances (A, B) | B's capacity |
  // runbook (A, B) | the answers (A, B): 8 rows. C parts ways at row 2 (its step 4, the 24h query), B at row 4.
  await expect(sbs.getByTestId("sbs-trace")).toContainText(
    "5 calls and 1 message in A, 5 calls and 1 message in B, 3 calls in C · 8 aligned rows",
  );
  await expect(sbs.getByTestId("sbs-trace-row")).toHaveCount(8);
  await expect(sbs.getByTestId("sbs-divergence-A")).toContainText("the others are aligned to A");
  await expect(sbs.getByTestId("sbs-divergence-B")).toContainText("diverges at step 6 (row 4)");
  await expect(sbs.getByTestId("sbs-divergence-C")).toContainText("diverges at step 4 (row 2)");
  await expect(page.locator("#sbs-row-2")).toHaveAttribute("data-diverging", "C");
  await expect(page.locator("#sbs-row-2").getByTestId("sbs-divergence")).toHaveText("C parts ways with A here");
  await expect(page.locator("#sbs-row-3").getByTestId("sbs-call-C")).toContainText('"window":"24h"');
  await expect(page.locator("#sbs-row-4")).toHaveAttribute("data-diverging", "B");

  // C3 cites e3, get_capacity's output: each rollout's verdict and detail sit on its own get_capacity cell.
  const capacityA = page.locator("#sbs-row-4").getByTestId("sbs-call-A");
  await expect(capacityA).toContainText("get_capacity");
  await expect(capacityA.getByTestId("sbs-check-note")).toHaveAttribute("data-check", "C3");
  await expect(capacityA.getByTestId("sbs-check-detail")).toHaveText(
    "Four pools of 64 require 256 connections; only 64 are available.",
  );
  await expect(page.locator("#sbs-row-4").getByTestId("sbs-call-C").getByTestId("sbs-check-detail")).toHaveText(
    "No remedy given: the run stopped after reading the capacity.",
  );
  await expect(page.locator("#sbs-row-6").getByTestId("sbs-call-B").getByTestId("sbs-check-detail")).toHaveText(
    "Four pools of 16 use the 64 available connections.",
  );
  // The checks citing no step are on each card, the failed required one first.
  const uncitedC = sbs.getByTestId("sbs-uncited-C");
  await expect(uncitedC).toContainText("4 checks citing no step");
  await expect(uncitedC.getByTestId("sbs-check-note").first()).toHaveAttribute("data-check", "C2");
  await expect(uncitedC.getByTestId("sbs-check-note").first()).toContainText("queried a 24h window");

  await expectNoOverflow(page);
  await expectAccessible(page, "side by side of three rollouts", testInfo);
  fs.mkdirSync("/tmp/shots-sbs", { recursive: true });
  await page.screenshot({ path: "/tmp/shots-sbs/three-1440.png", fullPage: true });

  // The column heads stay in view while the rows scroll past.
  await page.locator("#sbs-row-8").scrollIntoViewIfNeeded();
  await expect(sbs.getByText("C · attempt-3/result")).toBeInViewport();

  await sbs.getByTestId("sbs-divergence-B").getByRole("link").click();
  await expect(page).toHaveURL(/#sbs-row-4$/);
  await expect(page.locator("#sbs-row-4")).toBeInViewport();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(sbs.getByTestId("sbs-divergence-C")).toContainText("diverges at step 4");
  await expect(page.locator("#sbs-row-2").getByTestId("sbs-divergence")).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, "side by side of three rollouts at 390 px", testInfo);
  await page.screenshot({ path: "/tmp/shots-sbs/three-390.png", fullPage: true });
});

test("the rollout page opens it beside others of its task, picked by keyboard; five rollouts are refused", async ({
  page,
  request,
}) => {
  const runId = await upload(request, `sbs-from-rollout-${suffix}`, ["attempt-1", "attempt-2", "attempt-3"]);
  await page.goto(rolloutHref(runId, "attempt-2/result"));
  const picker = page.getByTestId("rollout-side-by-side");
  await picker.locator("summary").focus();
  await page.keyboard.press("Enter");
  const boxes = picker.getByTestId("pick-sibling");
  await expect(boxes).toHaveCount(2);
  await boxes.nth(1).focus();
  await page.keyboard.press("Space");
  await boxes.nth(0).focus();
  await page.keyboard.press("Space");
  const open = picker.getByTestId("rollout-side-by-side-link");
  await expect(open).toHaveText("Open side by side (3 rollouts)");
  await open.click();
  const sbs = page.getByTestId("side-by-side");
  await expect(sbs.getByTestId("sbs-id-A")).toHaveText("attempt-2/result");
  await expect(sbs.getByTestId("sbs-id-B")).toHaveText("attempt-1/result");
  await expect(sbs.getByTestId("sbs-id-C")).toHaveText("attempt-3/result");

  const five = ["1", "2", "3", "1", "2"].map((n) => `${runId}:attempt-${n}/result`);
  await page.goto(`/compare/rollouts?a=${five[0]}&b=${five[1]}&c=${five[2]}&d=${five[3]}&e=${five[4]}`);
  await expect(page.getByTestId("side-by-side-problem")).toContainText(
    "At most 4 rollouts side by side (a, b, c, d): leave out “e”.",
  );
});

test("two rollouts of one task: picked in the checks grid, side by side with checks, answers and traces", async ({
  page,
  request,
}) => {
  const runId = await upload(request, `sbs-two-attempts-${suffix}`, ["attempt-1", "attempt-2"]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(taskHref(runId, TASK));

  const picks = page.getByTestId("pick-rollout");
  await expect(picks).toHaveCount(2);
  await expect(page.getByTestId("side-by-side-link")).toHaveCount(0);
  await picks.nth(0).check();
  // The second by keyboard: a native checkbox toggles with Space.
  await picks.nth(1).focus();
  await page.keyboard.press("Space");
  await expect(picks.nth(1)).toBeChecked();
  const link = page.getByTestId("side-by-side-link");
  await expect(link).toHaveText("Side by side: #1 and #2");
  await link.click();
  await expect(page).toHaveURL(/\/compare\/rollouts\?a=/);
  expect(page.url()).toContain(
    sideBySideHref({ runId, rolloutId: "attempt-1/result" }, { runId, rolloutId: "attempt-2/result" }),
  );

  await expectThePair(page);
  await expectNoOverflow(page);
  await snap(page, "side-by-side-1440");

  await page.getByTestId("sbs-jump-divergence").click();
  await expect(page).toHaveURL(/#sbs-row-3$/);
  await expect(page.locator("#sbs-row-3")).toBeInViewport();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expectThePair(page);
  await expectNoOverflow(page);
  await snap(page, "side-by-side-390");
});

test("the same task in two runs, from the compare page's per-task row; an unknown run or rollout is named", async ({
  page,
  request,
}) => {
  const a = await upload(request, `sbs-run-a-${suffix}`, ["attempt-2", "attempt-1"]);
  const b = await upload(request, `sbs-run-b-${suffix}`, ["attempt-2"]);
  await page.goto(`/compare?runs=${a},${b}&a=${a}`);
  const row = page.getByTestId("task-row").filter({ hasText: TASK });
  const link = row.getByTestId("task-side-by-side");
  await expect(link).toHaveText("A ⇄ B");
  // A run of one folder names its rollout by the file alone.
  await expect(link).toHaveAttribute("title", /first rollout by id .* in A \(attempt-1\/result\) and in B \(result\)/);
  await link.click();

  const sbs = page.getByTestId("side-by-side");
  await expect(sbs).toBeVisible();
  await expect(sbs.getByTestId("sbs-id-A")).toHaveText("attempt-1/result");
  await expect(sbs.getByTestId("sbs-id-B")).toHaveText("result");
  await expect(sbs.getByTestId("sbs-side-A")).toContainText(`sbs-run-a-${suffix}`);
  await expect(sbs.getByTestId("sbs-side-B")).toContainText(`sbs-run-b-${suffix}`);
  await expect(sbs.getByTestId("sbs-divergence")).toHaveCount(1);

  await page.goto(`/compare/rollouts?a=${a}:nope&b=no-such-run:attempt-2/result`);
  const problem = page.getByTestId("side-by-side-problem");
  await expect(problem).toContainText(`A: the run “sbs-run-a-${suffix}” has no rollout “nope”.`);
  await expect(problem).toContainText("B: there is no run “no-such-run”.");
  await page.goto(`/compare/rollouts?a=${a}`);
  await expect(page.getByTestId("side-by-side-problem")).toContainText("“b” is missing");
});

/** The id of a demo run (the e2e server loads prisma/demo into its empty database). */
async function demoRun(request: APIRequestContext, name: string): Promise<string> {
  const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  const run = list.runs.find((r) => r.name === name);
  expect(run, `demo run ${name}`).toBeDefined();
  return run!.id;
}

test("without traces: why each side has none, in its format's words; one side's trace shown beside the other's none", async ({
  page,
  request,
}) => {
  // Two demo Silo rollouts of finance/TASK-007, neither with a trace.
  const silo = await demoRun(request, "silo-runs");
  const report = (await (await request.get(`/api/runs/${silo}/report`)).json()) as {
    rollouts: { id: string; task: string }[];
  };
  const [first, second] = report.rollouts.filter((r) => r.task === "finance/TASK-007").map((r) => r.id);
  await page.goto(sideBySideHref({ runId: silo, rolloutId: first! }, { runId: silo, rolloutId: second! }));
  const none = page.getByTestId("sbs-no-alignment");
  await expect(none).toContainText(
    "Nothing to align: A: no trace.jsonl or <task>.tool-events.json among the rollout's files; B: no trace.jsonl",
  );
  await expect(none.getByRole("link")).toHaveCount(0);
  await expect(page.getByTestId("side-by-side").getByText(/full trace/)).toHaveCount(0);

  // The demo checkout rollout (a Silo trace) beside a Harbor trial without agent/trajectory.json.
  const trial = path.join(DATA, "..", "..", "lib", "formats", "__fixtures__", "harbor-real", "3d-scan-calc__F8Fc7fn");
  const form = new FormData();
  form.append("run", `sbs-harbor-${suffix}`);
  form.append("files", new Blob([fs.readFileSync(path.join(trial, "result.json"))]), "trial/result.json");
  form.append(
    "files",
    new Blob([fs.readFileSync(path.join(trial, "verifier", "ctrf.json"))]),
    "trial/verifier/ctrf.json",
  );
  const response = await request.post("/api/runs", { multipart: form });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const harbor = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;
  const harborRollout = (
    (await (await request.get(`/api/runs/${harbor}/report`)).json()) as { rollouts: { id: string }[] }
  ).rollouts[0]!.id;
  const article = await demoRun(request, "scoring-article");
  await page.goto(
    sideBySideHref({ runId: article, rolloutId: "checkout/result" }, { runId: harbor, rolloutId: harborRollout }),
  );
  // A's trace is shown, its steps in their own rows; B keeps an empty column, and why it has no trace is said.
  await expect(page.getByTestId("sbs-no-alignment")).toHaveCount(0);
  const aligned = page.getByTestId("sbs-trace");
  await expect(aligned).toContainText("no trace in B");
  await expect(aligned).toContainText("get_capacity");
  await expect(page.getByTestId("sbs-traceless")).toContainText(
    "B: no agent/trajectory.json or agent/<agent>.trajectory.json in the trial, nor a Claude Code stream-json, Codex exec events, OTLP GenAI spans or ATIF trajectory, SWE-agent .traj, OpenHands event list or chat messages among its files.",
  );
  await expect(page.getByTestId("sbs-jump-divergence")).toHaveCount(0);
  await expect(page.getByTestId("sbs-same-calls")).toHaveCount(0);
  await expect(page.getByTestId("sbs-divergence-B")).toHaveText("no trace to align");
  await expect(aligned.getByText("no matching step")).toHaveCount(0);
  await expect(page.getByTestId("sbs-full-trace-A")).toHaveText("A: full trace of checkout/result");
  await expect(page.getByTestId("sbs-full-trace-B")).toHaveCount(0);
  await page.getByTestId("sbs-full-trace-A").click();
  await expect(page).toHaveURL(/\/rollouts\/checkout%2Fresult#trace-heading$/);
  await expect(page.getByRole("heading", { name: "Trace", level: 2 })).toBeInViewport();
});

/** A Silo attempt at the checkout task that makes `calls` read calls, the one at `odd` with other arguments. */
function longAttempt(folder: string, calls: number, odd: number | null): { path: string; bytes: Uint8Array }[] {
  const result = JSON.parse(fs.readFileSync(path.join(DATA, "attempt-1", "result.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const at = (seq: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, 0) + seq * 1000).toISOString();
  const events: object[] = [{ seq: 1, type: "run_start", at: at(1), taskId: "checkout" }];
  for (let i = 0; i < calls; i++) {
    const input = { page: i === odd ? -1 : i };
    events.push({
      seq: events.length + 1,
      type: "tool_call",
      at: at(events.length + 1),
      callId: i + 1,
      tool: "read_log",
      input,
    });
    events.push({
      seq: events.length + 1,
      type: "tool_result",
      at: at(events.length + 1),
      callId: i + 1,
      tool: "read_log",
      output: { line: i },
    });
  }
  events.push({ seq: events.length + 1, type: "run_end", at: at(events.length + 1), terminationReason: "completed" });
  const text = (value: string) => new TextEncoder().encode(value);
  return [
    { path: `${folder}/result.json`, bytes: text(JSON.stringify({ ...result, toolCalls: calls })) },
    { path: `${folder}/trace.jsonl`, bytes: text(events.map((e) => JSON.stringify(e)).join("\n") + "\n") },
  ];
}

test("a long pair renders 300 aligned rows a window; the divergence link opens the window holding it", async ({
  page,
  request,
}) => {
  const form = new FormData();
  form.append("run", `sbs-long-${suffix}`);
  for (const file of [...longAttempt("long-1", 320, null), ...longAttempt("long-2", 320, 310)])
    form.append("files", new Blob([new Uint8Array(file.bytes)]), file.path);
  const response = await request.post("/api/runs", { multipart: form });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const runId = ((await response.json()) as { runs: { id: string }[] }).runs[0]!.id;

  await page.goto(sideBySideHref({ runId, rolloutId: "long-1/result" }, { runId, rolloutId: "long-2/result" }));
  const sbs = page.getByTestId("side-by-side");
  await expect(sbs.getByTestId("sbs-trace")).toContainText("320 calls in A, 320 calls in B · 321 aligned rows");
  await expect(sbs.getByTestId("sbs-trace-row")).toHaveCount(300);
  await expect(sbs.getByTestId("sbs-divergence")).toHaveCount(0);
  await expect(sbs.getByRole("link", { name: "Next 21 rows ›" })).toBeVisible();

  // Call 311 differs: A's stands alone at row 311, B's at row 312, in the window from row 301.
  await sbs.getByTestId("sbs-jump-divergence").click();
  await expect(page).toHaveURL(/[?&]from=300#sbs-row-311$/);
  await expect(sbs.getByTestId("sbs-trace-row")).toHaveCount(21);
  await expect(page.locator("#sbs-row-311")).toHaveAttribute("data-first-divergence", "true");
  await expect(page.locator("#sbs-row-311")).toBeInViewport();
  await expect(sbs.getByRole("link", { name: "‹ Previous rows" })).toBeVisible();
});

test("trace words filter a task's rollouts: found from the search page, the grid keeps the matching ones", async ({
  page,
  request,
}, testInfo) => {
  const runId = await upload(request, `sbs-trace-filter-${suffix}`, ["attempt-1", "attempt-2", "attempt-3"]);
  // list_instances is in attempt-1's and attempt-2's traces, not in attempt-3's (it stops after get_capacity).
  await page.goto(`${runSearchHref(runId)}?q=list_instances`);
  await expect(page.getByTestId("search-rollout")).toHaveCount(2);
  await page.getByTestId("search-task-link").first().click();
  await expect(page).toHaveURL(/\/tasks\/incident%2Fcheckout\?trace=list_instances$/);
  const filter = page.getByTestId("task-trace-filter");
  await expect(filter).toContainText("Trace matches “list_instances”: 2 of 3 rollouts");
  const columns = page.getByTestId("rollout-column");
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toContainText("#1");
  await expect(columns.nth(1)).toContainText("#2");
  // Each check row has a cell per shown rollout only.
  await expect(page.getByTestId("check-row").first().locator("td")).toHaveCount(2);
  await expectAccessible(page, "task page, trace filter", testInfo);

  // Words no trace holds: says so, and the way back.
  await page.goto(`${taskHref(runId, TASK)}?trace=no_such_tool_anywhere`);
  await expect(page.getByTestId("task-trace-filter")).toContainText("0 of 3 rollouts");
  await expect(page.getByTestId("task-trace-empty")).toBeVisible();
  await page.goto(`${taskHref(runId, TASK)}?trace=list_instances`);
  await filter.getByRole("link", { name: /Remove the trace filter/ }).click();
  await expect(page).toHaveURL(new RegExp(`${taskHref(runId, TASK).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(columns).toHaveCount(3);
  await expect(page.getByTestId("task-trace-filter")).toHaveCount(0);
});
