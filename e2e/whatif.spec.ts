import type { Page, Route } from "@playwright/test";
import { expect, snap, test } from "./fixtures";
import { openRun, openWhatIf } from "./run-helpers";

// The what-if explorer on the scoring-article demo run (figures: docs/scoring.md#what-if-scenarios).

const scenarioInUrl = (page: Page): unknown => {
  const text = new URL(page.url()).searchParams.get("scenario");
  return text === null ? null : JSON.parse(text);
};

const headline = (page: Page) => page.getByTestId("headline-value");

test("flip a verdict, change the scheme, share by URL, go back, reset", async ({ page }) => {
  await openRun(page, "scoring-article");
  await expect(headline(page)).toHaveText("72.2%");
  await expect(page.getByTestId("whatif-scheme")).toHaveValue("task");

  await openWhatIf(page);
  await page.getByTestId("whatif-check-search").fill("checkout C3");
  const c3 = page.locator('[data-testid="whatif-check"][data-task="incident/checkout"][data-check="C3"]');
  await expect(c3).toContainText("failed");
  await c3.getByRole("button", { name: /^Count as passed/ }).click();
  await expect(headline(page)).toHaveText("83.3%");
  await expect(page.getByTestId("metric-completion")).toContainText("66.7%");
  await expect(page.getByTestId("whatif-description")).toContainText("checkout C3 counted as passed");
  await expect(page.getByTestId("whatif-completion-flips")).toContainText("incident/checkout");
  await expect(page.getByTestId("whatif-effect-correctness")).toContainText("+11.1 pp");
  await expect(c3.getByRole("button", { name: /^Undo/ })).toBeVisible();

  // Each check one vote, with the flip kept: 7 of 9 correctness checks pass.
  await page.getByTestId("whatif-scheme").selectOption("check");
  await expect(headline(page)).toHaveText("77.8%");
  expect(scenarioInUrl(page)).toEqual({
    headline: { scheme: "check" },
    flips: [{ task: "incident/checkout", check: "C3", passed: true }],
  });
  await snap(page, "whatif");

  await page.reload();
  await expect(headline(page)).toHaveText("77.8%");
  await expect(page.getByTestId("whatif-scheme")).toHaveValue("check");

  await page.goBack();
  await expect(headline(page)).toHaveText("83.3%");
  await expect(page.getByTestId("whatif-scheme")).toHaveValue("task");
  // Back across a reload: Next fetches this entry's page again while Reset is written (components/url-state).
  await page.getByTestId("whatif-reset").click();
  await expect(headline(page)).toHaveText("72.2%");
  expect(scenarioInUrl(page)).toBeNull();

  // Each check one vote alone (docs/scoring.md#what-if-scenarios: no flips, scheme check).
  await page.getByTestId("whatif-scheme").selectOption("check");
  await expect(headline(page)).toHaveText("66.7%");
  expect(scenarioInUrl(page)).toEqual({ headline: { scheme: "check" } });
  await page.goBack();
  await expect(headline(page)).toHaveText("72.2%");
});

/**
 * Holds the page's server answers (RSC requests, prefetches aside) until released, so a test can order them
 * against a click: a race made certain instead of likely.
 */
async function holdServerAnswers(page: Page) {
  const held: Route[] = [];
  let released = 0;
  let open = false;
  const matches = (url: URL) => url.searchParams.has("_rsc");
  const handler = (route: Route) => {
    if (open || route.request().headers()["next-router-prefetch"]) return route.fallback();
    held.push(route);
  };
  const releaseUpTo = async (n: number) => {
    for (const route of held.slice(released, n)) await route.continue();
    released = Math.max(released, n);
  };
  await page.route(matches, handler);
  return {
    /** Waits for the `n`th held request. */
    waitFor: (n: number) => expect.poll(() => held.length).toBeGreaterThanOrEqual(n),
    /** Lets the first `n` held requests through. */
    releaseThrough: releaseUpTo,
    /** Lets every request through, held or to come. */
    releaseAll: async () => {
      open = true;
      await releaseUpTo(held.length);
      await page.unroute(matches, handler);
    },
  };
}

