import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { uploadBenchflowJob } from "./benchflow-job";

const INSPECT_REAL = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../lib/formats/__fixtures__/inspect-real",
);

// The same files uploaded as two runs: the upload answer, both run pages and the compare page say so; the
// compare page takes the runs by name.

test("a run that duplicates another says so at upload, on its page and on the compare page", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const first = await uploadBenchflowJob(request, `e2e-shared-a-${stamp}`);
  const second = await uploadBenchflowJob(request, `e2e-shared-b-${stamp}`);
  expect(second.body.warnings).toContain(
    `Run “e2e-shared-b-${stamp}” shares 5 of its 5 rollouts with run “e2e-shared-a-${stamp}” (a duplicate of “e2e-shared-a-${stamp}”; read from the same bytes).`,
  );

  await page.goto(`/runs/${encodeURIComponent(second.id)}`);
  const note = page.getByTestId("shared-rollouts");
  await expect(note).toContainText(`shares 5 of its 5 rollouts with run “e2e-shared-a-${stamp}”`);
  await note.getByRole("link", { name: `Open “e2e-shared-a-${stamp}”` }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${first.id}$`));
  await expect(page.getByTestId("shared-rollouts")).toContainText(`with run “e2e-shared-b-${stamp}”`);

  // By name: the page moves to the ids.
  await page.goto(
    `/compare?runs=${encodeURIComponent(`e2e-shared-a-${stamp}`)},${encodeURIComponent(`e2e-shared-b-${stamp}`)}`,
  );
  await expect(page).toHaveURL(new RegExp(`runs=${first.id},${second.id}`));
  await expect(page.getByTestId("compare-shared-rollouts")).toContainText(
    `B (“e2e-shared-b-${stamp}”) shares 5 of its 5 rollouts with run “e2e-shared-a-${stamp}”`,
  );
});

test("a name several runs share is named with its runs' ids on the compare page", async ({ page, request }) => {
  const name = `e2e-same-name-${Date.now().toString(36)}`;
  const one = await uploadBenchflowJob(request, name);
  const two = await uploadBenchflowJob(request, `${name}-2`);
  const renamed = await request.patch(`/api/runs/${encodeURIComponent(two.id)}`, { data: { name } });
  expect(renamed.status(), await renamed.text()).toBeLessThan(300);
  await page.goto(`/compare?runs=${encodeURIComponent(name)},benchflow-job`);
  const alert = page.getByTestId("compare-ambiguous");
  await expect(alert).toContainText(`2 runs are named "${name}": give one of their ids`);
  await expect(alert).toContainText(one.id);
  await expect(alert).toContainText(two.id);
});

test("the .eval and the .json of one Inspect log, uploaded as two runs, are the same samples on the compare page", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const ids: string[] = [];
  for (const file of ["log_formats.eval", "log_formats.json"]) {
    const name = `e2e-${file}-${stamp}`;
    const res = await request.post("/api/runs", {
      multipart: {
        run: name,
        files: {
          name: file,
          mimeType: "application/octet-stream",
          buffer: fs.readFileSync(path.join(INSPECT_REAL, file)),
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { runs: { id: string }[] }).runs[0]!.id);
  }
  await page.goto(`/compare?runs=${ids.join(",")}`);
  await expect(page.getByTestId("compare-shared-rollouts")).toContainText(
    `B (“e2e-log_formats.json-${stamp}”) shares 1 of its 1 rollout with run “e2e-log_formats.eval-${stamp}” (a duplicate of “e2e-log_formats.eval-${stamp}”; the same samples, read from another file of the same log)`,
  );
});
