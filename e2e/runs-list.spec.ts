import type { Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

// The server under test starts with the demo runs (prisma/demo): scoring-article and silo-runs. Other specs
// may add runs while these run, so assertions look at the demo rows, not at row counts.

const runNames = (page: Page) => page.locator("tbody tr td:nth-child(2) a").allInnerTexts();

function order(names: string[], a: string, b: string): "before" | "after" | "missing" {
  const i = names.indexOf(a);
  const j = names.indexOf(b);
  if (i < 0 || j < 0) return "missing";
  return i < j ? "before" : "after";
}

const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

test("the server starts on a fresh database and the runs list shows the demo runs with their figures", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Runs", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upload results" }).first()).toBeVisible();

  const article = rowOf(page, "scoring-article");
  // Every run shows pass rate, completion, correctness and mean reward side by side; the headline is marked.
  for (const name of ["Pass rate", "Completion", "Correctness", "Mean reward"]) {
    await expect(page.getByRole("columnheader", { name })).toBeVisible();
  }
  const correctness = await page.getByRole("columnheader").allInnerTexts();
  const column = correctness.findIndex((t) => t.startsWith("Correctness")) + 1;
  await expect(article.locator(`td:nth-child(${column})`)).toContainText("72.2%"); // correctness, task-weighted
  await expect(article.locator(`td:nth-child(${column})`)).toContainText("headline");
  await expect(article).toContainText("33.3%"); // pass rate
  const silo = rowOf(page, "silo-runs");
  await expect(silo).toContainText("50.0%");
  await expect(silo).toContainText("58.5%");
  await expect(rowOf(page, "silo-runs").getByRole("link", { name: "silo-runs" })).toHaveAttribute(
    "href",
    /^\/runs\/[^/]+$/,
  );
  await snap(page, "runs-list");
});

test("sorting by pass rate reorders the runs and is kept in the URL", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("button", { name: /Pass rate/ });

  await header.click();
  await expect(page).toHaveURL(/[?&]sort=passRate&dir=desc/);
  await expect.poll(async () => order(await runNames(page), "silo-runs", "scoring-article")).toBe("before");
  await expect(page.getByRole("columnheader", { name: /Pass rate/ })).toHaveAttribute("aria-sort", "descending");

  await header.click();
  await expect(page).toHaveURL(/[?&]sort=passRate&dir=asc/);
  await expect.poll(async () => order(await runNames(page), "silo-runs", "scoring-article")).toBe("after");

  // The view is read from the URL: a reload keeps the order.
  await page.reload();
  await expect(page.getByRole("columnheader", { name: /Pass rate/ })).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(async () => order(await runNames(page), "silo-runs", "scoring-article")).toBe("after");
});

test("the filter narrows the list, lives in the URL, and can be cleared when nothing matches", async ({ page }) => {
  await page.goto("/");
  const filter = page.getByLabel("Filter runs");

  await filter.fill("scoring");
  await expect(rowOf(page, "scoring-article")).toBeVisible();
  await expect(rowOf(page, "silo-runs")).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=scoring/);

  await page.goto("/?q=SILO-RUNS");
  await expect(filter).toHaveValue("SILO-RUNS");
  await expect(rowOf(page, "silo-runs")).toBeVisible();
  await expect(rowOf(page, "scoring-article")).toHaveCount(0);

  // A URL the table did not write (the top bar's Runs link) is the view again: no filter.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Runs" }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(filter).toHaveValue("");
  await expect(rowOf(page, "scoring-article")).toBeVisible();

  // Figures match too: what the row shows, such as its pass rate.
  await filter.fill("58.5%");
  await expect(rowOf(page, "silo-runs")).toBeVisible();
  await expect(rowOf(page, "scoring-article")).toHaveCount(0);
  // And the rollout count, as the Rollouts column shows it.
  await filter.fill("");
  const headers = await page.getByRole("columnheader").allInnerTexts();
  const rolloutsColumn = headers.findIndex((t) => t.startsWith("Rollouts")) + 1;
  const count = (await rowOf(page, "silo-runs").locator(`td:nth-child(${rolloutsColumn})`).innerText()).match(
    /^\d+/,
  )?.[0];
  expect(count).toBeDefined();
  await filter.fill(`silo ${count}`);
  await expect(rowOf(page, "silo-runs")).toBeVisible();
  await filter.fill(`silo ${count}9`);
  await expect(rowOf(page, "silo-runs")).toHaveCount(0);

  await filter.fill("no such run <b>x</b>");
  await expect(page.getByRole("heading", { name: "No runs match “no such run <b>x</b>”" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filter" }).click();
  await expect(rowOf(page, "silo-runs")).toBeVisible();
  await expect(rowOf(page, "scoring-article")).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]q=/);
});

test("selecting two runs offers a compare link with both, in the order picked", async ({ page }) => {
  await page.goto("/");
  const compare = page.getByRole("link", { name: /^Compare \d+ runs/ });
  await expect(compare).toHaveCount(0);

  const siloId = await rowOf(page, "silo-runs").getAttribute("data-run-id");
  const articleId = await rowOf(page, "scoring-article").getAttribute("data-run-id");
  expect(siloId).toBeTruthy();
  expect(articleId).toBeTruthy();

  await page.getByLabel("Select silo-runs").check();
  await expect(compare).toHaveCount(0);
  await expect(page.getByText("Select one more run to compare")).toBeVisible();

  await page.getByLabel("Select scoring-article").check();
  await expect(compare).toHaveText("Compare 2 runs →");
  await expect(compare).toHaveAttribute("href", `/compare?runs=${siloId},${articleId}`);
  await expect(page).toHaveURL(new RegExp(`[?&]selected=${siloId},${articleId}`));

  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(compare).toHaveCount(0);
});
