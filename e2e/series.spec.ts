import type { APIRequestContext } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, snap, test } from "./fixtures";

/*
 * A generated series of 30 runs of 40 tasks, 2 rollouts each: task "drift/stops" passes in runs 1–9 and fails
 * from run 10 on; "drift/flickers" alternates; "drift/fixed" fails until run 19 and passes from run 20;
 * "drift/never" never passes; the other 36 always pass, except "steady/s-01", whose second rollout fails.
 */
const RUNS = 30;
const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const SERIES = `nightly-e2e-${suffix}`;

function passes(task: string, run: number): number {
  if (task === "drift/stops") return run < 9 ? 2 : 0;
  if (task === "drift/flickers") return run % 2 === 0 ? 2 : 0;
  if (task === "drift/fixed") return run < 19 ? 0 : 2;
  if (task === "drift/never") return 0;
  if (task === "steady/s-01") return 1;
  return 2;
}

const TASKS = ["drift/stops", "drift/flickers", "drift/fixed", "drift/never"].concat(
  Array.from({ length: 36 }, (_, i) => `steady/s-${String(i).padStart(2, "0")}`),
);

async function upload(request: APIRequestContext, run: number): Promise<string> {
  const multipart = new FormData();
  for (const key of TASKS) {
    const [group, taskId] = key.split("/") as [string, string];
    for (let r = 0; r < 2; r++) {
      const passed = r < passes(key, run);
      const body = {
        taskId,
        group,
        rolloutId: `${run}-${taskId}-${r}`,
        passed,
        reward: passed ? 1 : 0,
        checks: [{ id: "C1", label: "solved", passed, required: true, dimension: "correctness", detail: "" }],
      };
      multipart.append(
        "files",
        new Blob([JSON.stringify(body)], { type: "application/json" }),
        `${group}/${taskId}-${r}.result.json`,
      );
    }
  }
  multipart.append("run", `${SERIES}-run-${String(run + 1).padStart(2, "0")}`);
  multipart.append("series", SERIES);
  const res = await request.post("/api/runs", { multipart });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

test.describe.configure({ mode: "serial" });

test("a series of 30 runs: the matrix, the headline band and what stopped passing, at 1440 and 390", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const ids: string[] = [];
  for (let run = 0; run < RUNS; run++) ids.push(await upload(request, run));

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?series=${encodeURIComponent(SERIES)}`);
  await expect(page.getByTestId("series-filter")).toHaveValue(SERIES);
  await page.getByTestId("series-page-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Series “${SERIES}”`);
  await expect(page.getByTestId("headline-band")).toBeVisible();

  const stops = page.getByTestId("history-stopped-passing");
  await expect(stops).toContainText("drift/stops");
  await expect(stops).toContainText(`since run 10 (${SERIES}-run-10)`);
  await expect(page.getByTestId("history-fixed")).toContainText(`drift/fixed since run 20 (${SERIES}-run-20)`);
  await expect(page.getByTestId("history-flaky")).toContainText("drift/flickers");
  await expect(page.getByTestId("history-never-passed")).toContainText("drift/never");
  await expect(page.getByTestId("history-correction")).toContainText(
    "2 tasks changed after Benjamini–Hochberg at q = 0.05",
  );

  // The matrix: every task a row, every run a cell linking to the task in that run; the filter keeps one class.
  await expect(page.getByTestId("matrix-row").first()).toBeVisible();
  const stopsRow = page.getByTestId("matrix-row").filter({ hasText: "drift/stops" });
  await expect(stopsRow.getByRole("link")).toHaveCount(RUNS);
  await expect(stopsRow.getByRole("link").nth(9)).toHaveAttribute(
    "aria-label",
    "drift/stops in " + `${SERIES}-run-10: 0.0% pass`,
  );
  await page.getByTestId("trend-filter-stopped-passing").click();
  await expect(page.getByTestId("matrix-row")).toHaveCount(1);
  // The name filter narrows within the trend; Esc clears it.
  const nameFilter = page.getByTestId("matrix-task-filter");
  await nameFilter.fill("flick");
  await expect(page.getByRole("status").filter({ hasText: "has “flick” in its name" })).toBeVisible();
  await page.getByTestId("trend-filter-all").click();
  await expect(page.getByTestId("matrix-row")).toHaveCount(1);
  await expect(page.getByTestId("matrix-row")).toContainText("drift/flickers");
  await nameFilter.press("Escape");
  await expect(nameFilter).toHaveValue("");
  await page.getByTestId("trend-filter-stopped-passing").click();
  await expect(page.getByTestId("matrix-row")).toHaveCount(1);
  await expectAccessible(page, "series page", testInfo);
  await snap(page, "series-1440");

  await page.getByTestId("trend-filter-all").click();
  await stopsRow.getByRole("link").nth(10).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${ids[10]}/tasks/drift%2Fstops`));
  // The task page links to the task's history in its series: the matrix opens on that task's row.
  await page.getByTestId("task-history-link").click();
  await expect(page).toHaveURL(/\/series\/.*\?task=drift%2Fstops/);
  await expect(page.getByTestId("matrix-row")).toHaveCount(1);
  await expect(page.getByTestId("trend-filter-task")).toHaveText("drift/stops: stopped passing");

  // The q select: a stricter rate is written to the address and the correction sentence says it.
  await page.goto(`/series/${encodeURIComponent(SERIES)}`);
  const fdr = page.getByTestId("fdr-control");
  await expect(fdr).toHaveValue("0.05");
  await fdr.focus();
  await fdr.selectOption("0.01");
  await expect(page).toHaveURL(/[?&]fdr=0\.01(&|$)/);
  await expect(page.getByTestId("history-correction")).toContainText("at q = 0.01");
  await expect(fdr).toHaveValue("0.01");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/series/${encodeURIComponent(SERIES)}`);
  await expect(page.getByTestId("history-stopped-passing")).toContainText("drift/stops");
  await snap(page, "series-390");
});

