import { syntheticSiloFiles } from "../lib/bench/synthetic";
import { expect, snap, test } from "./fixtures";
import { openRun } from "./run-helpers";

test("the scoring-article run page shows every figure of the article", async ({ page }) => {
  await openRun(page, "scoring-article");

  await expect(page.getByTestId("headline-value")).toHaveText("72.2%");
  await expect(page.getByText("Correctness — each task one vote")).toBeVisible();
  await expect(page.getByText(/95% CI 9\.0% – 100\.0%, SE 14\.7 pp, 3 tasks/)).toBeVisible();

  const correctness = page.getByTestId("metric-correctness");
  await expect(correctness).toContainText("72.2%");
  await expect(correctness).toContainText("pooled 66.7%");
  await expect(correctness).toContainText("each task one vote");
  await expect(correctness).toContainText("6 of 9 checks passed");

  const completion = page.getByTestId("metric-completion");
  await expect(completion).toContainText("33.3%");
  await expect(completion).toContainText("1 of 3 tasks complete (every rollout passes)");
  await expect(completion).toContainText("the value is the mean of each task’s pass rate");
  await expect(page.getByTestId("metric-reward")).toContainText("Mean reward gives each rollout one");
  // 1 of 3 rollouts, one per task: SE = sqrt(3/2 · (4/9 + 1/9 + 1/9)) / 3 = 1/3; t(0.975, 2) · 1/3 clips to 0–100%.
  await expect(page.getByTestId("pass-rate-ci")).toHaveText("95% CI 0.0% – 100.0%, clustered by task");

  const authority = page.getByTestId("metric-authority");
  await expect(authority).toContainText("66.7%");
  await expect(authority).toContainText("Gate failed — 1 violation");
  await expect(authority).toContainText("A1 Source file left unchanged");
  await expect(authority.getByRole("link", { name: "data/csv-conversion" })).toHaveAttribute(
    "href",
    /\/runs\/[^/]+\/tasks\/[^/]+$/,
  );

  const grounding = page.getByTestId("metric-grounding");
  await expect(grounding).toContainText("50.0%");
  await expect(grounding).toContainText("2 of 3 tasks");

  await expect(page.getByTestId("metric-reward")).toContainText("0.65");
  await expect(page.getByTestId("pass-rate")).toContainText("1 of 3 rollouts passed every required check");
  await expect(page.getByTestId("mean-reward")).toContainText("0.65");

  // The explanation of the two schemes, with both numbers, for this run.
  await expect(
    page.getByText(
      "Correctness is 72.2% when each task gets one vote and 66.7% when each check gets one: csv-conversion has 4 correctness checks and owner-lookup 2, so pooling gives csv-conversion twice owner-lookup's say.",
    ),
  ).toBeVisible();

  const tags = page.getByTestId("failure-tags");
  for (const tag of [
    "REMEDY_EXCEEDS_CONNECTION_BUDGET",
    "TIMESTAMP_NOT_UTC",
    "WRONG_COLUMN_NAMES",
    "SOURCE_OVERWRITTEN",
  ]) {
    await expect(tags.getByText(tag)).toBeVisible();
  }
  await expect(page.getByTestId("failed-checks")).toContainText("C4 Uses the required column names");

  // Group breakdown chart draws (recharts renders an svg with bars).
  await expect(page.getByRole("heading", { name: "By group" })).toBeVisible();
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();

  await expect(page.getByRole("link", { name: "Report JSON" })).toHaveAttribute("href", /\/api\/runs\/[^/]+\/report$/);
  await snap(page, "run-page");
});

test("the tasks table shows passes k/n and the diagnosis, and sorts", async ({ page }) => {
  await openRun(page, "silo-runs");
  const table = page.getByTestId("tasks-table");
  const row = table.locator('tr[data-task="finance/TASK-007"]');
  await expect(row).toContainText("3/5");
  await expect(row).toContainText("unreliable");
  // Rewards in three decimals, so a column of them lines up ("0.740" above "1.000").
  await expect(row).toContainText("0.740");
  await expect(table.getByRole("columnheader", { name: /Group/ })).toBeVisible();
  await expect(page.getByTestId("flaky-tasks")).toContainText("finance/TASK-007");

  // Sorting by pass rate, worst first, puts a never-passing task on top.
  await table.getByRole("button", { name: /Pass rate/ }).click();
  await expect(table.locator("tbody tr").first()).toContainText("0/1");
  await table.getByRole("button", { name: /Pass rate/ }).click();
  await expect(table.locator("tbody tr").first()).toContainText("crm/TASK-004");
  await snap(page, "run-page-silo");

  // The tasks by diagnosis, each narrowing the table (kept in the URL), and back to every task.
  const counts = page.getByTestId("diagnosis-counts");
  await expect(counts).toHaveText("1 solid · 1 unreliable · 2 never pass");
  await counts.getByTestId("diagnosis-never-passes").click();
  await expect(page).toHaveURL(/[?&]diagnosis=never-passes/);
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table).not.toContainText("finance/TASK-007");
  await counts.getByRole("link", { name: "every task" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(4);
});

test("a scenario in the URL recomputes the page; an invalid one falls back to the run as recorded", async ({
  page,
}) => {
  await openRun(page, "scoring-article");
  const url = new URL(page.url());

  url.searchParams.set("scenario", JSON.stringify({ flips: [{ task: "checkout", check: "C3", passed: true }] }));
  await page.goto(url.pathname + url.search);
  await expect(page.getByTestId("headline-value")).toHaveText("83.3%");
  await expect(page.getByTestId("metric-completion")).toContainText("66.7%");
  await expect(page.getByTestId("scenario-active")).toContainText("checkout C3 counted as passed");

  url.searchParams.set("scenario", "{not json");
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("alert").filter({ hasText: "not valid" })).toContainText("not valid");
  await expect(page.getByTestId("headline-value")).toHaveText("72.2%");
});

