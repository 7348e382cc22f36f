import http from "node:http";
import type { APIRequestContext, Page, Response } from "@playwright/test";
import { compareRunFiles } from "./compare-runs";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { rawRequest, SECURITY_HEADER_VALUES } from "./raw-http";

// A hostile page served from a second real origin (a small server started here, addressed as localhost and as
// 127.0.0.1 on its own port) tries to write into the Tally under test from Chromium, with no token set: fetch()
// POSTs with JSON as text/plain and with multipart FormData, and plain HTML form submissions (the text/plain
// JSON trick and a multipart upload). Nothing may be written; the dashboard's own upload, rename, scenario save
// and delete still work in the same browser afterwards. Then a Host of another name (DNS rebinding), which a
// browser cannot be made to send, from Node.

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const VICTIM = `cross-origin-victim-${suffix}`;
const OWN_RUN = `cross-origin-own-${suffix}`;
const OWN_SCENARIO = `cross-origin own ${suffix}`;
const SCENARIO = { headline: { scheme: "custom" }, weights: { "incident/disk-pressure": 5 } };
/** Every name a hostile attempt would create: none may ever be stored. */
const EVIL = { run: `evil-fetch-run-${suffix}`, formRun: `evil-form-run-${suffix}`, scenario: `evil-${suffix}` };

let hostile: http.Server;
let hostilePort = 0;
let victimId = "";

/** Silo files of e2e/compare-runs.ts's run A, as multipart parts. */
function runForm(name: string): FormData {
  const form = new FormData();
  for (const f of compareRunFiles("a"))
    form.append("files", new Blob([f.content], { type: "application/json" }), f.path);
  form.append("run", name);
  return form;
}

test.beforeAll(async ({ request }) => {
  hostilePort = await freePort();
  // A blank page: the attempts run in it through page.evaluate, so they leave from its origin.
  hostile = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>not Tally</title><body><h1>A page of another origin</h1></body>");
  });
  await new Promise<void>((resolve) => hostile.listen(hostilePort, "127.0.0.1", resolve));
  const res = await request.post("/api/runs", { multipart: runForm(VICTIM) });
  expect(res.status(), await res.text()).toBe(201);
  victimId = ((await res.json()) as { runs: { id: string }[] }).runs[0]!.id;
});

test.afterAll(async ({ request }) => {
  await new Promise((resolve) => hostile.close(resolve));
  await request.delete(`/api/runs/${victimId}`);
  await request.delete(`/api/scenarios/${encodeURIComponent(OWN_SCENARIO)}`);
});

async function storedRunNames(request: APIRequestContext): Promise<string[]> {
  const { runs } = (await (await request.get("/api/runs")).json()) as { runs: { name: string }[] };
  return runs.map((r) => r.name);
}

async function storedScenarioNames(request: APIRequestContext): Promise<string[]> {
  const { scenarios } = (await (await request.get("/api/scenarios")).json()) as { scenarios: { name: string }[] };
  return scenarios.map((s) => s.name);
}

/**
 * The attempts, run in the hostile page: three fetch() POSTs, then two form submissions into iframes. Answers
 * whether the page could read the runs list (it must not: Tally sends no CORS header).
 */
