import { hostileCorpus, TWO_MB } from "../lib/ingest/__fixtures__/hostile-corpus";
import type { APIRequestContext, Page } from "@playwright/test";
import { rolloutHref } from "../lib/views/hrefs";
import { expect, snap, test } from "./fixtures";

/** The ids of a stored run's rollouts, from its report. */
async function rolloutIds(request: APIRequestContext, runId: string): Promise<string[]> {
  const report = (await (await request.get(`/api/runs/${encodeURIComponent(runId)}/report`)).json()) as {
    rollouts: { id: string }[];
  };
  return report.rollouts.map((r) => r.id);
}

// The hostile corpus (lib/ingest/__fixtures__/hostile-corpus.ts: deep nesting, NUL, 2 MB strings, BOM, UTF-16,
// a zip bomb, `../` and absolute zip entries, a non-zip, an empty zip, fixtures/bad-inputs) through /upload,
// then the stored rollouts with markup and a 2 MB string in the browser.

test.describe.configure({ timeout: 120_000 });

/**
 * Records, in window.__injected, every call of the functions the corpus's markup would call if the browser ran
 * it (`<script>alert(...)</script>`, `<img onerror=alert(1)>`), before any page script runs. The dialog still
 * opens, so the test's dialog listener sees it too.
 */
async function recordInjectedCalls(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { __injected?: string[] };
    const alert = window.alert.bind(window);
    window.alert = (message?: unknown) => {
      (w.__injected ??= []).push(String(message));
      alert(String(message));
    };
  });
}

const injectedCalls = (page: Page) =>
  page.evaluate(() => (window as Window & { __injected?: string[] }).__injected ?? []);

test("uploading the hostile corpus lists each refusal with its reason; the stored rollouts render as text", async ({
  page,
  request,
}) => {
  await recordInjectedCalls(page);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const runName = `e2e-hostile-${tag}`;
  const corpus = hostileCorpus(tag, "");
  const stored = corpus.filter((f) => f.expect === "stored");
  const refused = corpus.filter((f) => f.expect !== "stored");

  await page.goto("/upload");
  await page.getByTestId("upload-file-input").setInputFiles(
    corpus.map((f) => ({
      name: f.path,
      mimeType: f.path.endsWith(".zip") ? "application/zip" : "application/json",
      buffer: Buffer.from(f.bytes),
    })),
  );
  await expect(page.getByRole("region", { name: "Files to upload" })).toContainText(`${corpus.length} files`);
  await page.getByLabel("Run name").fill(runName);
  await page.getByRole("button", { name: `Upload ${corpus.length} files` }).click();

  const result = page.getByTestId("upload-result");
  await expect(result.getByTestId("count-stored")).toHaveText(`${stored.length} stored`, { timeout: 60_000 });
  await expect(result.getByTestId("count-rejected")).toHaveText(`${refused.length} rejected`);
  const items = result.getByTestId("rejected-files").locator("li");
  await expect(items).toHaveCount(refused.length);
  for (const file of refused) {
    const item = items.filter({
      has: page.locator("code", { hasText: new RegExp(`^${file.path.replace(/\./g, "\\.")}$`) }),
    });
    await expect(item, file.what).toHaveCount(1);
    await expect(item, file.what).toContainText(file.expect);
  }
  await snap(page, "hostile-upload-result");

  // The run of the stored files.
  await result.getByRole("link", { name: `Open run ${runName} →` }).click();
  await expect(page).toHaveURL(/\/runs\/[^/?]+$/);
  const runId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
  await expect(page.getByText(runName).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await injectedCalls(page), "no script from the data ran on the run page").toEqual([]);
  const ids = await rolloutIds(request, runId);
  const rollout = (needle: string) => {
    const id = ids.find((i) => i.includes(needle));
    expect(id, `rollout ${needle} in ${ids.join(", ")}`).toBeDefined();
    return rolloutHref(runId, id!);
  };

  // Markup stays text: no script runs, no image element from the data.
  await page.goto(rollout("markup-in-text"));
  await expect(page.getByTestId("agent-output")).toHaveText("<script>alert('agentOutput')</script>");
  await expect(page.getByText("<img src=x onerror=alert(1)>").first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("b", { hasText: "bold-task" })).toHaveCount(0);
  await page.waitForLoadState("load");
  expect(await injectedCalls(page), "no script from the data ran on the rollout page").toEqual([]);

  // The 2 MB agent output: its first 20,000 characters come with the page, the rest on "Show all", then it is
  // whole in a scrollable <pre> and the page stays responsive.
  const started = Date.now();
  const response = await page.goto(rollout("big-output"));
  expect((await response!.body()).length, "the page carries the head of the 2 MB output").toBeLessThan(500_000);
  const output = page.getByTestId("agent-output");
  await expect(output).toContainText("(2.0 MB in all)");
  expect((await output.textContent())!.length).toBeLessThan(20_100);
  await page.getByRole("button", { name: /^Show all \(2\.0 MB\)/ }).click();
  await expect(output).not.toContainText("(2.0 MB in all)");
  const shape = await output.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      tag: el.tagName,
      length: el.textContent?.length ?? 0,
      overflow: style.overflowY,
      scrollable: el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth,
    };
  });
  expect(shape.tag).toBe("PRE");
  expect(shape.length).toBe(`${tag} `.length + TWO_MB);
  expect(["auto", "scroll"]).toContain(shape.overflow);
  expect(shape.scrollable).toBe(true);
  const loadMs = Date.now() - started;
  // Responsive: scrolling to the end of the output happens, and answers quickly.
  const ping = Date.now();
  const scrolled = await output.evaluate((el) => {
    el.scrollTo({ top: el.scrollHeight, left: el.scrollWidth });
    return { top: el.scrollTop, left: el.scrollLeft };
  });
  expect(Date.now() - ping, "the scroll answers within 2 s after the 2 MB rollout loaded").toBeLessThan(2_000);
  expect(scrolled.top + scrolled.left, "the output scrolled towards its end").toBeGreaterThan(0);
  test.info().annotations.push({ type: "2 MB rollout page load (ms)", description: String(loadMs) });
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await snap(page, "hostile-big-rollout");

  // NUL characters are shown as U+FFFD with the warning.
  await page.goto(rollout("nul-bytes"));
  await expect(page.getByTestId("agent-output")).toHaveText(`before\uFFFDafter ${tag}`);
  await expect(page.getByTestId("rollout-warnings")).toContainText("NUL characters");

  expect(dialogs, "no dialog opened").toEqual([]);
});