test("the run page gives the headline with its interval under each scheme, the scenario's marked", async ({ page }) => {
  await openRun(page, "scoring-article");
  const table = page.getByTestId("headline-robustness");
  await expect(table.getByTestId("headline-robustness-task-exclude")).toContainText("72.2% 9.0% – 100.0%shown");
  await expect(table.getByTestId("headline-robustness-check-exclude")).toContainText("66.7%");
  await expect(table.locator("tbody tr")).toHaveCount(3);

  const url = new URL(page.url());
  url.searchParams.set("scenario", JSON.stringify({ headline: { scheme: "check" }, weights: { checkout: 2 } }));
  await page.goto(url.pathname + url.search);
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(table.getByTestId("headline-robustness-check-exclude")).toContainText("shown");
  // custom, checkout weight 2: (2·2/3 + 1 + 0.5)/4
  await expect(table.getByTestId("headline-robustness-custom-exclude")).toContainText("70.8%");
});

test("an unknown run id gets a 404 page that says where to go", async ({ page }) => {
  const response = await page.goto("/runs/no-such-run");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such run" })).toBeVisible();
  await expect(page.getByRole("link", { name: "runs list" })).toHaveAttribute("href", "/");
});

test("a run of 120 tasks pages its tasks table, 50 rows at a time; sort and filter cover every row and live in the URL", async ({
  page,
  request,
}) => {
  // Generated Silo files (one rollout per task), stored through the API under a name of this test's own.
  const name = `pager-e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const multipart = new FormData();
  const keys: string[] = [];
  for (const f of syntheticSiloFiles({ tasks: 120, rollouts: 1, checks: 3, groups: 3, seed: 11 })) {
    multipart.append("files", new Blob([f.text], { type: "application/json" }), f.path);
    keys.push(f.path.split("/").slice(0, 2).join("/"));
  }
  multipart.append("run", name);
  const res = await request.post("/api/runs", { multipart });
  expect(res.status(), await res.text()).toBe(201);
  const runId = ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
  const byKey = [...keys].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" }));

  await page.goto(`/runs/${runId}`);
  const table = page.getByTestId("tasks-table");
  const rows = table.locator("tbody tr");
  const range = page.getByTestId("tasks-range");
  await expect(range).toHaveText("1–50 of 120");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveAttribute("data-task", byKey[0]!);
  await expect(page.getByTestId("tasks-prev")).toBeDisabled();

  await page.getByTestId("tasks-next").click();
  await expect(range).toHaveText("51–100 of 120");
  await expect(rows.first()).toHaveAttribute("data-task", byKey[50]!);
  await page.getByTestId("tasks-next").click();
  await expect(range).toHaveText("101–120 of 120");
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId("tasks-next")).toBeDisabled();
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);

  // The page is in the URL: a reload (rendered on the server) shows the same rows.
  await page.reload();
  await expect(range).toHaveText("101–120 of 120");
  await expect(rows.last()).toHaveAttribute("data-task", byKey[119]!);

  // Sorting orders all 120 rows, then pages them: failing tasks first on page 1, passing ones last on page 3.
  await table.getByRole("button", { name: /Pass rate/ }).click();
  await expect(range).toHaveText("1–50 of 120");
  await expect(page).toHaveURL(/[?&]sort=passRate&dir=asc/);
  await expect(rows.first()).toContainText("0/1");
  await page.getByRole("button", { name: "Last page" }).click();
  await expect(range).toHaveText("101–120 of 120");
  await expect(rows.last()).toContainText("1/1");

  // The filter matches key, name and group over every task; ten tasks need no pager.
  await page.getByTestId("tasks-filter").fill("TASK-0011");
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId("tasks-pager")).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=TASK-0011/);
  await page.getByTestId("tasks-filter").fill("no such task");
  await expect(table).toContainText("No task matches");

  // A what-if scenario and a page of the table share the URL.
  const scenario = encodeURIComponent(JSON.stringify({ unscored: "fail" }));
  await page.goto(`/runs/${runId}?scenario=${scenario}&page=2`);
  await expect(page.getByTestId("scenario-active")).toBeVisible();
  await expect(range).toHaveText("51–100 of 120");
  await page.getByTestId("tasks-next").click();
  await expect(range).toHaveText("101–120 of 120");
  expect(new URL(page.url()).searchParams.get("scenario")).toBe(JSON.stringify({ unscored: "fail" }));
  await snap(page, "run-page-pager");
});
