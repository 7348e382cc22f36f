import { expect, test } from "./fixtures";
import { uploadBenchflowJob } from "./benchflow-job";

// The run's rollouts list: filtered by verdict and by why a rollout is unscored, every filter in the URL; the
// run page's unscored reasons link to it.

test("an unscored reason on the run page opens the rollouts list filtered by it", async ({ page, request }) => {
  const run = await uploadBenchflowJob(request, `e2e-rollouts-${Date.now().toString(36)}`);
  await page.goto(`/runs/${encodeURIComponent(run.id)}`);
  const reasons = page.getByTestId("unscored-reasons");
  const reason = reasons.getByRole("listitem").first().getByRole("link");
  const reasonText = (await reason.textContent())!.trim();
  await reason.click();

  await expect(page).toHaveURL(/\/rollouts\?/);
  expect(new URL(page.url()).searchParams.get("reason")).toBe(reasonText);
  await expect(page.getByTestId("rollouts-count")).toHaveText("1 of 5 rollouts");
  const rows = page.getByTestId("rollouts-table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("unscored");
  await expect(rows.first()).toContainText(reasonText);

  // The status filter: 1 of 4 scored rollouts passes.
  const status = page.getByTestId("rollout-status-filter");
  await status.getByRole("link", { name: /^fail/ }).click();
  await expect(page).toHaveURL(/status=fail/);
  await expect(page.getByTestId("rollouts-count")).toHaveText("3 of 5 rollouts");
  await expect(rows).toHaveCount(3);
  await status.getByRole("link", { name: /^pass/ }).click();
  await expect(page.getByTestId("rollouts-count")).toHaveText("1 of 5 rollouts");
  await expect(status.getByRole("link", { name: /^pass/ })).toHaveAttribute("aria-current", "true");

  // Reloaded from its URL, the list keeps its filter.
  await page.reload();
  await expect(page.getByTestId("rollouts-count")).toHaveText("1 of 5 rollouts");
  await status.getByRole("link", { name: /^every rollout/ }).click();
  await expect(page.getByTestId("rollouts-count")).toHaveText("5 rollouts");

  // On a phone the ids keep a readable width (the table scrolls inside itself; the page never pans).
  await page.setViewportSize({ width: 390, height: 844 });
  const idCell = rows.first().locator("td").first();
  expect((await idCell.boundingBox())!.width, "the rollout id is not squeezed to a few characters").toBeGreaterThan(
    120,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
