import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

export interface SeriesPageMeasurement {
  /** From the navigation to the first matrix row on screen (a fresh profile: nothing cached). */
  firstViewMs: number;
  /** Per filter, from the click (or the typed text) to the next frame drawn with its rows; median of REPEATS. */
  filterMs: Record<string, number | null>;
  /** Bytes of the page's HTML document (its server-rendered markup and payload). */
  htmlBytes: number;
}

export interface LeaderboardPageMeasurement {
  /** From the navigation to the leaderboard's table on screen. */
  firstViewMs: number;
}

/** The trend filters of the matrix (series-matrix.tsx), each timed from "all"; then a text filter. */
const TRENDS = ["stopped-passing", "flaky", "never-passed", "fixed"] as const;
/** Each filter is timed this many times; the figure is the median (one sample on a busy machine is noise). */
const REPEATS = 3;

/**
 * Times, inside the page, from `act` to the first animation frame after the matrix (or its empty-state)
 * carries `data-view="<view>"`: the filter's rows are committed and the frame after them is drawn.
 */
/**
 * Runs in the page (as source text: a bundler's helpers would not exist there). Times from the action to the
 * first animation frame after the matrix, or its empty state, carries `data-view="<view>"`: the filter's rows
 * are committed and the frame after them is drawn.
 */
const TIME_VIEW = `([act, arg, view]) => new Promise((resolve) => {
  const t0 = performance.now();
  const watch = () => {
    const elapsed = performance.now() - t0;
    if (document.querySelector('[data-view="' + CSS.escape(view) + '"]') !== null)
      requestAnimationFrame(() => resolve(performance.now() - t0));
    else if (elapsed > 10000) resolve(null);
    else requestAnimationFrame(watch);
  };
  if (act === "click") document.querySelector('[data-testid="' + arg + '"]').click();
  else {
    const input = document.querySelector('[data-testid="matrix-task-filter"]');
    // The value setter React watches, then the event its onChange listens to.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, arg);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  requestAnimationFrame(watch);
})`;

async function timeView(page: Page, act: "click" | "type", arg: string, view: string): Promise<number | null> {
  const ms = await page.evaluate<number | null>(`(${TIME_VIEW})(${JSON.stringify([act, arg, view])})`);
  return ms === null ? null : Math.round(ms);
}

/** The series page in headless Chromium: first view, then each trend filter and a task-name filter. */
export async function measureSeriesPage(url: string, taskText: string): Promise<SeriesPageMeasurement> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    let htmlBytes = 0;
    page.on("response", (res) => {
      if (res.request().resourceType() === "document") void res.body().then((b) => (htmlBytes = b.byteLength));
    });
    const start = performance.now();
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    await page.getByTestId("matrix-row").first().waitFor({ state: "visible", timeout: 120_000 });
    const firstViewMs = Math.round(performance.now() - start);
    // Filters answer once the page is interactive: wait for hydration (the filter input is controlled by React).
    await page.waitForLoadState("load");
    // A function, not source text: the page's CSP refuses the eval a string predicate needs.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('[data-testid="matrix-task-filter"]') ?? {}).some((k) =>
        k.startsWith("__reactProps"),
      ),
    );
    const filterMs: Record<string, number | null> = {};
    const median = (xs: (number | null)[]) =>
      xs.includes(null) ? null : [...(xs as number[])].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const trend of TRENDS) {
      const times: (number | null)[] = [];
      for (let i = 0; i < REPEATS; i++) {
        times.push(await timeView(page, "click", `trend-filter-${trend}`, `${trend}|`));
        await timeView(page, "click", "trend-filter-all", "all|");
      }
      filterMs[trend] = median(times);
    }
    const typed: (number | null)[] = [];
    const cleared: (number | null)[] = [];
    for (let i = 0; i < REPEATS; i++) {
      typed.push(await timeView(page, "type", taskText, `all|${taskText.toLowerCase()}`));
      cleared.push(await timeView(page, "type", "", "all|"));
    }
    filterMs[`task name “${taskText}”`] = median(typed);
    filterMs["task name cleared"] = median(cleared);
    return { firstViewMs, filterMs, htmlBytes };
  } finally {
    await browser.close();
  }
}

/** The leaderboard page in headless Chromium: from the navigation to its table on screen. */
export async function measureLeaderboardPage(url: string): Promise<LeaderboardPageMeasurement> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const start = performance.now();
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    await page.getByTestId("leaderboard-table").waitFor({ state: "visible", timeout: 120_000 });
    return { firstViewMs: Math.round(performance.now() - start) };
  } finally {
    await browser.close();
  }
}
