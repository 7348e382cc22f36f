import type { APIRequestContext } from "@playwright/test";
import path from "node:path";
import { partialEffortJobFiles } from "../lib/formats/__fixtures__/partial-effort-job";
import { expect, SCREENSHOT_DIR, snap, test } from "./fixtures";

// Who spent the most, on the partial-effort Harbor job (lib/formats/__fixtures__/partial-effort-job.ts): 6
// trials, 4 recording tokens, the largest spender (9.4M tokens) an unscored crash. The run page's cost cards
// give per pass over the passes among the recording rollouts; the rollouts list sorts by any measure.

const RUN = "e2e-partial-effort";

async function partialRun(request: APIRequestContext): Promise<string> {
  const listed = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  const known = listed.runs.find((r) => r.name === RUN);
  if (known) return known.id;
  const form = new FormData();
  form.set("run", RUN);
  for (const f of partialEffortJobFiles(RUN)) form.append("files", new Blob([new Uint8Array(f.bytes)]), f.path);
  const upload = await request.post("/api/runs", { multipart: form });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  return ((await upload.json()) as { runs: { id: string }[] }).runs[0]!.id;
}

test("the cost cards: per pass over the passes among the rollouts that record it, and what each figure covers", async ({
  page,
  request,
}) => {
  const id = await partialRun(request);
  await page.goto(`/runs/${id}`);
  const card = (measure: string, part: string) => page.getByTestId(`effort-${measure}-${part}`);
  // 10,360,000 tokens over 4 of the 6 trials, 2 passes among them (the run has 3).
  await expect(card("tokens", "total")).toHaveText("10,360,000 total");
  await expect(card("tokens", "coverage")).toHaveText("4 of 6 recorded");
  await expect(card("tokens", "passes")).toHaveText("2");
  await expect(card("tokens", "per-pass")).toHaveText("5,180,000");
  await expect(card("tokens", "per-rollout")).toHaveText("2,590,000");
  await expect(card("tokens", "median")).toHaveText("425,000");
  await expect(card("tokens", "p90")).toHaveText("6,739,000");
  // The crash records no cost: $1.50 over 3, per pass $0.75.
  await expect(card("costUsd", "coverage")).toHaveText("3 of 6 recorded");
  await expect(card("costUsd", "per-pass")).toHaveText("$0.7500");
  // The scatter draws the unscored crash on its own row once tokens are on the axis.
  const scatter = page.getByTestId("effort-scatter");
  await scatter.getByRole("button", { name: "Tokens (in + out)" }).click();
  await expect(scatter.locator('path[data-series="unscored"]')).toHaveAttribute("data-points", "1");
  await expect(scatter).toContainText("unscored rollouts on their own row");

  const section = page.getByTestId("cost-and-effort");
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, "cost-cards-1440.png"), animations: "disabled" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card("tokens", "total")).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: "no sideways scroll at 390 px",
    })
    .toBeLessThanOrEqual(0);
  // "10,360,000 total" stays whole: the word "total" is never broken inside.
  const total = card("tokens", "total");
  expect(await total.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, "cost-cards-390.png"), animations: "disabled" });
});

test("the rollouts list sorts by tokens, the unscored top spender first, not recorded last both ways", async ({
  page,
  request,
}) => {
  const id = await partialRun(request);
  const top = (await (await request.get(`/api/runs/${id}/report?list=rollouts&sort=-tokens&limit=1`)).json()) as {
    items: { id: string; status: string }[];
  };
  expect(top.items.map((r) => [r.id, r.status])).toEqual([["beta__Crash01", "unscored"]]);

  await page.goto(`/runs/${id}`);
  await page.getByTestId("effort-spenders").click();
  await expect(page).toHaveURL(/\/rollouts\?sort=-costUsd$/);
  const ids = page.getByTestId("rollouts-table").locator("tbody tr td:first-child");
  // By cost: 0.8, 0.5, 0.2, then the three that record none (the crash among them) in the report's order.
  await expect(ids).toHaveText([
    "alpha__Fail001",
    "alpha__Pass001",
    "beta__Pass002",
    "beta__Crash01",
    "gamma__Fail002",
    "gamma__Pass003",
  ]);

  const tokens = page.getByTestId("sort-tokens");
  await tokens.click();
  await expect(page).toHaveURL(/sort=-tokens/);
  await expect(page.getByRole("columnheader", { name: /Tokens/ }).first()).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByTestId("rollouts-order")).toHaveText("by tokens (in + out), highest first");
  await expect(ids).toHaveText([
    "beta__Crash01",
    "alpha__Fail001",
    "alpha__Pass001",
    "beta__Pass002",
    "gamma__Fail002",
    "gamma__Pass003",
  ]);
  const first = page.getByTestId("rollouts-table").locator("tbody tr").first();
  await expect(first).toContainText("unscored");
  await expect(first.locator('[data-measure="tokens"]')).toHaveText("9,400,000");
  await expect(
    page.getByTestId("rollouts-table").locator("tbody tr").last().locator('[data-measure="tokens"]'),
  ).toHaveText("—");
  await snap(page, "rollouts-by-tokens-1440");

  await page.getByTestId("sort-tokens").click();
  await expect(page).toHaveURL(/sort=tokens/);
  await expect(ids).toHaveText([
    "beta__Pass002",
    "alpha__Pass001",
    "alpha__Fail001",
    "beta__Crash01",
    "gamma__Fail002",
    "gamma__Pass003",
  ]);
  // The order survives a reload and a filter: unscored only, sorted still.
  await page.reload();
  await expect(ids.first()).toHaveText("beta__Pass002");
  await page
    .getByTestId("rollout-status-filter")
    .getByRole("link", { name: /^unscored/ })
    .click();
  await expect(page).toHaveURL(/status=unscored&sort=tokens/);
  await expect(ids).toHaveText(["beta__Crash01"]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/runs/${id}/rollouts?sort=-tokens`);
  await expect(page.getByTestId("rollouts-order")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, "rollouts-by-tokens-390");
});
