/**
 * Shared helpers for the browser tests. Import `test` and `expect` from here, not from @playwright/test:
 *
 *   import { expect, snap, test } from "./fixtures";
 *   test("runs page", async ({ page }) => {
 *     await page.goto("/");
 *     await snap(page, "runs");          // full-page screenshot: e2e/screenshots/runs.png (gitignored)
 *   });
 *
 * Every test fails when the page throws an uncaught error (React hydration errors included), unless it opts
 * out with `test.use({ allowPageErrors: true })`. Console errors are attached to the report, not failed on.
 */
import { test as base, expect, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "screenshots");

/** Takes a full-page screenshot into e2e/screenshots/<name>.png and returns its path. */
export async function snap(page: Page, name: string): Promise<string> {
  const safe = name.replace(/[^a-zA-Z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "screenshot";
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${safe}.png`);
  await page.waitForLoadState("load");
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return file;
}

interface Fixtures {
  /** Set true (test.use) for a test that expects the page to throw. */
  allowPageErrors: boolean;
  /** Uncaught errors thrown in the page so far. */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  allowPageErrors: [false, { option: true }],
  pageErrors: [
    async ({ page, allowPageErrors }, use, testInfo) => {
      const errors: string[] = [];
      const consoleErrors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.stack ?? `${error.name}: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      await use(errors);
      if (consoleErrors.length > 0) {
        await testInfo.attach("console errors", { body: consoleErrors.join("\n\n"), contentType: "text/plain" });
      }
      if (!allowPageErrors) expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
