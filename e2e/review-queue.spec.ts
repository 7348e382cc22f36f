import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";

const FIXTURE = path.join(process.cwd(), "lib/formats/__fixtures__/scoring-article");
const SHOTS = "/tmp/shots-reviews";

/** A run of its own (the scoring-article files under a unique name): the demo runs stay unreviewed. */
async function uploadArticle(request: APIRequestContext, run: string): Promise<string> {
  const form = new FormData();
  form.append("run", run);
  for (const task of ["checkout", "owner-lookup", "csv-conversion"]) {
    const bytes = fs.readFileSync(path.join(FIXTURE, task, "result.json"));
    form.append("files", new Blob([bytes], { type: "application/json" }), `${task}/result.json`);
  }
  const res = await request.post("/api/runs", { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { runs: { id: string; name: string }[] };
  return body.runs.find((r) => r.name === run)!.id;
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: "disabled" });
}

test("a reviewer goes through the queue in blind mode by keyboard only", async ({ page, request }, testInfo) => {
  const id = await uploadArticle(request, `review-queue-${Date.now()}`);
  const report = (await (await request.get(`/api/runs/${id}/report`)).json()) as {
    levers: { task: string; check: string; label: string }[];
  };
  const top = report.levers[0]!;

  await page.goto(`/runs/${id}/review`);
  // Silo checks are graded by code: the filter offers that kind with its count.
  await expect(page.getByTestId("grader-filter")).toContainText("code (14)");
  await expect(page.getByTestId("blind")).toBeChecked();
  await expect(page.getByTestId("reviewer-name")).toBeFocused();
  await page.keyboard.type("Ana");
  await page.keyboard.press("Enter");

  // The first item is the top lever, and its recorded verdict is hidden.
  await expect(page.getByTestId("queue-check")).toHaveText(top.label);
  await expect(page.getByTestId("queue-item")).toBeFocused();
  await expect(page.getByTestId("queue-agent-output")).toBeVisible();
  await expect(page.getByTestId("recorded-hidden")).toBeVisible();
  await expect(page.getByTestId("recorded-verdict")).toHaveCount(0);
  await expect(page.getByTestId("progress-Ana")).toHaveCount(0);
  await expectAccessible(page, "review queue", testInfo);
  await shot(page, "queue-1440");

  // 1 = pass, the reason field takes focus, Enter sends: the recorded verdict shows, progress counts.
  const reason = "<b>64</b> is the total budget, not per instance: the grader misread";
  await page.keyboard.press("1");
  await expect(page.getByTestId("choice-pass")).toBeChecked();
  await expect(page.getByTestId("review-reason")).toBeFocused();
  await page.keyboard.type(reason);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("recorded-verdict")).toBeVisible();
  await expect(page.getByTestId("progress-Ana")).toContainText("1 of 14");
  // Markup in a reason is text.
  await expect(page.getByTestId("own-review")).toContainText(reason);
  await expect(page.getByTestId("own-review").locator("b")).toHaveCount(0);
  await expectAccessible(page, "review queue, answered", testInfo);
  await shot(page, "queue-answered-1440");

  // J: the next verdict, hidden again; 3 = unsure, sent without a reason.
  await page.keyboard.press("j");
  await expect(page.getByTestId("queue-check")).not.toHaveText(top.label);
  await expect(page.getByTestId("recorded-verdict")).toHaveCount(0);
  await page.keyboard.press("3");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("recorded-verdict")).toBeVisible();
  await expect(page.getByTestId("progress-Ana")).toContainText("2 of 14");
  // K goes back to the first, answered: its verdict stays shown.
  await page.keyboard.press("k");
  await expect(page.getByTestId("queue-check")).toHaveText(top.label);
  await expect(page.getByTestId("recorded-verdict")).toBeVisible();

  // Kept by the server.
  const stored = (await (await request.get(`/api/runs/${id}/reviews`)).json()) as {
    reviews: { reviewer: string; verdict: string; reason: string; check: string }[];
  };
  expect(stored.reviews.map((r) => [r.reviewer, r.verdict])).toEqual([
    ["Ana", "pass"],
    ["Ana", "unsure"],
  ]);
  expect(stored.reviews[0]).toMatchObject({ check: top.check, reason });

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "queue-390");
});

