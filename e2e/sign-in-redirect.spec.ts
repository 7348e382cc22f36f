import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { rawRequest } from "./raw-http";

// The sign-in without JavaScript, on a second server of this build with a read token, told (as a proxy in
// front of it would need) that it is also called tally.proxy.example. Every redirect of the sign-in is
// relative, so a browser behind a proxy follows it to the address it used, not to the server's own.

const TOKEN = `sign-in-read-${Date.now().toString(36)}`;
const PROXY_HOST = "tally.proxy.example";
let dir = "";
let server: ChildProcess | undefined;
let port = 0;
let output = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-sign-in-e2e-"));
  port = await freePort();
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  server = spawn(process.execPath, ["lib/cli/bin.mjs", "serve", "--port", String(port)], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `file:${path.join(dir, "tally.db")}`,
      TALLY_DEMO: "0",
      TALLY_READ_TOKEN: TOKEN,
      TALLY_ALLOWED_HOSTS: PROXY_HOST,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/sign-in`).catch(() => null))?.status ?? 0, {
      timeout: 200_000,
      intervals: [500],
      message: `the second server did not start:\n${output}`,
    })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test("behind a proxy's Host, the gate and the form post answer relative redirects", async () => {
  const gate = await rawRequest({ port, path: "/upload?x=1", host: PROXY_HOST });
  expect(gate.status).toBe(303);
  expect(gate.headers.location).toBe("/sign-in?next=%2Fupload%3Fx%3D1");

  const form = (fields: Record<string, string>) =>
    rawRequest({
      port,
      method: "POST",
      path: "/api/session",
      host: PROXY_HOST,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: `https://${PROXY_HOST}`,
        "x-forwarded-proto": "https",
      },
      body: new URLSearchParams(fields).toString(),
    });
  const signedIn = await form({ token: TOKEN, next: "/upload?x=1" });
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.location).toBe("/upload?x=1");
  expect(String(signedIn.headers["set-cookie"])).toContain("Secure");
  const refused = await form({ token: "wrong", next: "/upload" });
  expect(refused.status).toBe(303);
  expect(refused.headers.location).toBe("/sign-in?error=rejected&next=%2Fupload");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form signs a browser in and sends it back to the page it asked for", async ({ page }) => {
    const base = `http://127.0.0.1:${port}`;
    await page.goto(`${base}/upload`);
    await expect(page).toHaveURL(`${base}/sign-in?next=%2Fupload`);
    await page.getByTestId("read-token").fill(`${TOKEN}-wrong`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${base}/sign-in?error=rejected&next=%2Fupload`);
    await page.getByTestId("read-token").fill(TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${base}/upload`);
    await expect(page.getByRole("heading", { name: "Upload results", level: 1 })).toBeVisible();
  });
});
