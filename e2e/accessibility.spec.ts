import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { zipSync } from "fflate";
import { harborJobFiles, unevenEval } from "../lib/formats/__fixtures__/harbor-job-generator";
import { expectAccessible } from "./axe";
import { benchflowJobZip } from "./benchflow-job";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { openWhatIf } from "./run-helpers";

// axe (WCAG 2.1 A and AA, e2e/axe.ts) over every page type, on the demo runs and on two generated Harbor jobs
// (85 tasks × 5 trials, most known from the job file alone, six tasks with pytest reports and tokens): the
// runs, run, task, rollout, rollouts, compare, side-by-side, upload and sign-in pages, in the states a reader
// opens (the run scored in the worker, each what-if tab, a grid cell's detail, an upload's answer, a refused
// token), and the run page at 390 px. Any serious or critical violation fails, printed element by element.

test.describe.configure({ timeout: 120_000 });

const stamp = Date.now().toString(36);
const HARBOR_A = `a11y-harbor-a-${stamp}`;
const HARBOR_B = `a11y-harbor-b-${stamp}`;
const WHAT_IF_TABS = ["Flip verdicts", "Weights", "Rules", "Budget"];
const PHONE = { width: 390, height: 844 };

/** A generated Harbor job as the .zip a user would upload: the job file and the trial folders that exist. */
function harborJobZip(agent: string, seed: number, skill: number): Buffer {
  const files = harborJobFiles([
    unevenEval({ agent, model: "gpt-5-mini", seed, skill, reportTasks: [0, 1, 2, 3, 4, 5] }),
  ]);
  return Buffer.from(zipSync(Object.fromEntries(files.map((f) => [f.path, f.bytes]))));
}

async function uploadZip(request: APIRequestContext, run: string, zip: Buffer): Promise<string> {
  const res = await request.post("/api/runs", {
    multipart: { run, files: { name: "job.zip", mimeType: "application/zip", buffer: zip } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const body = (await res.json()) as { runs: { id: string; name: string; rollouts: number }[] };
  const stored = body.runs.find((r) => r.name === run);
  expect(stored?.rollouts, run).toBe(425);
  return stored!.id;
}

async function demoRunId(request: APIRequestContext, name: string): Promise<string> {
  const body = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  const run = body.runs.find((r) => r.name === name);
  expect(run, `demo run ${name}`).toBeDefined();
  return run!.id;
}

/** The page has its heading and nothing still loading (skeletons, the worker's scoring, streamed parts). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const runPath = (id: string) => `/runs/${encodeURIComponent(id)}`;

/**
 * The run page once the worker has scored it, whole; then the what-if panel on each of its tabs (opening the
 * panel or choosing a tab changes nothing else on the page).
 */
async function checkRunPage(page: Page, id: string, what: string, testInfo: TestInfo) {
  await openScored(page, id);
  await expectAccessible(page, `${what} run page, scored`, testInfo);
  for (const tab of WHAT_IF_TABS) {
    await openTab(page, tab);
    await expectAccessible(page, `${what} run page, what-if panel on ${tab}`, testInfo, '[data-testid="whatif-panel"]');
  }
}

/** The run page at 390 px wide, whole, with the what-if panel open on `tab`. */
async function checkRunPageOnPhone(page: Page, id: string, what: string, tab: string, testInfo: TestInfo) {
  await page.setViewportSize(PHONE);
  await openScored(page, id);
  await openTab(page, tab);
  await expectAccessible(page, `${what} run page at 390 px, what-if panel on ${tab}`, testInfo);
}

async function openScored(page: Page, id: string) {
  await page.goto(runPath(id));
  await page.locator("[data-scored]").waitFor();
  await settled(page);
}

async function openTab(page: Page, tab: string) {
  await openWhatIf(page, tab);
  await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  await settled(page);
}

/** A task page, then with its first grid cell's detail open. */
async function checkTaskPage(page: Page, href: string, what: string, testInfo: TestInfo) {
  await page.goto(href);
  await settled(page);
  await expect(page.getByTestId("checks-grid")).toBeVisible();
  await expectAccessible(page, `${what} task page`, testInfo);
  await page.getByTestId("checks-grid").locator("button[aria-expanded]").first().click();
  await expect(page.getByRole("region", { name: /^Detail of / })).toBeVisible();
  await expectAccessible(page, `${what} task page, a grid cell's detail open`, testInfo);
}

let harborA = "";
let harborB = "";

test.beforeAll(async ({ request }) => {
  harborA = await uploadZip(request, HARBOR_A, harborJobZip("terminus", 11, 0.1));
  harborB = await uploadZip(request, HARBOR_B, harborJobZip("terminus-2", 12, 0.25));
});

test("the runs list and the upload page, before and after an upload", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: HARBOR_A, exact: true })).toBeVisible();
  await expectAccessible(page, "runs list", testInfo);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, "runs list at 390 px", testInfo);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto("/upload");
  await settled(page);
  await expectAccessible(page, "upload page", testInfo);
  // One job stored and one file refused: the answer's both lists.
  await page.getByTestId("upload-file-input").setInputFiles([
    { name: "benchflow-job.zip", mimeType: "application/zip", buffer: benchflowJobZip() },
    { name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"not": "a result"}') },
  ]);
  await page.getByLabel("Run name").fill(`a11y-upload-${stamp}`);
  await page.getByRole("button", { name: /^Upload/ }).click();
  await expect(page.getByTestId("upload-result")).toBeVisible();
  await expect(page.getByTestId("rejected-files")).toBeVisible();
  await expectAccessible(page, "upload page with its answer", testInfo);
});

