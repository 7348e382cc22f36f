import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Opens a run from the runs list by its name, as a user would, and waits for its page. */
export async function openRun(page: Page, name: string): Promise<void> {
  await page.goto("/");
  const link = page.getByRole("link", { name, exact: true }).first();
  await expect(link).toHaveAttribute("href", /^\/runs\/[^/]+$/);
  await link.click();
  await page.waitForURL(/\/runs\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

/** Opens the run page's what-if panel (when closed), and then one of its tabs when `tab` names it. */
export async function openWhatIf(page: Page, tab?: string): Promise<void> {
  const toggle = page.getByTestId("whatif-toggle");
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  if (tab !== undefined) await page.getByRole("tab", { name: tab }).click();
}
