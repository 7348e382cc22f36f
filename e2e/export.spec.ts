import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe";
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
  await expect(taskLink).toHaveAttribute("href", /^index\.html#\/tasks\/incident%2Fcheckout$/);
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
  // Task and rollout pages are routes of index.html, drawn from the run's columns (run.js) and one details chunk.
  expect(names).toEqual(expect.arrayContaining(["tally-scoring-article/run.js", "tally-scoring-article/details/0.js"]));
  expect(names.filter((n) => n.includes("/tasks/") || n.includes("/rollouts/"))).toEqual([]);
});

/** The text of every element with one of these test ids, in page order. */
const textsOf = (page: Page, ids: readonly string[]) =>
  page.locator(ids.map((id) => `[data-testid="${id}"]`).join(", ")).allInnerTexts();

test("an exported run's task and rollout routes show the server pages' figures, from file://", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await page.getByRole("link", { name: "scoring-article", exact: true }).first().click();
  await page.waitForURL(/\/runs\/[^/?]+$/);
  const runUrl = page.url();
  const taskIds = ["task-diagnosis", "rollout-column", "check-row"];
  const rolloutIds = ["rollout-verdict", "rollout-reward", "check-rows"];
  await page.goto(`${runUrl}/tasks/${encodeURIComponent("incident/checkout")}`);
  await expect(page.getByTestId("check-row").first()).toBeVisible();
  const serverTask = await textsOf(page, taskIds);
  await page.getByTestId("rollout-column").getByRole("link").first().click();
  await expect(page.getByTestId("rollout-verdict")).toBeVisible();
  const rolloutPath = new URL(page.url()).pathname;
  const serverRollout = await textsOf(page, rolloutIds);

  const dir = tallyExport("prisma/demo/scoring-article", "--out", path.join(outDir, "routes"));
  await page.goto("about:blank");
  const requests = networkRequests(page);
  const index = pathToFileURL(path.join(dir, "index.html")).href;
  await page.goto(`${index}#/tasks/${encodeURIComponent("incident/checkout")}`);
  await expect(page.getByTestId("check-row").first()).toBeVisible();
  // innerText follows the layout: read until the route has drawn its rows with their styles.
  await expect.poll(() => textsOf(page, taskIds)).toEqual(serverTask);
  await expectAccessible(page, "an exported task route", testInfo);

  // The task page's rollout link leads to the same rollout route; Back returns to the task.
  await page.getByTestId("rollout-column").getByRole("link").first().click();
  await expect(page.getByTestId("rollout-verdict")).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe(
    `#/rollouts/${decodeURIComponent(rolloutPath.split("/").pop()!)}`,
  );
  await expect.poll(() => textsOf(page, rolloutIds)).toEqual(serverRollout);
  await expectAccessible(page, "an exported rollout route", testInfo);
  await page.goBack();
  await expect(page.getByTestId("check-row").first()).toBeVisible();

  // A route the run does not have says so and leads back to the run page.
  await page.goto(`${index}#/tasks/no-such-task`);
  await expect(page.getByTestId("bundle-notice")).toContainText('This run has no task "no-such-task".');
  await page.getByRole("link", { name: "Back to the run" }).click();
  await expect(headline(page)).toHaveText("72.2%");
  expect(requests).toEqual([]);
});

test("a capped export leaves the heaviest trace out and says so on the page and its rollout", async ({ page }) => {
  const traced = "lib/formats/__fixtures__/traces/silo/scoring-article";
  const full = tallyExport(traced, "--out", path.join(outDir, "traced"));
  const bytes = fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
  const dir = tallyExport(traced, "--out", path.join(outDir, "capped"), "--max-bytes", String(bytes - 1));
  const index = pathToFileURL(path.join(dir, "index.html")).href;
  const kept = Object.keys(
    JSON.parse(
      /\((?:"[^"]*"), (.*)\);/s.exec(fs.readFileSync(path.join(dir, "traces/index.js"), "utf8"))![1]!,
    ) as object,
  );
  expect(kept).toHaveLength(1);

  await page.goto(index);
  await expect(page.getByTestId("bundle-dropped")).toHaveText(
    `To stay under ${bytes - 1} bytes, this copy leaves out the traces of 1 rollouts (heaviest first).`,
  );
  // Each rollout route: the kept trace shows its steps, the other says it was left out.
  const ids = ["checkout/result", "csv-conversion/result"];
  const said: string[] = [];
  for (const id of ids) {
    await page.goto(`${index}#/rollouts/${encodeURIComponent(id)}`);
    await expect(page.getByTestId("rollout-verdict")).toBeVisible();
    await expect(page.getByTestId("bundle-dropped")).toBeVisible();
    const left = page.getByText("left out of this shared copy by its size cap");
    if (kept.includes(id)) await expect(left).toHaveCount(0);
    else await expect(left.first()).toBeVisible();
    said.push(id);
  }
  expect(said).toEqual(ids);
});

test("an exported run's strings stay text on its task and rollout routes", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const dir = tallyExport("e2e/task-rollout-data/markup-in-text.json", "--out", path.join(outDir, "hostile"));
  const index = pathToFileURL(path.join(dir, "index.html")).href;
  await page.goto(`${index}#/rollouts/markup-in-text`);
  await expect(page.getByTestId("agent-output")).toHaveText("<script>alert('agentOutput')</script>");
  await expect(page.getByText("<script>alert('detail')</script>").first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("<b>bold-task</b>");
  await page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "<b>bold-task</b>" }).click();
  await expect(page.getByTestId("check-row").first()).toContainText("<img src=x onerror=alert(1)>");
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("b", { hasText: "bold-task" })).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
