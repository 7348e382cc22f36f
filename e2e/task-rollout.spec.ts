import type { APIRequestContext, Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolloutHref, taskHref } from "../lib/views/hrefs";
import { rolloutRowId, taskRowId } from "../lib/db/ids";
import { expect, snap, test } from "./fixtures";

// The task page (checks × rollouts, pass@k) and the rollout page (failed required first, text never markup),
// on the demo runs the server loads into its empty database.

interface RunMeta {
  id: string;
}

async function runMeta(request: APIRequestContext, name: string): Promise<RunMeta> {
  const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  const run = list.runs.find((r) => r.name === name);
  expect(run, `demo run ${name}`).toBeDefined();
  return { id: run!.id };
}

const HOSTILE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "task-rollout-data");

/**
 * The run holding the rollout with this id (the "bad" demo run holds the hostile inputs); when no run has it,
 * the files in e2e/task-rollout-data are uploaded as run "bad" first.
 */
async function findRollout(request: APIRequestContext, rolloutId: string): Promise<{ run: RunMeta; href: string }> {
  const scan = async () => {
    const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
    // Only the run this spec uploads: other specs store rollouts of the same ids from other files.
    for (const { id } of list.runs.filter((r) => r.name === "bad")) {
      const href = rolloutHref(id, rolloutId);
      if ((await request.get(href)).status() === 200) return { run: { id }, href };
    }
    return null;
  };
  const found = await scan();
  if (found) return found;
  const form = new FormData();
  form.set("run", "bad");
  for (const name of fs.readdirSync(HOSTILE_DIR).sort()) {
    form.append("files", new Blob([fs.readFileSync(path.join(HOSTILE_DIR, name))], { type: "application/json" }), name);
  }
  const upload = await request.post("/api/runs", { multipart: form });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const stored = await scan();
  expect(stored, `rollout ${rolloutId} after uploading the hostile inputs`).not.toBeNull();
  return stored!;
}

