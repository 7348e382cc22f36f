import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";

// `tally serve --watch` on a folder of its own, with its own database and port: the scoring-article results
// land in the folder one by one (one of them half-written first) while the run page is open, and the page
// follows them without a reload.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ARTICLE = path.join(ROOT, "lib", "formats", "__fixtures__", "scoring-article");
const RUN = `watch-e2e-${Date.now().toString(36)}`;

let dir: string;
let folder: string;
let server: ChildProcess;
let output = "";
let base: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-watch-e2e-"));
  folder = path.join(dir, "results");
  fs.mkdirSync(folder);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(
    process.execPath,
    ["lib/cli/bin.mjs", "serve", "--port", String(port), "--watch", folder, "--run", RUN],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "tally.db")}`, TALLY_DEMO: "0", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${base}/api/live`).catch(() => null))?.status ?? 0, {
      timeout: 200_000,
      intervals: [500],
    })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const land = (task: string, text?: string) => {
  fs.mkdirSync(path.join(folder, task), { recursive: true });
  const target = path.join(folder, task, "result.json");
  if (text === undefined) fs.copyFileSync(path.join(ARTICLE, task, "result.json"), target);
  else fs.writeFileSync(target, text);
};

test("copying result files into the watched folder updates the open run page without a reload", async ({ page }) => {
  test.slow();
  land("checkout");
  let id = "";
  await expect
    .poll(
      async () => {
        const body = (await (await fetch(`${base}/api/live`)).json()) as { runs: { id: string; rollouts: number }[] };
        id = body.runs[0]?.id ?? "";
        return body.runs[0]?.rollouts ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBe(1);

  await page.goto(`${base}/runs/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(RUN);
  await expect(page.getByTestId("live-badge")).toBeVisible();
  await expect(page.getByTestId("headline-value")).toHaveText("66.7%");
  // Survives only as long as the document does: a reload would drop it.
  await page.evaluate(() => ((window as unknown as { tallyMarker: number }).tallyMarker = 1));
  // Scrolled once the run is scored in the browser: the server's first screen may be too short to scroll.
  await page.locator("[data-scored]").waitFor();
  await page.evaluate(() => window.scrollTo(0, 400));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

  // Half of a result file, as a harness caught mid-write leaves it: retried, not refused.
  const ownerLookup = fs.readFileSync(path.join(ARTICLE, "owner-lookup", "result.json"), "utf8");
  land("owner-lookup", ownerLookup.slice(0, Math.floor(ownerLookup.length / 2)));
  await expect.poll(() => output, { timeout: 10_000 }).toContain("waiting    owner-lookup/result.json");
  land("owner-lookup", ownerLookup);
  await expect(page.getByTestId("headline-value")).toHaveText("83.3%", { timeout: 15_000 });

  // The runs table, open beside it, follows too.
  const runs = await page.context().newPage();
  await runs.goto(`${base}/`);
  const row = runs.locator("tbody tr").filter({ hasText: RUN });
  await expect(row.getByTestId("live-badge")).toBeVisible();
  await expect(row).toContainText("83.3%");

  land("csv-conversion");
  await expect(page.getByTestId("headline-value")).toHaveText("72.2%", { timeout: 15_000 });
  await expect(row).toContainText("72.2%", { timeout: 15_000 });
  await expect(page.getByTestId("mean-reward")).toContainText("0.65");
  await expect(page.getByText("3 tasks, 3 rollouts")).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { tallyMarker?: number }).tallyMarker)).toBe(1);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  expect(output).not.toContain("rejected");
});
