import type { APIRequestContext, Page } from "@playwright/test";
import { deltaPp, pct } from "../lib/display/format";
import { compareRunFiles, type Variant } from "./compare-runs";
import { expect, snap, test } from "./fixtures";

// Named scenarios end to end: a scenario saved from a run page, listed by the API, picked on the compare page
// (whose headline difference and robustness table follow it, as the difference follows a flip, a required rule
// and a budget set there), a fragile verdict applied on the run page under it, then declared so the runs table
// shows each run's headline under it.
// Two runs of e2e/compare-runs.ts; the scenario weighs one task five times under the custom scheme.

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const NAME_A = `scenario-e2e-v1-${suffix}`;
const NAME_B = `scenario-e2e-v2-${suffix}`;
const SCENARIO_NAME = `disk weighs 5 ${suffix}`;
const SCENARIO = { headline: { scheme: "custom" }, weights: { "incident/disk-pressure": 5 } };

async function ingest(request: APIRequestContext, variant: Variant, name: string): Promise<string> {
  const multipart = new FormData();
  for (const f of compareRunFiles(variant))
    multipart.append("files", new Blob([f.content], { type: "application/json" }), f.path);
  multipart.append("run", name);
  const res = await request.post("/api/runs", { multipart });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { runs: { id: string; name: string }[] };
  return body.runs.find((r) => r.name === name)!.id;
}

