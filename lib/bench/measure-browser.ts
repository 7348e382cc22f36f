import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

export interface BrowserMeasurement {
  /**
   * From the navigation to the headline value on screen: the run's stored headline in the skeleton of a run the
   * server reads first, or the first screen's.
   */
  headlineMs: number;
  /** From the navigation to the first screen (headline with its interval, rates, first tasks) on screen. */
  firstScreenMs: number;
  /** From the navigation to no network request for 500 ms (Playwright's `networkidle`). */
  networkIdleMs: number;
  /** From the navigation to the whole page scored in the browser's worker (`[data-scored]`: the what-if open). */
  scoredMs: number;
  /** From choosing another headline metric to the headline card showing it (the next frame after the change). */
  metricChangeMs: number | null;
  /**
   * From flipping the first fragile verdict (the levers table's button) to the figures under the flip on screen,
   * and to the page settled with that scenario's levers too; null without a lever. `medianFiguresMs`: the median
   * figures time of FLIPS flips in a row (each of the first fragile verdict shown after the flip before), as one
   * sample moves by a third between runs on a busy machine.
   */
  flip: { figuresMs: number; settledMs: number; medianFiguresMs: number } | null;
  /** JavaScript heap in use once the page is loaded, and after a forced garbage collection. */
  heapMb: number;
  heapAfterGcMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

/** Flips timed on the page, one after another (an odd number: the median is one of them). */
const FLIPS = 3;

/**
 * The run page in headless Chromium on a fresh profile (nothing cached): when the headline shows, when the
 * network goes idle, how long a change of headline metric takes to reach the screen, and the page's heap.
 */
export async function measureRunPageInBrowser(url: string): Promise<BrowserMeasurement> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const start = performance.now();
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    await page
      .getByTestId("headline-value")
      .or(page.getByTestId("early-headline-value"))
      .first()
      .waitFor({ state: "visible", timeout: 120_000 });
    const headlineMs = performance.now() - start;
    await page.getByTestId("headline-value").waitFor({ state: "visible", timeout: 120_000 });
    const firstScreenMs = performance.now() - start;
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    const networkIdleMs = performance.now() - start;
    await page.locator("[data-scored]").waitFor({ timeout: 120_000 });
    const scoredMs = performance.now() - start;
    const metricChangeMs = await timeMetricChange(page);
    const flips: { figuresMs: number; settledMs: number }[] = [];
    for (let i = 0; i < FLIPS; i++) {
      await page.locator("[data-scored]").waitFor({ timeout: 120_000 });
      const timed = await timeFlip(page);
      if (timed === null) break;
      flips.push(timed);
    }
    const figures = flips.map((f) => f.figuresMs).sort((x, y) => x - y);
    const flip = flips[0] ? { ...flips[0], medianFiguresMs: figures[figures.length >> 1]! } : null;
    const cdp = await page.context().newCDPSession(page);
    const before = await cdp.send("Runtime.getHeapUsage");
    await cdp.send("HeapProfiler.collectGarbage");
    const after = await cdp.send("Runtime.getHeapUsage");
    return {
      headlineMs: Math.round(headlineMs),
      firstScreenMs: Math.round(firstScreenMs),
      networkIdleMs: Math.round(networkIdleMs),
      scoredMs: Math.round(scoredMs),
      metricChangeMs,
      flip,
      heapMb: mb(before.usedSize),
      heapAfterGcMb: mb(after.usedSize),
    };
  } finally {
    await browser.close();
  }
}

/**
 * Chooses another option of the headline metric select and times, inside the page, until the headline card's
 * text has changed on a drawn frame. Null when the page has no such select or nothing changes.
 */
async function timeMetricChange(page: import("@playwright/test").Page): Promise<number | null> {
  const select = page.getByTestId("whatif-metric");
  if ((await select.count()) === 0) return null;
  const ms = await select.evaluate(
    (el) =>
      new Promise<number | null>((resolve) => {
        const selectEl = el as HTMLSelectElement;
        // Read each frame from the document: the page may draw the new figures into new elements.
        const cardText = () =>
          document.querySelector('[data-testid="headline-value"]')?.closest("section")?.textContent ?? null;
        const next = [...selectEl.options].find((o) => o.value !== selectEl.value);
        const before = cardText();
        if (before === null || !next) return resolve(null);
        const watch = () => {
          const elapsed = performance.now() - t0;
          if (cardText() !== before) resolve(elapsed);
          else if (elapsed > 10_000) resolve(null);
          else requestAnimationFrame(watch);
        };
        const t0 = performance.now();
        // The value setter React watches, then the event its onChange listens to.
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!.call(selectEl, next.value);
        selectEl.dispatchEvent(new Event("change", { bubbles: true }));
        requestAnimationFrame(watch);
      }),
  );
  return ms === null ? null : Math.round(ms);
}

/**
 * Flips the first fragile verdict and times, inside the page, until the figures under the flip are drawn (the
 * scenario callout says what the figures on screen are under: it names the flip once they are) and until the
 * page is settled (the levers table waits for that scenario's levers, which come after the figures).
 */
async function timeFlip(
  page: import("@playwright/test").Page,
): Promise<{ figuresMs: number; settledMs: number } | null> {
  const button = page.getByTestId("lever").first().getByRole("button");
  if ((await button.count()) === 0) return null;
  const times = await button.evaluate(
    (el) =>
      new Promise<[number, number] | null>((resolve) => {
        const callout = () => document.querySelector('[data-testid="scenario-active"]')?.textContent ?? "";
        const before = callout();
        let figures: number | null = null;
        const watch = () => {
          const elapsed = performance.now() - t0;
          if (figures === null && callout() !== before) figures = elapsed;
          if (figures !== null && document.querySelector("[data-scored]") !== null) resolve([figures, elapsed]);
          else if (elapsed > 20_000) resolve(null);
          else requestAnimationFrame(watch);
        };
        const t0 = performance.now();
        (el as HTMLButtonElement).click();
        requestAnimationFrame(watch);
      }),
  );
  return times && { figuresMs: Math.round(times[0]), settledMs: Math.round(times[1]) };
}
