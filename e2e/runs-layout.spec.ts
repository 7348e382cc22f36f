import type { Page } from "@playwright/test";
import { expect, snap, test } from "./fixtures";
import { uploadBenchflowJob } from "./benchflow-job";

// The runs table at a desktop width with a long model name, and on a phone: every column in view at 1440 px;
// at 390 px the table scrolls inside itself (the page never pans) with the run names pinned.

const LONG_MODEL = `provider/${"very-long-model-name-".repeat(8)}2026-11-30`;

/** Whether the runs filter's placeholder fits inside the box (a cut-off hint reads as a typo). */
const placeholderFits = (page: Page) =>
  page.getByRole("searchbox", { name: "Filter runs" }).evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(el.placeholder).width <= inner;
  });

test("at 1440 px a long model name is cut (its full text in the title) and the last column stays in view", async ({
  page,
  request,
}) => {
  const name = `e2e-layout-${Date.now().toString(36)}`;
  await uploadBenchflowJob(request, name, { model: LONG_MODEL });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row.getByTitle(LONG_MODEL)).toBeVisible();
  const last = await page.getByRole("columnheader").last().boundingBox();
  const box = await page.getByTestId("runs-scroller").boundingBox();
  expect(last).not.toBeNull();
  expect(box).not.toBeNull();
  expect(last!.x + last!.width, "the last column is in view at 1440 px").toBeLessThanOrEqual(box!.x + box!.width + 1);
  expect(await placeholderFits(page), "the filter's placeholder is not cut off").toBe(true);
  await snap(page, "runs-1440");
});

test("at 390 px the page does not pan; the table scrolls with the run names pinned", async ({ page, request }) => {
  const name = `e2e-layout-390-${Date.now().toString(36)}`;
  await uploadBenchflowJob(request, name, { model: LONG_MODEL });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const link = page.getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, "no sideways pan at 390 px").toBeLessThanOrEqual(390);
  expect(await placeholderFits(page), "the filter's placeholder is not cut off").toBe(true);

  const scroller = page.getByTestId("runs-scroller");
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const box = await link.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x, "the run name stays at the left edge").toBeLessThan(120);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  await snap(page, "runs-390");
});