/** Any dialog (alert, confirm) the page opens is recorded, so a test can assert that none fired. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test("finance/TASK-007: the grid, the summary and pass@k, then a failed rollout with its failed required checks first", async ({
  page,
  request,
}) => {
  const run = await runMeta(request, "silo-runs");

  await page.goto(`/runs/${run.id}`);
  await page.locator(`a[href="/runs/${run.id}/tasks/finance%2FTASK-007"]`).first().click();
  await expect(page).toHaveURL(`/runs/${run.id}/tasks/finance%2FTASK-007`);

  await expect(page.getByRole("heading", { level: 1 })).toContainText("TASK-007");
  await expect(page.getByTestId("rollout-column")).toHaveCount(5);
  await expect(page.getByTestId("task-passes")).toHaveText("3/5");
  await expect(page.getByTestId("task-diagnosis")).toContainText(/unreliable/i);
  await expect(page.getByTestId("task-diagnosis")).toContainText("passes 3 of 5: reliability work");

  // Rows whose check failed as required somewhere come first.
  const firstRow = page.getByTestId("check-row").first();
  await expect(firstRow).toContainText("required");
  await expect(firstRow).toContainText(/fails in 1 of 5/);

  // pass@k and pass^k: two lines in one svg.
  const chart = page.getByTestId("pass-at-k-chart");
  await expect(chart.locator("svg path.recharts-line-curve")).toHaveCount(2);
  await expect(page.getByRole("row", { name: /^2 90\.0% 30\.0%$/ })).toBeVisible();

  // A cell's detail opens by keyboard and closes with Escape.
  const cell = page.getByRole("button", { name: /The invoice keeps its amount, rollout #4: fail/ });
  await expect(cell).toHaveAttribute("title", /not found in final state/);
  await cell.focus();
  await page.keyboard.press("Enter");
  const detail = page.getByRole("region", { name: /Detail of The invoice keeps its amount in rollout #4/ });
  await expect(detail).toContainText("not found in final state");
  await detail.getByRole("button", { name: "Close" }).press("Escape");
  await expect(detail).toHaveCount(0);
  await expect(cell).toBeFocused();
  // Esc also closes it while the focus stays on the cell that opened it.
  await page.keyboard.press("Enter");
  await expect(detail).toBeVisible();
  await expect(cell).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(detail).toHaveCount(0);

  await snap(page, "task-page");

  // The failed rollout #4: its failed required check is listed before every check.
  await page.getByRole("link", { name: "Rollout run_20261104100300_9c46" }).click();
  await expect(page).toHaveURL(`/runs/${run.id}/rollouts/run_20261104100300_9c46`);
  await expect(page.getByTestId("rollout-verdict")).toHaveText(/failed/);
  await expect(page.getByTestId("rollout-reward")).toHaveText("0.50");
  const failed = page.getByTestId("failed-required");
  await expect(failed.getByTestId("failed-required-label")).toHaveText(["The invoice keeps its amount"]);
  const failedFirst = await page.evaluate(() => {
    const list = document.querySelector('[data-testid="failed-required"]');
    const table = document.querySelector('[data-testid="check-table"]');
    return Boolean(list && table && list.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(failedFirst).toBe(true);
  await expect(page.getByTestId("check-table").locator("tbody tr")).toHaveCount(10);
  await expect(page.getByRole("navigation", { name: "Rollouts of this task" }).first()).toContainText("Rollout 4 of 5");

  await page.getByRole("button", { name: "View" }).first().click();
  await expect(page.getByLabel(/^Contents of .*result\.json$/)).toContainText('"failedRequired"');
  await expect(page.getByRole("link", { name: "Download" }).first()).toHaveAttribute(
    "href",
    /\/api\/files\/[0-9a-f]{64}\?name=result\.json$/,
  );

  await snap(page, "rollout-page");
});

test("the bad run's markup-in-text rollout shows every string literally and runs nothing", async ({
  page,
  request,
}) => {
  const dialogs = recordDialogs(page);
  const { href } = await findRollout(request, "markup-in-text");

  await page.goto(href);
  await expect(page.getByTestId("agent-output")).toHaveText("<script>alert('agentOutput')</script>");
  await expect(page.getByText("<img src=x onerror=alert(1)>").first()).toBeVisible();
  await expect(page.getByText("<script>alert('detail')</script>").first()).toBeVisible();
  // A detail of several lines (a traceback) keeps its lines, in a monospaced font, still as text.
  const traceback = page.getByText("def test_total():").first();
  await expect(traceback).toContainText("E       AssertionError: <b>not bold</b>");
  expect(await traceback.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("<b>bold-task</b>");

  await page.getByRole("button", { name: "View" }).first().click();
  await expect(page.getByLabel(/^Contents of markup-in-text\.json$/)).toContainText(
    `"agentOutput": "<script>alert('agentOutput')</script>"`,
  );

  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("b", { hasText: "bold-task" })).toHaveCount(0);

  // Its task page too: the task key and the check label stay text.
  await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "<b>bold-task</b>" }).click();
  await expect(page.getByTestId("rollout-column")).toHaveCount(1);
  await expect(page.getByTestId("check-row").first()).toContainText("<img src=x onerror=alert(1)>");
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("an unscored rollout says why, with its warning", async ({ page, request }) => {
  const { href } = await findRollout(request, "no-required-checks");
  await page.goto(href);
  await expect(page.getByTestId("rollout-verdict")).toHaveText("unscored");
  await expect(page.getByText("unscored — no required checks")).toBeVisible();
  await expect(page.getByTestId("rollout-warnings")).toContainText("a verifier with no required check cannot grade");
});

test("a what-if scenario in the link carries from the task page to the rollout page", async ({ page, request }) => {
  const run = await runMeta(request, "silo-runs");
  const scenario = {
    flips: [
      {
        task: "finance/TASK-007",
        rollout: "run_20261104100300_9c46",
        check: "The invoice keeps its amount",
        passed: true,
      },
    ],
  };
  const query = new URLSearchParams({ scenario: JSON.stringify(scenario) }).toString();
  await page.goto(`${taskHref(run.id, "finance/TASK-007")}?${query}`);
  await expect(page.getByTestId("scenario-banner")).toBeVisible();
  await expect(page.getByTestId("task-passes")).toHaveText("4/5");

  await page.getByRole("link", { name: "Rollout run_20261104100300_9c46" }).click();
  await expect(page).toHaveURL(/scenario=/);
  await expect(page.getByTestId("rollout-verdict")).toHaveText(/passed/);
  await expect(page.getByTestId("failed-required")).toHaveCount(0);
});

test("unknown task and rollout ids get a not-found page", async ({ page, request }) => {
  const run = await runMeta(request, "silo-runs");
  const task = await page.goto(`/runs/${run.id}/tasks/nope`);
  expect(task?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such task" })).toBeVisible();
  const rollout = await page.goto(`/runs/${run.id}/rollouts/nope`);
  expect(rollout?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such rollout" })).toBeVisible();
});

test("links from before readable URLs redirect permanently to the task and rollout by key, scenario kept", async ({
  page,
  request,
}) => {
  const run = await runMeta(request, "silo-runs");
  const oldTask = `/runs/${run.id}/tasks/${taskRowId(run.id, "finance/TASK-007")}?scenario=%7B%7D`;
  const task = await request.get(oldTask, { maxRedirects: 0 });
  expect(task.status()).toBe(308);
  expect(task.headers().location).toBe(`/runs/${run.id}/tasks/finance%2FTASK-007?scenario=%7B%7D`);
  const oldRollout = `/runs/${run.id}/rollouts/${rolloutRowId(run.id, "run_20261104100300_9c46")}`;
  const rollout = await request.get(oldRollout, { maxRedirects: 0 });
  expect(rollout.status()).toBe(308);
  expect(rollout.headers().location).toBe(`/runs/${run.id}/rollouts/run_20261104100300_9c46`);

  await page.goto(oldTask);
  await expect(page).toHaveURL(`/runs/${run.id}/tasks/finance%2FTASK-007?scenario=%7B%7D`);
  await expect(page.getByTestId("task-passes")).toHaveText("3/5");
  await page.goto(oldRollout);
  await expect(page).toHaveURL(`/runs/${run.id}/rollouts/run_20261104100300_9c46`);
  await expect(page.getByTestId("rollout-reward")).toHaveText("0.50");
});

test("a task key and a rollout id with /, #, ?, %, spaces and unicode round-trip through the links", async ({
  page,
  request,
}) => {
  const taskId = "we ird/#1?x=%41 & ✓ 日本";
  const rolloutId = "roll #1?/50% ünï";
  const hostile = JSON.parse(fs.readFileSync(path.join(HOSTILE_DIR, "markup-in-text.json"), "utf8")) as object;
  const form = new FormData();
  form.set("run", "weird keys");
  const result = JSON.stringify({ ...hostile, taskId, rolloutId });
  form.append("files", new Blob([result], { type: "application/json" }), "weird.json");
  const upload = await request.post("/api/runs", { multipart: form });
  expect(upload.status(), await upload.text()).toBe(201);
  const { runs } = (await upload.json()) as { runs: { id: string }[] };
  const runId = runs[0]!.id;

  await page.goto(`/runs/${runId}`);
  const taskLink = page.getByRole("link", { name: taskId, exact: true }).first();
  await expect(taskLink).toHaveAttribute("href", taskHref(runId, taskId));
  await taskLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(taskId);
  await expect(page.getByTestId("rollout-column")).toHaveCount(1);

  await page
    .getByRole("link", { name: `Rollout ${rolloutId}` })
    .first()
    .click();
  await expect(page).toHaveURL(rolloutHref(runId, rolloutId));
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText(rolloutId);
  await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: taskId }).click();
  await expect(page).toHaveURL(taskHref(runId, taskId));
});

test("a key holding a slash opens as written, and answers with the one form the app links with", async ({
  page,
  request,
}) => {
  const silo = await runMeta(request, "silo-runs");
  const response = await page.goto(`/runs/${silo.id}/tasks/finance/TASK-007`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(taskHref(silo.id, "finance/TASK-007"));
  expect(taskHref(silo.id, "finance/TASK-007")).toBe(`/runs/${silo.id}/tasks/finance%2FTASK-007`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("TASK-007");
  const redirect = await request.get(`/runs/${silo.id}/tasks/finance/TASK-007`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(308);
  expect(redirect.headers().location).toBe(`/runs/${silo.id}/tasks/finance%2FTASK-007`);
  expect((await request.get(`/runs/${silo.id}/tasks/finance/NO-SUCH-TASK`)).status()).toBe(404);

  // A rollout id with a slash, and the step its fragment names, kept through the redirect.
  const article = await runMeta(request, "scoring-article");
  await page.goto(`/runs/${article.id}/rollouts/checkout/result#trace-step-7`);
  await expect(page).toHaveURL(`${rolloutHref(article.id, "checkout/result")}#trace-step-7`);
  await expect(page.locator("#trace-step-7")).toHaveAttribute("data-highlighted", "true");
  await expect(page.locator("#trace-step-7")).toBeInViewport();
});

test("on the task page a check's evidence links to its row on the rollout page, where it resolves", async ({
  page,
  request,
}) => {
  const article = await runMeta(request, "scoring-article");
  await page.goto(taskHref(article.id, "incident/checkout"));
  await page.getByRole("button", { name: /^C3 Recommends a remedy within the connection budget, rollout #1/ }).click();
  const link = page.getByTestId("evidence-elsewhere");
  await expect(link).toHaveText("e3 on rollout #1");
  await link.click();
  await expect(page).toHaveURL(`${rolloutHref(article.id, "checkout/result")}#check-3`);
  await expect(page.locator("#check-3")).toBeInViewport();
  await expect(page.locator("#check-3").getByTestId("evidence-link")).toHaveText("e3 → step 7");
});
