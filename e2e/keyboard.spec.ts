import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Esc closes every popover and drawer wherever the focus is, and gives the focus back to what opened it; a
// popover opens over the page without moving the buttons beside it, and fits a phone's screen.

async function demoRunId(request: APIRequestContext, name: string): Promise<string> {
  const { runs } = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string }[] };
  return runs.find((r) => r.name === name)!.id;
}

/** Opens with `opener`, checks `panel` shows, presses Esc from inside it, and checks it is gone and the focus is back. */
async function escCloses(page: Page, opener: Locator, panel: Locator): Promise<void> {
  await opener.click();
  await expect(panel).toBeVisible();
  await expect(opener).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(opener).toHaveAttribute("aria-expanded", "false");
  await expect(opener).toBeFocused();
}

test("Esc closes Rename, Tags and Delete, and opening them moves no header button", async ({ page, request }) => {
  await page.goto(`/runs/${await demoRunId(request, "scoring-article")}`);
  const rename = page.getByTestId("run-rename");
  const before = await page.getByTestId("run-delete").boundingBox();
  await rename.click();
  await expect(page.getByTestId("rename-input")).toBeFocused();
  expect(await page.getByTestId("run-delete").boundingBox()).toEqual(before);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("rename-input")).toBeHidden();
  await expect(rename).toBeFocused();

  await escCloses(page, page.getByTestId("run-tags"), page.getByTestId("tags-input"));
  await escCloses(page, page.getByTestId("run-delete"), page.getByTestId("delete-confirm"));
});

test("Esc closes Save as…, which fits a 390 px screen", async ({ page, request }) => {
  const scenario = encodeURIComponent(JSON.stringify({ headline: { scheme: "check" } }));
  await page.goto(`/runs/${await demoRunId(request, "scoring-article")}?scenario=${scenario}`);
  await escCloses(page, page.getByTestId("scenario-save-as"), page.getByTestId("scenario-name"));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("scenario-save-as").click();
  const form = page.getByRole("form", { name: "Save this scenario" });
  await expect(form).toBeVisible();
  const box = (await form.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
});

test("Esc closes the compare page's scenario drawers", async ({ page, request }) => {
  const [a, b] = [await demoRunId(request, "scoring-article"), await demoRunId(request, "silo-runs")];
  await page.goto(`/compare?runs=${a},${b}`);
  for (const drawer of ["weights", "required", "budget", "flips"]) {
    const toggle = page.getByTestId(`compare-${drawer}-toggle`);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  }
});