test("the scoring-article run page: scored, each what-if tab, and at 390 px", async ({ page, request }, testInfo) => {
  test.slow();
  const id = await demoRunId(request, "scoring-article");
  await checkRunPage(page, id, "scoring-article", testInfo);
  await checkRunPageOnPhone(page, id, "scoring-article", "Flip verdicts", testInfo);
});

test("a Harbor run page: scored, each what-if tab, and at 390 px", async ({ page }, testInfo) => {
  test.slow();
  await checkRunPage(page, harborA, "Harbor", testInfo);
  await checkRunPageOnPhone(page, harborA, "Harbor", "Rules", testInfo);
});

test("demo task, rollout, rollouts and side-by-side pages", async ({ page, request }, testInfo) => {
  const id = await demoRunId(request, "silo-runs");
  await checkTaskPage(page, `${runPath(id)}/tasks/${encodeURIComponent("finance/TASK-007")}`, "demo", testInfo);

  // Two rollouts picked in the grid open their side by side.
  const picks = page.getByTestId("pick-rollout");
  await picks.nth(0).check();
  await picks.nth(1).check();
  await page.getByTestId("side-by-side-link").click();
  await expect(page.getByTestId("side-by-side")).toBeVisible();
  await settled(page);
  await expectAccessible(page, "demo side by side", testInfo);

  await page.goto(`${runPath(id)}/rollouts/${encodeURIComponent("run_20261104100300_9c46")}`);
  await settled(page);
  await expectAccessible(page, "demo rollout page", testInfo);

  await page.goto(`${runPath(id)}/rollouts`);
  await settled(page);
  await expectAccessible(page, "demo rollouts page", testInfo);
});

test("Harbor task, rollout and rollouts pages", async ({ page }, testInfo) => {
  test.slow();
  await checkTaskPage(page, `${runPath(harborA)}/tasks/task-001`, "Harbor", testInfo);

  await page.getByTestId("rollout-column").first().getByRole("link").click();
  await page.waitForURL(/\/rollouts\/task-001__/);
  await settled(page);
  await expectAccessible(page, "Harbor rollout page", testInfo);

  await page.goto(`${runPath(harborA)}/rollouts`);
  await settled(page);
  await expectAccessible(page, "Harbor rollouts page", testInfo);
  await page.goto(`${runPath(harborA)}/rollouts?status=unscored`);
  await settled(page);
  await expectAccessible(page, "Harbor rollouts page, unscored only", testInfo);
});

test("compare: the run picker, two demo runs, two Harbor runs and a side by side from it", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  await page.goto("/compare");
  await settled(page);
  await expectAccessible(page, "compare run picker", testInfo);

  const silo = await demoRunId(request, "silo-runs");
  const article = await demoRunId(request, "scoring-article");
  await page.goto(`/compare?runs=${silo},${article}`);
  await settled(page);
  await expect(page.getByTestId("comparison-summary-B")).toBeVisible();
  await expectAccessible(page, "compare page, demo runs", testInfo);

  await page.goto(`/compare?runs=${harborA},${harborB}`);
  await settled(page);
  await expect(page.getByTestId("comparison-summary-B")).toContainText("85");
  await expectAccessible(page, "compare page, Harbor runs", testInfo);

  await page.getByTestId("task-side-by-side").first().click();
  await expect(page.getByTestId("side-by-side")).toBeVisible();
  await settled(page);
  await expectAccessible(page, "Harbor side by side", testInfo);
});

test("the sign-in page of a server without a read token", async ({ page }, testInfo) => {
  await page.goto("/sign-in");
  await settled(page);
  await expectAccessible(page, "sign-in page, open server", testInfo);
});

// The sign-in form shows only where TALLY_READ_TOKEN is set: a second server of this build, with its own
// database and port, and that token.
test.describe("on a server with a read token", () => {
  const TOKEN = `a11y-read-${stamp}`;
  let dir = "";
  let server: ChildProcess | undefined;
  let base = "";
  let output = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-a11y-e2e-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    server = spawn(process.execPath, ["lib/cli/bin.mjs", "serve", "--port", String(port)], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `file:${path.join(dir, "tally.db")}`,
        TALLY_DEMO: "0",
        TALLY_READ_TOKEN: TOKEN,
        PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect
      .poll(async () => (await fetch(`${base}/sign-in`).catch(() => null))?.status ?? 0, {
        timeout: 200_000,
        intervals: [500],
        message: `the second server did not start:\n${output}`,
      })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the sign-in form, a refused token and the signed-in page", async ({ page }, testInfo) => {
    // A page behind the gate sends the browser to the form.
    await page.goto(`${base}/upload`);
    await page.waitForURL(/\/sign-in/);
    await settled(page);
    await expect(page.getByTestId("read-token")).toBeVisible();
    await expectAccessible(page, "sign-in form", testInfo);

    await page.getByTestId("read-token").fill(`${TOKEN}-wrong`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "not accepted" })).toBeVisible();
    await expectAccessible(page, "sign-in form, token refused", testInfo);

    await page.getByTestId("read-token").fill(TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${base}/upload`);
    await page.goto(`${base}/sign-in`);
    await expect(page.getByText("This browser is signed in.")).toBeVisible();
    await expectAccessible(page, "sign-in page, signed in", testInfo);
  });
});