async function attack(page: Page, target: string): Promise<string> {
  return await page.evaluate(
    async ({ target, victimId, evil }) => {
      // A Silo result Tally would store were the request let through: new bytes per page and per attempt, so
      // never a duplicate of one stored before.
      const silo = (by: string) =>
        JSON.stringify({
          passed: true,
          reward: 1,
          agentOutput: `pwned by ${by} from ${location.origin}`,
          checks: [{ label: "pwned", passed: true, detail: "stored by another site", required: true }],
        });
      const upload = new FormData();
      upload.append("files", new File([silo("fetch")], "evil.result.json", { type: "application/json" }));
      upload.append("run", evil.run);
      // no-cors: the requests a page may send anywhere without asking (text/plain and multipart bodies).
      await Promise.allSettled([
        fetch(`${target}/api/runs`, { method: "POST", mode: "no-cors", body: upload }),
        fetch(`${target}/api/scenarios`, {
          method: "POST",
          mode: "no-cors",
          body: JSON.stringify({ name: evil.scenario, scenario: {} }),
        }),
        fetch(`${target}/api/runs/${victimId}/baseline`, {
          method: "POST",
          mode: "no-cors",
          credentials: "include",
          body: JSON.stringify({ baseline: true }),
        }),
      ]);

      const submit = (action: string, enctype: string, fields: [string, string][], file?: File) => {
        const frame = document.createElement("iframe");
        frame.name = `sink-${Math.random().toString(36).slice(2)}`;
        document.body.append(frame);
        const form = document.createElement("form");
        Object.assign(form, { method: "POST", action, enctype, target: frame.name });
        for (const [name, value] of fields) {
          const input = document.createElement("input");
          Object.assign(input, { type: "hidden", name, value });
          form.append(input);
        }
        if (file) {
          const input = document.createElement("input");
          Object.assign(input, { type: "file", name: "files" });
          const files = new DataTransfer();
          files.items.add(file);
          input.files = files.files;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      };
      // text/plain forms send `name=value`: this name and value make the body the JSON of a valid scenario.
      submit(`${target}/api/scenarios`, "text/plain", [
        [`{"name":"${evil.scenario}-form","scenario":{},"description":"`, '"}'],
      ]);
      submit(
        `${target}/api/runs`,
        "multipart/form-data",
        [["run", evil.formRun]],
        new File([silo("form")], "evil.result.json"),
      );
      return await fetch(`${target}/api/runs`).then(
        (res) => res.text(),
        () => "blocked",
      );
    },
    { target, victimId, evil: EVIL },
  );
}

test("a page of another origin writes nothing; the dashboard's own writes still work in the same browser", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const target = baseURL!;
  const answers: Response[] = [];
  page.on("response", (response) => {
    if (response.url().startsWith(target) && response.request().method() === "POST") answers.push(response);
  });

  // localhost:P is another site than 127.0.0.1; 127.0.0.1:P is the same site on another port (same-site is not
  // same-origin). The attack came from a page on localhost.
  for (const origin of [`http://localhost:${hostilePort}`, `http://127.0.0.1:${hostilePort}`]) {
    answers.length = 0;
    await page.goto(`${origin}/`);
    expect(await attack(page, target)).toBe("blocked");
    await expect.poll(() => answers.length, { message: `the five attempts from ${origin}` }).toBe(5);
    // Without an Origin the server would take these for a script's and store them: the 403s show it saw one.
    for (const answer of answers) {
      expect(answer.status(), `${answer.url()} from ${origin}`).toBe(403);
    }
  }

  // Asked afterwards, as a script would (no Origin): nothing was written.
  const runs = await storedRunNames(request);
  expect(runs).toContain(VICTIM);
  for (const name of [EVIL.run, EVIL.formRun]) expect(runs).not.toContain(name);
  const scenarios = await storedScenarioNames(request);
  expect(scenarios.filter((name) => name.startsWith(EVIL.scenario))).toEqual([]);
  const victim = (await (await request.get(`/api/runs/${victimId}`)).json()) as { run: { baseline: boolean } };
  expect(victim.run.baseline).toBe(false);

  // The dashboard's own calls, in the same browser: upload, rename, save a scenario, delete.
  await page.goto("/upload");
  await page
    .getByTestId("upload-file-input")
    .setInputFiles(
      compareRunFiles("a").map((f) => ({ name: f.path, mimeType: "application/json", buffer: Buffer.from(f.content) })),
    );
  await page.getByLabel("Run name").fill(OWN_RUN);
  await page.getByRole("button", { name: /^Upload \d+ files$/ }).click();
  const result = page.getByTestId("upload-result");
  await expect(result.getByTestId("count-stored")).toContainText("stored");
  await result.getByRole("link", { name: `Open run ${OWN_RUN} →` }).click();
  await page.waitForURL(/\/runs\/[^/?]+$/);
  const ownId = new URL(page.url()).pathname.split("/")[2]!;

  const renamed = `${OWN_RUN} renamed`;
  await page.getByTestId("run-rename").click();
  await page.getByTestId("rename-input").fill(renamed);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(renamed);

  await page.goto(`/runs/${ownId}?scenario=${encodeURIComponent(JSON.stringify(SCENARIO))}`);
  await page.getByTestId("scenario-save-as").click();
  await page.getByTestId("scenario-name").fill(OWN_SCENARIO);
  await page.getByTestId("scenario-save").click();
  await expect(page.getByTestId("scenario-saved")).toHaveText(`Saved as “${OWN_SCENARIO}”`);
  expect(await storedScenarioNames(request)).toContain(OWN_SCENARIO);

  await page.goto(`/runs/${ownId}`);
  await page.getByTestId("run-delete").click();
  await page.getByTestId("delete-confirm").fill(renamed);
  await page.getByTestId("delete-submit").click();
  await expect(page).toHaveURL(/\/\?deleted=/);
  expect((await request.get(`/api/runs/${ownId}`)).status()).toBe(404);
});

test("a Host of another name (DNS rebinding) is refused for reads and writes; the loopback names are served", async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL!).port);
  const rebound = `attacker.example:${port}`;
  for (const [method, path] of [
    ["GET", "/api/runs"],
    ["GET", `/api/runs/${victimId}/export.csv`],
    ["GET", "/"],
    ["GET", `/runs/${victimId}`],
  ] as const) {
    const res = await rawRequest({ port, method, path, host: rebound });
    expect(res.status, `${method} ${path}`).toBe(403);
    expect(res.headers).toMatchObject(SECURITY_HEADER_VALUES);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(JSON.parse(res.body)).toEqual({
      error: { code: "forbidden", message: expect.stringContaining("TALLY_ALLOWED_HOSTS"), details: { host: rebound } },
    });
  }
  const write = await rawRequest({
    port,
    method: "POST",
    path: `/api/runs/${victimId}/baseline`,
    host: rebound,
    headers: { "content-type": "application/json", origin: `http://${rebound}` },
    body: JSON.stringify({ baseline: true }),
  });
  expect(write.status).toBe(403);

  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
    const res = await rawRequest({ port, path: "/api/live", host });
    expect(res.status, host).toBe(200);
  }
});
