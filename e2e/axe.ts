import { AxeBuilder } from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** WCAG 2.1 levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Rules outside those tags (best practice, experimental) that are run too and fail on any impact: each was a
 * finding on these pages once (two navigation landmarks of one name, an empty table header, a link whose
 * accessible name left out its visible text), and each is kept fixed.
 */
export const KEPT_RULES = ["landmark-unique", "empty-table-header", "label-content-name-mismatch"];

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);
const NODES_SHOWN = 8;

const clipped = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** One violation as lines a reader can act on: rule, impact, help, then each element's selector and markup. */
export function violationText(v: Violation): string {
  const lines = [`${v.id} (${v.impact ?? "no impact"}): ${v.help} (${v.nodes.length} elements) ${v.helpUrl}`];
  for (const node of v.nodes.slice(0, NODES_SHOWN)) {
    lines.push(`  at ${node.target.map(String).join(" ")}`);
    lines.push(`    ${clipped(node.html.replace(/\s+/g, " "), 200)}`);
    const why = node.failureSummary?.split("\n").slice(1).join(" ").trim();
    if (why) lines.push(`    ${clipped(why, 240)}`);
  }
  if (v.nodes.length > NODES_SHOWN) lines.push(`  and ${v.nodes.length - NODES_SHOWN} more`);
  return lines.join("\n");
}

/**
 * Runs axe on the page as it is now (WCAG 2.1 A/AA and the kept rules) and fails on any serious or critical
 * violation, or any violation of a kept rule, printing each one. `where` names the page and its state in the
 * message; every violation found (blocking or not) is attached to the test's report. `within` limits the run to
 * the part matching that selector, for a part that changed on a page already checked whole.
 */
export async function expectAccessible(page: Page, where: string, testInfo: TestInfo, within?: string): Promise<void> {
  const axe = new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(KEPT_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(WCAG_TAGS);
  if (within !== undefined) axe.include(within);
  // Next writes a page's <title> as its metadata streams in: audited before, a page would be without one.
  await expect(page).toHaveTitle(/\S/);
  const results = await axe.analyze();
  if (results.violations.length > 0) {
    await testInfo.attach(`axe: ${where}`, {
      body: results.violations.map(violationText).join("\n\n"),
      contentType: "text/plain",
    });
  }
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? "") || KEPT_RULES.includes(v.id));
  const report = blocking.map(violationText).join("\n\n");
  expect(blocking.length, `axe on ${where} (${page.url()}):\n\n${report}\n`).toBe(0);
}