const headlineDelta = async (request: APIRequestContext, runs: string, scenario?: object) => {
  const query = scenario ? `&scenario=${encodeURIComponent(JSON.stringify(scenario))}` : "";
  const res = await request.get(`/api/compare?${runs}${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { headline: { delta: number } }).headline.delta;
};

const scenarioInUrl = (page: Page): unknown => JSON.parse(new URL(page.url()).searchParams.get("scenario") ?? "null");

/** Opens one of the compare page's what-if drawers (Weights…, Required…, Budget…, Flips…) unless it is open. */
async function openDrawer(page: Page, id: string) {
  const toggle = page.getByTestId(`compare-${id}-toggle`);
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

let idA = "";
let idB = "";

test.beforeAll(async ({ request }) => {
  idA = await ingest(request, "a", NAME_A);
  idB = await ingest(request, "b", NAME_B);
});

// The declared scenario shows on every run page and the runs table: never leave one behind.
test.afterAll(async ({ request }) => {
  await request.delete(`/api/scenarios/${encodeURIComponent(SCENARIO_NAME)}`);
});

test("save a scenario on a run page, compare under it, declare it and see it on the runs table", async ({
  page,
  request,
}) => {
  test.slow();
  // A shared link holds the scenario; the run page saves it under a name.
  await page.goto(`/runs/${idB}?scenario=${encodeURIComponent(JSON.stringify(SCENARIO))}`);
  await expect(page.getByTestId("scenario-active")).toContainText("disk-pressure weighted 5");
  await page.getByTestId("scenario-save-as").click();
  await page.getByTestId("scenario-name").fill(SCENARIO_NAME);
  await page.getByTestId("scenario-description").fill("disk pressure pages the on-call");
  await page.getByTestId("scenario-save").click();
  await expect(page.getByTestId("scenario-saved")).toHaveText(`Saved as “${SCENARIO_NAME}”`);
  await expect(page.getByTestId("scenario-name-shown")).toHaveText(SCENARIO_NAME);
  await expect(page.getByTestId("scenario-picker")).toHaveValue(SCENARIO_NAME);
  await expect(page.getByTestId("scenario-as-recorded")).toHaveAttribute("href", `/runs/${idB}`);

  const listed = (await (await request.get("/api/scenarios")).json()) as {
    scenarios: { name: string; description: string; scenario: unknown; declared: boolean }[];
  };
  expect(listed.scenarios.find((s) => s.name === SCENARIO_NAME)).toEqual(
    expect.objectContaining({ description: "disk pressure pages the on-call", scenario: SCENARIO, declared: false }),
  );

  // The compare page as recorded, then under the saved scenario picked from its controls.
  const runs = `runs=${idA},${idB}&a=${idA}`;
  const recorded = await headlineDelta(request, runs);
  const under = await headlineDelta(request, runs, SCENARIO);
  expect(deltaPp(under)).not.toBe(deltaPp(recorded));
  await page.goto(`/compare?${runs}`);
  const delta = page.getByTestId("comparison-B").getByTestId("headline-delta");
  await expect(delta).toHaveText(deltaPp(recorded));
  await expect(page.getByTestId("compare-as-recorded")).toBeVisible();
  await page.getByTestId("scenario-picker").selectOption(SCENARIO_NAME);
  await expect(page).toHaveURL(/[?&]scenario=/);
  await expect(delta).toHaveText(deltaPp(under));
  await expect(page.getByTestId("compare-scenario").getByTestId("scenario-name-shown")).toHaveText(SCENARIO_NAME);
  await expect(page.getByTestId("compare-scheme")).toHaveValue("custom");
  const robustness = page.getByTestId("robustness");
  await expect(robustness).toBeVisible();
  await expect(robustness.getByTestId("robustness-row-custom-exclude")).toContainText("shown above");
  await snap(page, "compare-under-scenario");
  await page.getByTestId("scenario-as-recorded").click();
  await expect(delta).toHaveText(deltaPp(recorded));

  // A flip names a task and a check, and applies to that task's rollouts in each run.
  const flip = { flips: [{ task: "incident/dns-flap", check: "C2", passed: true }] };
  const flipped = await headlineDelta(request, runs, flip);
  expect(deltaPp(flipped)).not.toBe(deltaPp(recorded));
  await page.getByTestId("compare-flips-toggle").click();
  await page.getByTestId("compare-flip-task").selectOption("incident/dns-flap");
  await page.getByTestId("compare-flip-check").selectOption("C2");
  await page.getByTestId("compare-flip-add").click();
  await expect(delta).toHaveText(deltaPp(flipped));
  await expect(page.getByTestId("scenario-active")).toContainText("dns-flap C2 counted as passed");
  await page.getByTestId("compare-scenario-reset").click();
  await expect(delta).toHaveText(deltaPp(recorded));

  // A required rule and a budget apply to every run's rollouts and are kept in the URL. Both move pass/fail,
  // not check verdicts, so the headline here is completion.
  const byCompletion = { headline: { metric: "completion" } };
  const c2Optional = { ...byCompletion, required: [{ check: "C2", required: false }] };
  const budgeted = { ...c2Optional, budget: { toolCalls: 4 } };
  const completion = await headlineDelta(request, runs, byCompletion);
  const optional = await headlineDelta(request, runs, c2Optional);
  const overBudget = await headlineDelta(request, runs, budgeted);
  expect(deltaPp(optional)).not.toBe(deltaPp(completion));
  expect(deltaPp(overBudget)).not.toBe(deltaPp(optional));
  await page.goto(`/compare?${runs}&scenario=${encodeURIComponent(JSON.stringify(byCompletion))}`);
  await expect(delta).toHaveText(deltaPp(completion));
  await openDrawer(page, "required");
  await page.getByTestId("compare-required").getByLabel("C2 in every task").selectOption("optional");
  await expect(delta).toHaveText(deltaPp(optional));
  expect(scenarioInUrl(page)).toEqual(c2Optional);
  await expect(page.getByTestId("scenario-active")).toContainText("C2");
  await openDrawer(page, "budget");
  const limit = page.getByTestId("compare-budget").getByTestId("whatif-budget-limit-toolCalls");
  await limit.fill("4");
  await limit.press("Enter");
  await expect(delta).toHaveText(deltaPp(overBudget));
  expect(scenarioInUrl(page)).toEqual(budgeted);
  await openDrawer(page, "budget");
  await expect(page.getByTestId("compare-budget").getByTestId("whatif-budget-summary")).toContainText(
    "The budget fails",
  );
  await snap(page, "compare-required-and-budget");

  // Back on a run page under the saved scenario: applying the most fragile verdict moves the headline, and
  // the flip joins the scenario.
  await page.goto(`/runs/${idB}?scenario=${encodeURIComponent(JSON.stringify(SCENARIO))}`);
  await expect(page.locator("[data-scored]")).toBeAttached();
  const headline = page.getByTestId("headline-value");
  const before = (await headline.textContent()) ?? "";
  const lever = page.getByTestId("levers").getByTestId("lever").first();
  const task = await lever.getAttribute("data-task");
  const check = await lever.getAttribute("data-check");
  await lever.getByRole("button", { name: /^Apply: / }).click();
  await expect(headline).not.toHaveText(before);
  expect(scenarioInUrl(page)).toEqual({ ...SCENARIO, flips: [expect.objectContaining({ task, check })] });

  // Declared: the runs table shows each run's headline under it beside the one as recorded.
  const put = await request.put(`/api/scenarios/${encodeURIComponent(SCENARIO_NAME)}`, { data: { declared: true } });
  expect(put.status()).toBe(200);
  const report = await request.get(`/api/runs/${idB}/report?scenario=${encodeURIComponent(JSON.stringify(SCENARIO))}`);
  const value = ((await report.json()) as { headline: { value: number } }).headline.value;
  await page.goto("/");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: NAME_B, exact: true }) });
  await expect(row.getByTestId("declared-headline")).toHaveText(`${pct(value)} under “${SCENARIO_NAME}”`);
  await page.goto(`/runs/${idB}`);
  await expect(page.getByTestId("declared-headline-value")).toHaveText(pct(value));
  await snap(page, "run-with-declared-scenario");
});
