import type { Page } from "@playwright/test";
import path from "node:path";
import { rolloutHref } from "../lib/views/hrefs";
import { expect, SCREENSHOT_DIR, snap, test } from "./fixtures";
import { openRun, openWhatIf } from "./run-helpers";

// The what-if Budget tab on the silo-runs demo run. Tool calls per rollout: TASK-002 4 (fails), TASK-004 1
// (passes), TASK-007 3, 4, 5 (pass) and 6, 7 (fail), TASK-009 40 (fails). As recorded: correctness 58.5%,
// completion (each task one vote) (0 + 1 + 3/5 + 0)/4 = 40.0%. A limit of 3 tool calls fails TASK-007's passes
// with 4 and 5: it completes 1 of 5, so completion (0 + 1 + 1/5 + 0)/4 = 30.0%; correctness stays 58.5%.

const scenarioInUrl = (page: Page): unknown => {
  const text = new URL(page.url()).searchParams.get("scenario");
  return text === null ? null : JSON.parse(text);
};

/** The page, and the Budget tab alone (to read it at its real size): e2e/screenshots/<name>.png, <name>-tab.png. */
async function snapWithTab(page: Page, name: string) {
  await snap(page, name);
  await page.locator("#whatif-tabpanel").screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-tab.png`) });
}

const headline = (page: Page) => page.getByTestId("headline-value");
const completion = (page: Page) => page.getByTestId("metric-completion");

test("a tool-call budget fails the passes over it: completion 40.0% → 30.0%, kept in the URL and on reload", async ({
  page,
}) => {
  await openRun(page, "silo-runs");
  await expect(headline(page)).toHaveText("58.5%");
  await expect(completion(page)).toContainText("40.0%");
  await openWhatIf(page, "Budget");

  const measures = page.getByTestId("whatif-budget-measure");
  // Silo records time and tool calls, never a cost or tokens.
  await expect(measures).toHaveCount(2);
  await expect(page.locator('[data-testid="whatif-budget-measure"][data-measure="toolCalls"]')).toContainText(
    "recorded for every scored rollout (8)",
  );

  const limit = page.getByTestId("whatif-budget-limit-toolCalls");
  await limit.fill("3");
  await limit.press("Enter");
  await expect(completion(page)).toContainText("30.0%");
  await expect(headline(page)).toHaveText("58.5%");
  await expect.poll(() => scenarioInUrl(page)).toEqual({ budget: { toolCalls: 3 } });
  await expect(page.getByTestId("whatif-budget-counts-toolCalls")).toHaveText("6 rollouts over 3 tool calls");
  await expect(page.getByTestId("whatif-budget-summary")).toContainText("fails 2 rollouts that passed");
  await expect(page.getByTestId("whatif-description")).toContainText(
    "execution budget: a scored rollout spending more than 3 tool calls fails",
  );
  await snapWithTab(page, "budget-1440");

  // The headline follows when it is completion.
  await page.getByTestId("whatif-metric").selectOption("completion");
  await expect(headline(page)).toHaveText("30.0%");
  await expect
    .poll(() => scenarioInUrl(page))
    .toEqual({ headline: { metric: "completion" }, budget: { toolCalls: 3 } });

  await page.reload();
  await expect(headline(page)).toHaveText("30.0%");
  await expect(completion(page)).toContainText("30.0%");
  await openWhatIf(page, "Budget");
  await expect(page.getByTestId("whatif-budget-limit-toolCalls")).toHaveValue("3");
});

test("the slider moves the limit: at 0 no rollout passes; No limit is the run as recorded", async ({ page }) => {
  await openRun(page, "silo-runs");
  const scenario = { headline: { metric: "completion" }, budget: { toolCalls: 3 } };
  await page.goto(`${new URL(page.url()).pathname}?scenario=${encodeURIComponent(JSON.stringify(scenario))}`);
  await expect(headline(page)).toHaveText("30.0%");
  await openWhatIf(page, "Budget");

  const slider = page.getByTestId("whatif-budget-slider-toolCalls");
  await expect(slider).toHaveValue("3");
  await slider.focus();
  await slider.press("Home");
  await expect(headline(page)).toHaveText("0.0%");
  await expect
    .poll(() => scenarioInUrl(page))
    .toEqual({ headline: { metric: "completion" }, budget: { toolCalls: 0 } });
  await expect(page.getByTestId("whatif-budget-counts-toolCalls")).toHaveText("8 rollouts over 0 tool calls");

  await page.getByRole("button", { name: "No limit" }).click();
  await expect(headline(page)).toHaveText("40.0%");
  await expect.poll(() => scenarioInUrl(page)).toEqual({ headline: { metric: "completion" } });
});

test("a rollout the budget fails says why on its page", async ({ page }) => {
  await openRun(page, "silo-runs");
  const runId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
  await page.goto(rolloutHref(runId, "run_20261104100100_9c44", JSON.stringify({ budget: { toolCalls: 3 } })));
  await expect(page.getByTestId("rollout-verdict")).toHaveText(/failed/);
  await expect(
    page.getByText(
      "No required check failed: this rollout fails the scenario's execution budget (4 tool calls, over the limit of 3 tool calls).",
    ),
  ).toBeVisible();
  await page.goto(rolloutHref(runId, "run_20261104100100_9c44"));
  await expect(page.getByTestId("rollout-verdict")).toHaveText(/passed/);
});

test("the Budget tab on a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRun(page, "silo-runs");
  await openWhatIf(page, "Budget");
  const limit = page.getByTestId("whatif-budget-limit-toolCalls");
  await limit.fill("3");
  await limit.press("Enter");
  await expect(completion(page)).toContainText("30.0%");
  await snapWithTab(page, "budget-390");
});

test("a run whose rollouts record no cost, time, tokens or tool calls says so", async ({ page }) => {
  await openRun(page, "grade-problem");
  await openWhatIf(page, "Budget");
  await expect(page.getByTestId("whatif-budget-none")).toHaveText(
    "No rollout records cost, time, tokens or tool calls.",
  );
});
