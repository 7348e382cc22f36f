import { expect, test } from "./fixtures";

// Saved scenarios are bounded, and run pages carry only their names and descriptions: a saved scenario's body is
// fetched when the reader picks it. Before, a 6.6 MB saved scenario was accepted and made every run page 6.6 MB.

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const BIG = `big weights ${suffix}`;
const SMALL = `one weight ${suffix}`;
const bigWeights = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`marker-${suffix}-${i}`, 2]));
const SMALL_SCENARIO = { headline: { scheme: "custom" }, weights: { [`small-marker-${suffix}`]: 3 } };

test.afterAll(async ({ request }) => {
  for (const name of [BIG, SMALL]) await request.delete(`/api/scenarios/${encodeURIComponent(name)}`);
});

test("a 6.6 MB scenario is refused; a run page carries saved scenarios' names, and a body is fetched when picked", async ({
  page,
  request,
}) => {
  const huge = { weights: Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`task-${i}`, 1])) };
  const refused = await request.post("/api/scenarios", { data: { name: `huge ${suffix}`, scenario: huge } });
  expect(refused.status()).toBe(413);

  for (const [name, scenario] of [
    [BIG, { weights: bigWeights }],
    [SMALL, SMALL_SCENARIO],
  ] as const) {
    const saved = await request.post("/api/scenarios", { data: { name, description: `about ${name}`, scenario } });
    expect(saved.status(), await saved.text()).toBe(201);
  }

  const runs = (await (await request.get("/api/runs")).json()) as { runs: { id: string }[] };
  const runId = runs.runs[0]!.id;
  const html = await (await request.get(`/runs/${runId}`)).text();
  expect(html).toContain(BIG);
  expect(html).toContain(`about ${BIG}`);
  expect(html).not.toContain(`marker-${suffix}-1`);
  expect(html).not.toContain(`small-marker-${suffix}`);

  await page.goto(`/runs/${runId}`);
  const fetched = page.waitForResponse((res) => res.url().endsWith(`/api/scenarios/${encodeURIComponent(SMALL)}`));
  await page.getByTestId("scenario-picker").selectOption(SMALL);
  expect((await fetched).status()).toBe(200);
  await expect(page.getByTestId("scenario-name-shown")).toHaveText(SMALL);
  await expect(page.getByTestId("scenario-picker")).toHaveValue(SMALL);
  expect(JSON.parse(new URL(page.url()).searchParams.get("scenario") ?? "null")).toEqual(SMALL_SCENARIO);
});