test("the run page shows the figures recorded and after review side by side", async ({ page, request }, testInfo) => {
  // Three pages and two viewports: on a loaded machine this takes longer than the default 30 s.
  test.slow();
  const id = await uploadArticle(request, `after-review-${Date.now()}`);
  const res = await request.post(`/api/runs/${id}/reviews`, {
    data: {
      rollout: "checkout/result",
      check: "C3",
      verdict: "pass",
      reason: "64 is the total budget, not per instance: the grader misread",
      reviewer: "ana",
    },
  });
  expect(res.status()).toBe(201);
  const markup = '<img src=x onerror="alert(1)"> <b>agreed</b>';
  const second = await request.post(`/api/runs/${id}/reviews`, {
    data: { rollout: "checkout/result", check: "C1", verdict: "pass", reason: markup, reviewer: "bo" },
  });
  expect(second.status()).toBe(201);

  // The rollout page lists both reviews beside the recorded verdicts; markup in a reason is text.
  await page.goto(`/runs/${id}/rollouts/${encodeURIComponent("checkout/result")}`);
  const listed = page.getByTestId("rollout-reviews");
  await expect(listed.locator("tbody tr")).toHaveCount(2);
  await expect(listed).toContainText(markup);
  await expect(listed.locator("img, b")).toHaveCount(0);
  await expect(listed.locator("tbody tr").filter({ hasText: "C3" })).toContainText("fail");
  fs.mkdirSync(SHOTS, { recursive: true });
  await listed.screenshot({ path: path.join(SHOTS, "rollout-reviews-1440.png") });

  await page.goto(`/runs/${id}`);
  const box = page.getByTestId("after-review");
  await expect(box.getByTestId("after-review-correctness").getByTestId("recorded")).toHaveText("72.2%");
  await expect(box.getByTestId("after-review-correctness").getByTestId("reviewed")).toHaveText("83.3%");
  await expect(box.getByTestId("after-review-completion").getByTestId("recorded")).toHaveText("33.3%");
  await expect(box.getByTestId("after-review-completion").getByTestId("reviewed")).toHaveText("66.7%");
  // C3's review is a false fail: csv-conversion's unreviewed C3 counts as a pass at the high end.
  await expect(box.getByTestId("judge-error-band")).toContainText("83.3% to 91.7%");
  await expect(page.getByTestId("levers")).toBeVisible();
  // How far the grader agrees: C1 agreed (pass, pass), C3 not (grader fail, reviewers pass).
  const byCheck = page.getByTestId("agreement-by-check").locator("tbody tr");
  await expect(byCheck).toHaveCount(2);
  await expect(byCheck.nth(0)).toContainText("C1");
  await expect(byCheck.nth(0)).toContainText("1 · 0 · 0 · 0");
  await expect(byCheck.nth(1)).toContainText("C3");
  await expect(byCheck.nth(1)).toContainText("0 · 0 · 1 · 0");
  await page.getByTestId("agreement").scrollIntoViewIfNeeded();
  fs.mkdirSync(SHOTS, { recursive: true });
  await box.screenshot({ path: path.join(SHOTS, "after-review-box-1440.png") });
  await page.getByTestId("agreement").screenshot({ path: path.join(SHOTS, "agreement-1440.png") });
  await expectAccessible(page, "run page after review", testInfo);
  await shot(page, "after-review-1440");
  // Under reviews: apply the headline itself is the reviewed one.
  await box.getByRole("link", { name: "View the run with the reviewed verdicts" }).click();
  await expect(page).toHaveURL(/reviews%22%3A%22apply|reviews":"apply/);
  await expect(page.getByTestId("headline-value").first()).toHaveText(/83\.3%/);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "after-review-390");
  await box.screenshot({ path: path.join(SHOTS, "after-review-box-390.png") });
  await page.getByTestId("agreement").screenshot({ path: path.join(SHOTS, "agreement-390.png") });
});