// Found by this corpus: a 2 MB check label hung the rollout page in Chromium (laying out megabyte-long labels
// and aria-labels); labels are cut for display (clip in lib/display/format.ts) and the raw file keeps them.
test("the rollout page of a 2 MB check label loads and stays responsive", async ({ page, request }) => {
  const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const file = hostileCorpus(tag, "").find((f) => f.path === "big-label.result.json")!;
  const form = new FormData();
  form.set("run", `e2e-hostile-label-${tag}`);
  form.append("files", new Blob([new Uint8Array(file.bytes)], { type: "application/json" }), file.path);
  const upload = await request.post("/api/runs", { multipart: form });
  expect(upload.status()).toBe(201);
  const { runs } = (await upload.json()) as { runs: { id: string }[] };
  const [rolloutId] = await rolloutIds(request, runs[0]!.id);
  await page.goto(rolloutHref(runs[0]!.id, rolloutId!), { timeout: 30_000 });
  const table = page.getByTestId("check-table");
  await expect(table).toContainText("(2 MB in all)");
  // Cut to a few hundred characters: no text or accessible name on the page comes near the 2 MB label.
  const longest = await page.evaluate(() => {
    const elements = [...document.body.querySelectorAll("*")];
    return {
      label: elements.reduce((top, el) => Math.max(top, el.getAttribute("aria-label")?.length ?? 0), 0),
      title: elements.reduce((top, el) => Math.max(top, el.getAttribute("title")?.length ?? 0), 0),
      text: document.body.innerText.length,
    };
  });
  expect(longest.label).toBeLessThan(1_000);
  expect(longest.title).toBeLessThan(1_000);
  expect(longest.text).toBeLessThan(100_000);
});

// Found by this corpus: metadata nested 512 levels deep (the most the JSON depth limit lets through) made the
// rollout page's JSON tree fail hydration (Chromium's HTML parser flattens DOM nested past 512 elements); the
// tree stops at 40 levels and points at the raw file.
test("the rollout page of metadata nested 512 levels deep renders without a hydration error", async ({
  page,
  request,
}) => {
  const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const file = hostileCorpus(tag, "").find((f) => f.path === "deep-allowed.result.json")!;
  const form = new FormData();
  form.set("run", `e2e-hostile-deep-${tag}`);
  form.append("files", new Blob([new Uint8Array(file.bytes)], { type: "application/json" }), file.path);
  const upload = await request.post("/api/runs", { multipart: form });
  expect(upload.status()).toBe(201);
  const { runs } = (await upload.json()) as { runs: { id: string }[] };
  const [rolloutId] = await rolloutIds(request, runs[0]!.id);
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  await page.goto(rolloutHref(runs[0]!.id, rolloutId!));
  await expect(page.getByTestId("agent-output")).toHaveText(`hostile corpus ${tag} deep allowed`);
  // The tree stops where the browser would start flattening the DOM, and says where the rest is.
  await expect(page.getByText(/nested deeper than 40 levels: see the raw file/)).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  // Uncaught errors fail every test (fixtures.ts); React reports a hydration mismatch on the console.
  expect(hydrationErrors).toEqual([]);
});