/** Flips checkout C3, then scheme "check", then reloads: the history entries behind were written in the page. */
async function flipSchemeReload(page: Page): Promise<void> {
  await openRun(page, "scoring-article");
  await openWhatIf(page);
  await page.getByTestId("whatif-check-search").fill("checkout C3");
  const c3 = page.locator('[data-testid="whatif-check"][data-task="incident/checkout"][data-check="C3"]');
  await c3.getByRole("button", { name: /^Count as passed/ }).click();
  await expect(headline(page)).toHaveText("83.3%");
  await page.getByTestId("whatif-scheme").selectOption("check");
  await expect(headline(page)).toHaveText("77.8%");
  await page.reload();
  await expect(headline(page)).toHaveText("77.8%");
}

// Back across a reload, Next asks the server for the entry's page with the tree the entry was written with
// (rendered for another query), drops the answer and asks again; the page it cached meanwhile gets no data
// (components/url-state/reconcile.ts: RouterTrust). These tests hold the answers to hit each case every time.
test("reset while the page behind back across a reload is asked for again", async ({ page }) => {
  await flipSchemeReload(page);
  const answers = await holdServerAnswers(page);
  // No check of the page before the answers go: Next renders a back at once or, now and then, only with its
  // answer, and then the navigation to the address bar that components/url-state makes is held too.
  await page.goBack();
  // The first answer lands and is dropped; the second request is on its way when Reset is clicked.
  await answers.waitFor(1);
  await answers.releaseThrough(1);
  await answers.waitFor(2);
  await page.getByTestId("whatif-reset").click();
  await answers.releaseAll();
  await expect(headline(page)).toHaveText("72.2%");
  expect(scenarioInUrl(page)).toBeNull();
  await page.getByTestId("whatif-scheme").selectOption("check");
  await expect(headline(page)).toHaveText("66.7%");
});

test("an edit after going back twice across a reload shows on the page", async ({ page }) => {
  await flipSchemeReload(page);
  const answers = await holdServerAnswers(page);
  await page.goBack();
  await answers.waitFor(1);
  await answers.releaseThrough(1);
  await answers.waitFor(2);
  await answers.releaseAll();
  // The run as first opened: Next restores it from its cache, the page it dropped above.
  await page.goBack();
  await expect(headline(page)).toHaveText("72.2%");
  expect(scenarioInUrl(page)).toBeNull();
  await page.getByTestId("whatif-scheme").selectOption("check");
  await expect(headline(page)).toHaveText("66.7%");
  expect(scenarioInUrl(page)).toEqual({ headline: { scheme: "check" } });
  await page.goBack();
  await expect(headline(page)).toHaveText("72.2%");
});

