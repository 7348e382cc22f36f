import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The static share bundle (tally export): opened from file:// it shows what the server shows, its what-if
// works, and it asks no network for anything.

// Each test runs the CLI, which may first build itself and the viewer.
test.describe.configure({ timeout: 120_000 });

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-e2e-export-"));
test.afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

function tallyExport(...args: string[]): string {
  execFileSync(process.execPath, ["lib/cli/bin.mjs", "export", ...args], { stdio: "pipe" });
  return args[args.indexOf("--out") + 1]!;
}

/** Every request that is not for a local file or inline data. */
function networkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (!/^(file|data|blob):/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

const headline = (page: Page) => page.getByTestId("headline-value");
const scenarioInUrl = (page: Page): unknown => {
  const text = new URL(page.url()).searchParams.get("scenario");
  return text === null ? null : JSON.parse(text);
};

test("an exported run opens from file://: the server's headline, a scheme change and a flip, no request", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "scoring-article", exact: true }).first().click();
  await page.waitForURL(/\/runs\/[^/?]+$/);
  const serverHeadline = await headline(page).textContent();
  expect(serverHeadline).toBe("72.2%");

  const dir = tallyExport("prisma/demo/scoring-article", "--out", path.join(outDir, "run"));
  // Counted from a blank page, so nothing the server's page still prefetches is put down to the bundle.
  await page.goto("about:blank");
  const requests = networkRequests(page);
  await page.goto(pathToFileURL(path.join(dir, "index.html")).href);
  await expect(headline(page)).toHaveText(serverHeadline!);

  await page.getByTestId("whatif-scheme").selectOption("check");
  await expect(headline(page)).toHaveText("66.7%");
  expect(scenarioInUrl(page)).toEqual({ headline: { scheme: "check" } });

  const toggle = page.getByTestId("whatif-toggle");
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await page.getByTestId("whatif-check-search").fill("checkout C3");
  const c3 = page.locator('[data-testid="whatif-check"][data-task="incident/checkout"][data-check="C3"]');
  await c3.getByRole("button", { name: /^Count as passed/ }).click();
  await expect(headline(page)).toHaveText("77.8%");

  // The scenario lives in the URL: a reload keeps it, and a task page opened from the run page carries it.
  await page.reload();
  await expect(headline(page)).toHaveText("77.8%");
  await page.goBack();
  await expect(headline(page)).toHaveText("66.7%");
  await page.goForward();
  await expect(headline(page)).toHaveText("77.8%");
  const taskLink = page.getByTestId("tasks-table").getByRole("link", { name: "incident/checkout" });
  await expect(taskLink).toHaveAttribute("href", /^tasks\/\d+-incident-checkout\.html$/);
  await taskLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(headline(page)).toHaveText("77.8%");

  // A task page under the scenario computes it too, and its breadcrumb leads back to the run page with it.
  const taskPage = new URL(`${await taskLink.getAttribute("href")}${new URL(page.url()).search}`, page.url());
  await page.goto(taskPage.href);
  await expect(page.getByText("checkout C3 counted as passed").first()).toBeVisible();
  await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "scoring-article" }).click();
  await expect(headline(page)).toHaveText("77.8%");
  expect(page.url()).toMatch(/\/index\.html\?scenario=/);

  expect(requests).toEqual([]);
});

test("a compare export opens from file:// with no request", async ({ page }) => {
  const dir = tallyExport(
    "prisma/demo/grade-problem/exploit-miss.json",
    "prisma/demo/grade-problem/exploit-pass.json",
    "--compare",
    "--out",
    path.join(outDir, "compare"),
  );
  const requests = networkRequests(page);
  await page.goto(pathToFileURL(path.join(dir, "index.html")).href);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("vs");
  await expect(page.getByTestId("comparison-summary-B")).toBeVisible();
  expect(requests).toEqual([]);
});

test("the run page's 'Download as static site' is the same bundle as one zip", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "scoring-article", exact: true }).first().click();
  await page.waitForURL(/\/runs\/[^/?]+$/);
  const href = await page.getByTestId("download-static-site").getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/zip");
  const names = Object.keys(unzipSync(new Uint8Array(await response.body())));
  expect(names).toEqual(
    expect.arrayContaining([
      "tally-scoring-article/index.html",
      "tally-scoring-article/data.js",
      "tally-scoring-article/viewer.js",
      "tally-scoring-article/viewer.css",
    ]),
  );
  expect(names.filter((n) => n.includes("/tasks/"))).toHaveLength(3);
  expect(names.filter((n) => n.includes("/rollouts/"))).toHaveLength(3);
});
