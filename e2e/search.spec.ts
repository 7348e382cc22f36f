import type { APIRequestContext } from "@playwright/test";
import { runHref, runSearchHref } from "../lib/views/hrefs";
import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";

// The trace search page on the demo's scoring-article run (prisma/demo, loaded by the e2e server): reached from
// the run page, a tool name typed and Enter pressed, the hit opened on its rollout page, landing on the step.

async function demoArticleRun(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  const run = list.runs.find((r) => r.name === "scoring-article");
  expect(run, "the demo run scoring-article").toBeDefined();
  return run!.id;
}

test("searches a tool name, opens the hit and lands on the highlighted step", async ({ page, request }, testInfo) => {
  const runId = await demoArticleRun(request);
  await page.goto(runHref(runId));
  await page.getByTestId("search-traces-link").click();
  await expect(page).toHaveURL(new RegExp(`${runSearchHref(runId).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByTestId("search-start")).toBeVisible();
  await expectAccessible(page, "search page, before a search", testInfo);

  const box = page.getByTestId("search-input");
  await box.fill("get_capacity");
  await box.press("Enter");
  await expect(page).toHaveURL(/\?q=get_capacity$/);
  const results = page.getByTestId("search-results");
  await expect(results.getByRole("heading", { level: 2 })).toHaveText("1 rollout with 1 matching step");
  const rollout = results.getByTestId("search-rollout");
  await expect(rollout).toHaveCount(1);
  await expect(rollout).toContainText("checkout/result");
  // The call of get_capacity is the checkout trace's sixth step (Silo seq 6); its two words are marked as one.
  await expect(rollout.locator("mark")).toHaveText(["get_capacity"]);
  await expectAccessible(page, "search page, with results", testInfo);

  // The same words as a filter of the rollouts list, a chip that removes it.
  await page.getByTestId("search-rollouts-list").click();
  await expect(page).toHaveURL(/\/rollouts\?trace=get_capacity$/);
  await expect(page.getByTestId("rollout-trace-filter")).toContainText("Trace matches “get_capacity”");
  await expect(page.getByTestId("rollouts-count")).toHaveText(/^1 of \d+ rollouts$/);
  await expect(page.getByTestId("rollouts-table")).toContainText("checkout/result");
  await expectAccessible(page, "rollouts list, trace filter", testInfo);
  await page
    .getByTestId("rollout-trace-filter")
    .getByRole("link", { name: /Remove the trace filter/ })
    .click();
  await expect(page.getByTestId("rollout-trace-filter")).toHaveCount(0);
  await expect(page.getByTestId("rollouts-count")).not.toContainText(" of ");
  await page.goBack();
  await page.goBack();

  const link = rollout.getByTestId("search-step-link");
  await expect(link).toHaveText("Step 6");
  await link.click();
  await expect(page).toHaveURL(/\/rollouts\/checkout%2Fresult#trace-step-6$/);
  const step = page.locator("#trace-step-6");
  await expect(step).toHaveAttribute("data-highlighted", "true");
  await expect(step).toBeInViewport();
  await expect(step).toContainText("get_capacity");
});

test("says what to do with no match and with a bad pattern; Esc clears", async ({ page, request }, testInfo) => {
  const runId = await demoArticleRun(request);
  await page.goto(`${runSearchHref(runId)}?q=nothing+matches+this`);
  await expect(page.getByTestId("search-empty")).toContainText("No step matches “nothing matches this”");
  await expectAccessible(page, "search page, no match", testInfo);

  await page.goto(`${runSearchHref(runId)}?q=(&mode=regex`);
  await expect(page.getByTestId("search-error")).toContainText("not a valid regular expression");

  // Text is rendered as text: markup in the query comes back as characters.
  await page.goto(`${runSearchHref(runId)}?q=${encodeURIComponent("<b>zzz</b>")}`);
  await expect(page.getByTestId("search-empty").getByRole("heading")).toHaveText("No step matches “<b>zzz</b>”");
  await expect(page.getByTestId("search-empty").locator("b")).toHaveCount(0);

  await page.goto(`${runSearchHref(runId)}?q=pool`);
  await expect(page.getByTestId("search-results").locator("mark").first()).toHaveText(/pool/i);
  const box = page.getByTestId("search-input");
  await expect(box).toHaveValue("pool");
  await box.press("Escape");
  await expect(box).toHaveValue("");
  await expect(page).toHaveURL(new RegExp(`${runSearchHref(runId).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByTestId("search-start")).toBeVisible();
});
