import type { APIRequestContext } from "@playwright/test";
import { compareRunFiles } from "./compare-runs";
import { expect, test } from "./fixtures";

// A run of its own (unique name and tag), stored through the API with a tag, then found by that tag in the
// runs table, renamed and deleted on its page. Other specs add runs meanwhile: assertions look at this run only.

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const NAME = `manage-e2e-${suffix}`;
const RENAMED = `${NAME} renamed`;
const TAG = `tag-${suffix}`;

async function ingest(request: APIRequestContext): Promise<string> {
  const multipart = new FormData();
  for (const f of compareRunFiles("a"))
    multipart.append("files", new Blob([f.content], { type: "application/json" }), f.path);
  multipart.append("run", NAME);
  multipart.append("tags", `${TAG}, e2e`);
  const res = await request.post("/api/runs", { multipart });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { runs: { id: string; name: string }[] };
  return body.runs.find((r) => r.name === NAME)!.id;
}

test("a tagged run is found by its tag, renamed and deleted on its page, and is gone everywhere after", async ({
  page,
  request,
}) => {
  // Two page loads after each change, on a machine shared with other test runs.
  test.slow();
  const id = await ingest(request);

  await page.goto("/");
  await page.getByTestId("tag-filter").selectOption(TAG);
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${TAG}`));
  await expect(page.locator("tbody tr")).toHaveCount(1);
  const row = page.locator("tbody tr").first();
  await expect(row.getByRole("link", { name: NAME, exact: true })).toBeVisible();
  await expect(row.getByTestId("run-tag")).toHaveText([TAG, "e2e"]);
  // The filter is read from the URL: a reload keeps it.
  await page.reload();
  await expect(page.locator("tbody tr")).toHaveCount(1);

  await row.getByRole("link", { name: NAME, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(NAME);
  await page.getByTestId("run-rename").click();
  await page.getByTestId("rename-input").fill(RENAMED);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(RENAMED);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(RENAMED);

  await page.getByTestId("run-delete").click();
  const submit = page.getByTestId("delete-submit");
  await page.getByTestId("delete-confirm").fill(NAME);
  await expect(submit).toBeDisabled();
  await page.getByTestId("delete-confirm").fill(RENAMED);
  await submit.click();

  await expect(page).toHaveURL(/\/\?deleted=/);
  await expect(page.getByTestId("deleted-notice")).toContainText(RENAMED);
  await expect(page.getByRole("heading", { name: "Runs", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: RENAMED, exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: NAME, exact: true })).toHaveCount(0);

  const gone = await page.goto(`/runs/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such run" })).toBeVisible();
  expect((await request.get(`/api/runs/${id}`)).status()).toBe(404);
  expect((await request.get(`/api/runs/${id}/report`)).status()).toBe(404);
});