test("a custom weight switches to declared task weights: checkout 2 → correctness 70.8%", async ({ page }) => {
  await openRun(page, "scoring-article");
  await openWhatIf(page);
  await page.getByRole("tab", { name: "Weights" }).click();
  const weight = page.getByRole("spinbutton", { name: "Weight of incident/checkout" });
  await weight.fill("2");
  await weight.press("Enter");
  await expect(page.getByTestId("whatif-scheme")).toHaveValue("custom");
  await expect(page.getByTestId("metric-correctness")).toContainText("70.8%");
  await expect(headline(page)).toHaveText("70.8%");
  await expect(page.getByTestId("metric-completion")).toContainText("25.0%");
  expect(scenarioInUrl(page)).toEqual({ headline: { scheme: "custom" }, weights: { "incident/checkout": 2 } });

  // Back to the declared weight: the weight leaves the URL.
  await weight.fill("");
  await weight.press("Enter");
  await expect.poll(() => scenarioInUrl(page)).toEqual({ headline: { scheme: "custom" } });
  await expect(headline(page)).toHaveText("72.2%");

  // The open tab is in the URL: a reload (or a shared link) opens the same tab; Home goes to the first tab.
  await expect(page).toHaveURL(/[?&]whatif=weights/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Weights" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Weights" }).focus();
  await page.keyboard.press("Home");
  await expect(page.getByRole("tab", { name: "Flip verdicts" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Flip verdicts" })).toBeFocused();
  await expect(page).not.toHaveURL(/[?&]whatif=/);

  // A link naming only a tab opens the panel on it.
  await page.goto(`${new URL(page.url()).pathname}?whatif=rules`);
  await expect(page.getByRole("tab", { name: "Rules" })).toHaveAttribute("aria-selected", "true");
});

test("rules: unscored policy and required ↔ optional", async ({ page }) => {
  await openRun(page, "scoring-article");
  await openWhatIf(page);
  // Making checkout C3 optional in its task completes checkout, like flipping it, but correctness is unchanged.
  const c3 = page.locator('[data-testid="whatif-check"][data-task="incident/checkout"][data-check="C3"]');
  await c3.getByRole("button", { name: /is required; make it optional/ }).click();
  await expect(page.getByTestId("metric-completion")).toContainText("66.7%");
  await expect(headline(page)).toHaveText("72.2%");
  await expect(page.getByTestId("whatif-description")).toContainText("C3 made optional in checkout");

  await page.getByRole("tab", { name: "Rules" }).click();
  await page.getByTestId("whatif-unscored-fail").check();
  await expect.poll(() => scenarioInUrl(page)).toMatchObject({ unscored: "fail" });
  await expect(page.getByTestId("whatif-description")).toContainText("unscored rollouts counted as failures");
});

test("Copy link copies the URL that holds the scenario", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openRun(page, "scoring-article");
  await page.getByTestId("whatif-scheme").selectOption("group");
  await expect.poll(() => scenarioInUrl(page)).toEqual({ headline: { scheme: "group" } });
  await page.getByTestId("whatif-copy-link").click();
  await expect(page.getByTestId("whatif-copy-link")).toHaveText("Link copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
});

test("the explorer on a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRun(page, "scoring-article");
  await openWhatIf(page);
  await page.getByTestId("whatif-check-search").fill("C3");
  await page
    .locator('[data-testid="whatif-check"][data-task="incident/checkout"][data-check="C3"]')
    .getByRole("button", { name: /^Count as passed/ })
    .click();
  await expect(headline(page)).toHaveText("83.3%");
  await snap(page, "whatif-390");
});

test("a verdict flipped on a rollout page: the page follows the scenario, the run link keeps it, back undoes it", async ({
  page,
}) => {
  // Reached through the links, whatever the task and rollout URLs look like.
  await openRun(page, "silo-runs");
  const runPath = new URL(page.url()).pathname;
  await page.getByTestId("tasks-table").getByRole("link", { name: "finance/TASK-007", exact: true }).click();
  await page.getByRole("link", { name: "Rollout run_20261104100300_9c46" }).click();
  await expect(page.getByTestId("rollout-verdict")).toHaveText(/failed/);
  const checks = page.getByTestId("check-table");

  await checks.getByRole("button", { name: /^Count as passed: The invoice keeps its amount/ }).click();
  await expect(page).toHaveURL(/[?&]scenario=/);
  expect(scenarioInUrl(page)).toEqual({
    flips: [
      {
        task: "finance/TASK-007",
        rollout: "run_20261104100300_9c46",
        check: "The invoice keeps its amount",
        passed: true,
      },
    ],
  });
  await expect(page.getByTestId("rollout-verdict")).toHaveText(/passed/);
  await expect(page.getByTestId("failed-required")).toHaveCount(0);
  await expect(checks.getByRole("button", { name: /^Undo: The invoice keeps its amount/ })).toBeVisible();
  const runLink = page.getByRole("link", { name: "silo-runs", exact: true }).first();
  await expect(runLink).toHaveAttribute("href", new RegExp(`^${runPath}\\?scenario=`));

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]scenario=/);
  await expect(page.getByTestId("rollout-verdict")).toHaveText(/failed/);
  await expect(checks.getByRole("button", { name: /^Count as passed: The invoice keeps its amount/ })).toBeVisible();
});
