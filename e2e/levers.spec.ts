import type { Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

// Fragile verdicts on the scoring-article demo run (figures: docs/scoring.md#fragile-verdicts).

async function openRun(page: Page, name: string) {
  await page.goto("/");
  const link = page.getByRole("link", { name, exact: true }).first();
  await expect(link).toHaveAttribute("href", /^\/runs\/[^/]+$/);
  await link.click();
  await page.waitForURL(/\/runs\/[^/?]+$/);
}

const headline = (page: Page) => page.getByTestId("headline-value");

/** "72.2%" → 72.2; "−16.7 pp" → −16.7. */
const figure = (text: string) => Number(text.replace("−", "-").replace(/[^-+0-9.]/g, ""));

test("lists the verdicts that move the headline most and applies the first as the what-if", async ({ page }) => {
  await openRun(page, "scoring-article");
  await expect(headline(page)).toHaveText("72.2%");
  const levers = page.getByTestId("levers");
  await expect(levers.getByRole("heading", { name: "Fragile verdicts" })).toBeVisible();
  const rows = levers.getByTestId("lever");
  await expect(rows).toHaveCount(9);
  const first = rows.first();
  await expect(first).toHaveAttribute("data-task", "lookup/owner-lookup");
  await expect(first).toHaveAttribute("data-check", "C1");
  await expect(first).toContainText("if owner-lookup C1 were wrong");
  await expect(first.getByTestId("lever-delta")).toHaveText("−16.7 pp");
  await expect(first.getByTestId("lever-label")).toHaveText("C1 Names the owning team");

  await levers.scrollIntoViewIfNeeded();
  await snap(page, "levers");

  // On a phone the effect and its button stay in view beside the verdict (no column only repeating it).
  await page.setViewportSize({ width: 390, height: 844 });
  const apply = first.getByRole("button", { name: /^Apply:/ });
  const clipped = await apply.evaluate((button) => {
    const table = button.closest("table")!.parentElement!.getBoundingClientRect();
    return button.getBoundingClientRect().right > table.right + 0.5;
  });
  expect(clipped, "the Apply button is not cut off by the table's scroll box").toBe(false);
  await page.setViewportSize({ width: 1440, height: 900 });

  const before = figure((await headline(page).textContent()) ?? "");
  const delta = figure((await first.getByTestId("lever-delta").textContent()) ?? "");
  await first.getByRole("button", { name: /^Apply: owner-lookup C1 counted as failed/ }).click();
  await expect(headline(page)).toHaveText("55.6%");
  const after = figure((await headline(page).textContent()) ?? "");
  // Each of the three figures is rounded to 0.1 for display.
  expect(Math.abs(after - before - delta)).toBeLessThanOrEqual(0.15);
  expect(JSON.parse(new URL(page.url()).searchParams.get("scenario") ?? "null")).toEqual({
    flips: [{ task: "lookup/owner-lookup", check: "C1", passed: false }],
  });

  // Under the flip, counting C1 as passed again is the lever that undoes it.
  await expect(rows.first()).toHaveAttribute("data-check", "C1");
  await expect(rows.first().getByTestId("lever-delta")).toHaveText("+16.7 pp");
  await expect(page.getByTestId("scenario-active")).toContainText("owner-lookup C1");
});
