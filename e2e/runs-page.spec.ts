import { expect, snap, test } from "./fixtures";

// Smoke test: the server starts on a fresh database, loads the demo runs, and the runs page lists them.
test("the runs page lists the demo runs", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading").first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "scoring-article" }).first()).toBeVisible();
  await snap(page, "runs-page");
});
