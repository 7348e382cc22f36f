import { expect, snap, test } from "./fixtures";

/** A Silo result.json; `tag` makes the bytes unique so this test stores new rollouts on every run. */
function siloResult(passed: boolean, tag: string): Buffer {
  return Buffer.from(
    JSON.stringify({
      passed,
      reward: passed ? 1 : 0.5,
      agentOutput: `e2e upload ${tag}`,
      checks: [
        { label: "The refund is issued", passed: true, detail: "status = refunded", required: true },
        { label: "The customer is told", passed, detail: passed ? "email sent" : "no email", required: true },
      ],
    }),
  );
}

const json = (name: string, buffer: Buffer) => ({ name, mimeType: "application/json", buffer });

test("uploading two good Silo results and a bad file stores two and names the bad field", async ({ page }) => {
  const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const runName = `e2e-upload-${tag}`;
  await page.goto("/upload");
  await expect(page.getByRole("heading", { name: "Upload results", level: 1 })).toBeVisible();

  await page
    .getByTestId("upload-file-input")
    .setInputFiles([
      json("refund-TASK-001.result.json", siloResult(true, tag)),
      json("refund-TASK-002.result.json", siloResult(false, tag)),
      json("broken.result.json", Buffer.from(JSON.stringify({ passed: true, reward: "high", checks: [] }))),
    ]);
  await expect(page.getByRole("region", { name: "Files to upload" })).toContainText("3 files");
  await page.getByLabel("Run name").fill(runName);
  await page.getByRole("button", { name: "Upload 3 files" }).click();

  const result = page.getByTestId("upload-result");
  await expect(result.getByTestId("count-stored")).toHaveText("2 stored");
  await expect(result.getByTestId("count-rejected")).toHaveText("1 rejected");
  const rejected = result.getByTestId("rejected-files");
  await expect(rejected).toContainText("broken.result.json");
  await expect(rejected).toContainText(/reward: expected number/);
  await snap(page, "upload-result");

  await result.getByRole("link", { name: `Open run ${runName} →` }).click();
  await expect(page).toHaveURL(/\/runs\/[^/?]+$/);
  await expect(page.getByText(runName).first()).toBeVisible();
});

test("a 401 shows the token field; the token goes in the Authorization header, never the URL", async ({ page }) => {
  const seen: { url: string; authorization: string | undefined }[] = [];
  await page.route("**/api/runs", async (route) => {
    const request = route.request();
    seen.push({ url: request.url(), authorization: request.headers().authorization });
    if (seen.length === 1) {
      await route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "unauthorized", message: "This server requires an ingest token." } }),
      });
      return;
    }
    await route.fulfill({
      status: 201,
      contentType: "application/json",
      body: JSON.stringify({
        runs: [{ id: "r1", name: "with-token", rollouts: 1 }],
        accepted: ["a.result.json"],
        rejected: [],
        duplicates: [],
        skipped: [],
      }),
    });
  });

  await page.goto("/upload");
  await expect(page.getByTestId("ingest-token")).toHaveCount(0);
  await page.getByTestId("upload-file-input").setInputFiles([json("a.result.json", siloResult(true, "token"))]);
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(page.getByTestId("upload-error")).toContainText("needs an ingest token");

  await page.getByTestId("ingest-token").fill("s3cret-token");
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(page.getByTestId("count-stored")).toHaveText("1 stored");

  expect(seen).toHaveLength(2);
  expect(seen[1]?.authorization).toBe("Bearer s3cret-token");
  expect(seen.every((r) => !r.url.includes("s3cret"))).toBe(true);
  expect(page.url()).not.toContain("s3cret");
  expect(await page.evaluate(() => window.sessionStorage.getItem("tally.ingest-token"))).toBe("s3cret-token");
});