test("the leaderboard page shows what GET /api/leaderboard gives, and an unknown series says what to do", async ({
  page,
  request,
}, testInfo) => {
  const api = (await (await request.get(`/api/leaderboard?series=${encodeURIComponent(SERIES)}`)).json()) as {
    tasks: number;
    rows: { name: string; rank: number; rankInterval: [number, number] }[];
  };
  expect(api.tasks).toBe(40);
  expect(api.rows).toHaveLength(RUNS);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/leaderboard?series=${encodeURIComponent(SERIES)}`);
  const rows = page.getByTestId("leaderboard-row");
  await expect(rows).toHaveCount(RUNS);
  for (const i of [0, 5, RUNS - 1]) {
    const row = api.rows[i]!;
    const [lo, hi] = row.rankInterval;
    await expect(rows.nth(i).getByRole("cell").nth(0)).toHaveText(String(row.rank));
    await expect(rows.nth(i).getByRole("cell").nth(1)).toHaveText(lo === hi ? String(lo) : `${lo}–${hi}`);
    await expect(rows.nth(i).getByRole("cell").nth(2)).toHaveText(row.name);
  }
  await expect(page.getByTestId("leaderboard-method")).toContainText("2,000 task-bootstrap resamples");
  await expect(page.getByTestId("leaderboard-method")).toContainText("q = 0.05");
  await page.getByTestId("fdr-control").selectOption("0.2");
  await expect(page).toHaveURL(/[?&]fdr=0\.2(&|$)/);
  await expect(page.getByTestId("leaderboard-method")).toContainText("q = 0.2");
  await expectAccessible(page, "leaderboard page", testInfo);
  await snap(page, "leaderboard-1440");

  await page.goto("/series/no-such-series");
  await expect(page.getByTestId("series-empty")).toContainText("tally ingest --series NAME");
  expect((await request.get("/api/leaderboard?series=no-such-series")).status()).toBe(404);
});
