import { benchflowJobZip, uploadBenchflowJob } from "./benchflow-job";
import { expect, snap, test } from "./fixtures";
import { openWhatIf } from "./run-helpers";

test("a BenchFlow job uploaded as a zip opens on its run page with the regrade view", async ({ page }) => {
  const runName = `e2e-benchflow-${Date.now().toString(36)}`;
  await page.goto("/upload");
  await page
    .getByTestId("upload-file-input")
    .setInputFiles([{ name: "benchflow-job.zip", mimeType: "application/zip", buffer: benchflowJobZip() }]);
  await page.getByLabel("Run name").fill(runName);
  await page.getByRole("button", { name: /^Upload/ }).click();
  const result = page.getByTestId("upload-result");
  await expect(result.getByTestId("count-rejected")).toHaveText("0 rejected");
  await result.getByRole("link", { name: new RegExp(`Open run ${runName}`) }).click();

  await expect(page.getByRole("heading", { level: 1 })).toContainText(runName);
  // 4 scored, 1 unscored (verifier error); pass rate over scored 1/4; mean reward 0.6667
  await expect(page.getByText("(1 unscored)")).toBeVisible();
  const regrades = page.getByRole("region", { name: "Harness notes" });
  await expect(regrades).toContainText("1 regraded, 1 changed (0 fail->pass, 1 pass->fail)");
  await expect(regrades).toContainText("half-life__c8819b13");
  await expect(regrades).toContainText(/pass\s*(->|→)\s*fail/);
  await snap(page, "benchflow-regrades");
});

test("the what-if applies a BenchFlow regrade: the regraded trial's reward replaces the recorded one", async ({
  page,
  request,
}) => {
  const run = await uploadBenchflowJob(request, `e2e-regrade-${Date.now().toString(36)}`);
  await page.goto(`/runs/${encodeURIComponent(run.id)}`);
  // As recorded, the regraded trial (1 → 0) is the one pass of the 4 scored trials.
  await expect(page.getByTestId("pass-rate")).toContainText("25.0%");
  // Rewards decide these verdicts, not checks: the card says so.
  await expect(page.getByTestId("pass-rate")).toContainText("1 of 4 rollouts reached the pass threshold (reward ≥ 1)");
  const meanReward = await page.getByTestId("mean-reward").innerText();
  await openWhatIf(page, "Rules");
  await page.getByTestId("whatif-regraded").check();
  await expect.poll(() => new URL(page.url()).searchParams.get("scenario")).toBe(JSON.stringify({ regraded: true }));
  await expect(page.getByTestId("pass-rate")).toContainText("0.0%");
  await expect(page.getByTestId("mean-reward")).not.toHaveText(meanReward);
  await expect(page.getByTestId("scenario-active")).toContainText("BenchFlow regrades applied");

  await page.getByTestId("whatif-regraded").uncheck();
  await expect(page.getByTestId("pass-rate")).toContainText("25.0%");
});
