// `npm test`: everything CI checks, in order, with a summary.
//   0. the static checks: `npm run check` (scripts/check.mjs: types, lint, folder cycles, formatting), beside
//      steps 1 and 2;
//   1. a throwaway PostgreSQL (scripts/pg-throwaway.mjs), exported as TALLY_TEST_POSTGRES_URL so the storage
//      tests run on PostgreSQL as well as SQLite (an already set TALLY_TEST_POSTGRES_URL is used instead);
//   2. unit and storage tests: `vitest run`;
//   3. `next build`, unless .next/BUILD_ID is newer than every source file the app is built from;
//   4. browser tests: `playwright test` (its webServer runs `tally serve` on a throwaway SQLite database).
// PostgreSQL is stopped whatever happens (failure, Ctrl-C, SIGTERM). Exit status 0 only when every step passed.
// The last line of output is always `N passed, N failed` (vitest + playwright tests; a step that fails without
// test results, e.g. the build or the static checks, counts as one failure) — CI reads it.
//
// Options: --unit (steps 0–2 only), --e2e (steps 3–4 only), --no-build (skip step 3), --no-check (skip step 0).
// TALLY_TEST_ALSO_NODE=<major> (CI sets it) runs step 2 a second time on that Node.js line, from the registry
// (scripts/other-node.mjs), prepared while the first steps run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { prepareOtherNode } from "./other-node.mjs";
import { startPostgres } from "./pg-throwaway.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!["--unit", "--e2e", "--no-build", "--no-check"].includes(arg)) {
    console.error(`usage: node scripts/test.mjs [--unit | --e2e] [--no-build] [--no-check]   (unknown option ${arg})`);
    process.exit(2);
  }
}
const runUnit = !args.has("--e2e");
const runE2e = !args.has("--unit");
const runCheck = runUnit && !args.has("--no-check");
const alsoNode = runUnit ? process.env.TALLY_TEST_ALSO_NODE : undefined;
if (alsoNode !== undefined && !/^\d+$/.test(alsoNode)) {
  console.error(`TALLY_TEST_ALSO_NODE must be a Node.js major version such as 24, not ${JSON.stringify(alsoNode)}`);
  process.exit(2);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-test-run-"));
/** @type {{ name: string, status: "ok" | "FAIL" | "skip", detail: string, passed: number, failed: number, skipped: number, failures?: string[] }[]} */
const steps = [];
// The summary names at most this many failed tests per step, each with its message's first line: CI keeps only
// the end of the output.
const FAILURES_NAMED = 10;
const started = Date.now();

// ---- cleanup: PostgreSQL and the current child, on every way out -------------------------------------------

let postgres; // { url, port, stop } while running
let current; // the running child process
let beside; // the static checks' child, which runs beside the unit tests
function stopPostgres() {
  if (!postgres) return;
  const pg = postgres;
  postgres = undefined;
  try {
    pg.stop();
    log(`PostgreSQL on port ${pg.port} stopped`);
  } catch (error) {
    console.error(`[test] could not stop PostgreSQL on port ${pg.port}: ${error.message}`);
  }
}
process.on("exit", () => {
  stopPostgres();
  fs.rmSync(workDir, { recursive: true, force: true });
});
let interrupted = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping`);
    // SIGINT lets vitest and playwright tear down (playwright stops its web server); SIGKILL if they hang.
    if (beside && beside.exitCode === null) beside.kill("SIGINT");
    const child = current;
    if (child && child.exitCode === null) {
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(timer);
        stopPostgres();
        process.exit(code);
      });
    } else {
      stopPostgres();
      process.exit(code);
    }
  });
}

function log(message) {
  console.log(`\n[test] ${message}`);
}

/** Runs a child to its end; `besides`: it runs beside the current child (the static checks). */
function run(command, argv, env = {}, { besides = false, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd, stdio: "inherit", env: { ...process.env, ...env } });
    if (besides) beside = child;
    else current = child;
    child.on("error", (error) => {
      console.error(`[test] could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      if (besides) beside = undefined;
      else current = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const bin = (...parts) => path.join(root, "node_modules", ...parts);

// ---- 0. static checks ------------------------------------------------------------------------------------

async function stepCheck() {
  const t0 = Date.now();
  log("static checks: npm run check (beside the unit tests; its output comes when it ends)");
  // Its place in the summary is kept while it runs.
  const index = steps.push({ name: "check", status: "FAIL", detail: "", passed: 0, failed: 1, skipped: 0 }) - 1;
  const code = await run(process.execPath, [path.join(root, "scripts", "check.mjs")], {}, { besides: true });
  const ok = code === 0;
  steps.splice(index, 1, {
    name: "check",
    status: ok ? "ok" : "FAIL",
    detail: ok
      ? `types, lint, cycles, format (${seconds(t0)})`
      : `scripts/check.mjs exited with ${code} (${seconds(t0)})`,
    passed: 0,
    failed: ok ? 0 : 1,
    skipped: 0,
  });
}

// ---- 1. PostgreSQL ---------------------------------------------------------------------------------------

async function stepPostgres() {
  if (process.env.TALLY_TEST_POSTGRES_URL) {
    steps.push({
      name: "postgres",
      status: "ok",
      detail: "using TALLY_TEST_POSTGRES_URL from the environment",
      passed: 0,
      failed: 0,
      skipped: 0,
    });
    return;
  }
  const t0 = Date.now();
  log("starting a throwaway PostgreSQL");
  try {
    postgres = await startPostgres();
    process.env.TALLY_TEST_POSTGRES_URL = postgres.url;
    log(`PostgreSQL ready on 127.0.0.1:${postgres.port} (${seconds(t0)})`);
    steps.push({
      name: "postgres",
      status: "ok",
      detail: `throwaway server on port ${postgres.port}`,
      passed: 0,
      failed: 0,
      skipped: 0,
    });
  } catch (error) {
    console.error(`[test] PostgreSQL did not start: ${error.message}`);
    steps.push({
      name: "postgres",
      status: "FAIL",
      detail: "did not start: PostgreSQL storage tests were skipped",
      passed: 0,
      failed: 1,
      skipped: 0,
    });
  }
}

// ---- 2. vitest -------------------------------------------------------------------------------------------

/** `on`: another Node.js line's binary, checkout and environment (scripts/other-node.mjs); else this one. */
async function stepUnit(on) {
  const t0 = Date.now();
  const name = on ? `unit ${on.version}` : "unit";
  const report = path.join(workDir, `${name.replace(/\W+/g, "-")}.json`);
  log(`unit and storage tests: vitest run${on ? ` on Node.js ${on.version}` : ""}`);
  const cwd = on?.dir ?? root;
  const code = await run(
    on?.node ?? process.execPath,
    [
      path.join(cwd, "node_modules", "vitest", "vitest.mjs"),
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    on ? { PATH: on.env.PATH } : {},
    { cwd },
  );
  const json = readJson(report);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let broken = 0;
  const failures = [];
  if (json) {
    passed = json.numPassedTests ?? 0;
    failed = json.numFailedTests ?? 0;
    skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    // A file that fails to load (syntax error, failing import, failing beforeAll) has no failed test: count it.
    for (const file of json.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed");
      const where = path.relative(cwd, file.name ?? "");
      if (file.status === "failed" && failedTests.length === 0) {
        broken += 1;
        failures.push(`${where}: ${failureLine(file.message)}`);
      }
      for (const a of failedTests) failures.push(`${where} › ${a.fullName}: ${failureLine(a.failureMessages?.[0])}`);
    }
    failed += broken;
  }
  if (code !== 0 && failed === 0) failed = 1; // vitest failed without a report (crash, bad config)
  const ok = code === 0 && failed === 0;
  const detail = json
    ? `${passed} passed, ${failed} failed${broken ? ` (${broken} file${broken > 1 ? "s" : ""} failed to run)` : ""}, ${skipped} skipped (${seconds(t0)})`
    : `vitest exited with ${code} and no report (${seconds(t0)})`;
  steps.push({ name, status: ok ? "ok" : "FAIL", detail, passed, failed, skipped, failures });
}

/** A failure's first line, and fast-check's seed line when it has one (the seed replays the failing case). */
function failureLine(message) {
  const lines = stripVTControlCharacters(String(message ?? "no message")).split("\n");
  const first = lines.find((line) => line.trim() !== "") ?? "no message";
  const seed = lines.find((line) => line.trim().startsWith("{ seed:"));
  return seed ? `${first} ${seed.trim()}` : first;
}

async function stepOtherNode(preparing) {
  let on;
  try {
    on = await preparing;
  } catch (error) {
    console.error(`[test] Node.js ${alsoNode} could not be prepared: ${error.message}`);
    steps.push({
      name: `unit ${alsoNode}`,
      status: "FAIL",
      detail: `Node.js ${alsoNode} could not be prepared`,
      passed: 0,
      failed: 1,
      skipped: 0,
    });
    return;
  }
  try {
    await stepUnit(on);
  } finally {
    fs.rmSync(on.dir, { recursive: true, force: true });
  }
}

// ---- 3. next build ---------------------------------------------------------------------------------------

// The same rule as `tally serve` (lib/cli/build-state.ts), so the two never disagree on whether to build.
const BUILD_SOURCES = ["app", "components", "lib", "public", "next.config.mjs", "package-lock.json", "tsconfig.json"];
const BUILD_IGNORED = new Set(["node_modules", "generated", "__fixtures__", ".next"]);

/** The newest source file the app is built from. */
function newestSource() {
  let newest = { file: "", mtime: 0 };
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (!stat.isDirectory()) {
      if (stat.mtimeMs > newest.mtime) newest = { file: path.relative(root, entry), mtime: stat.mtimeMs };
      return;
    }
    for (const name of fs.readdirSync(entry)) if (!BUILD_IGNORED.has(name)) visit(path.join(entry, name));
  };
  for (const source of BUILD_SOURCES) visit(path.join(root, source));
  return newest;
}

async function stepBuild() {
  if (args.has("--no-build")) {
    steps.push({ name: "build", status: "skip", detail: "--no-build", passed: 0, failed: 0, skipped: 0 });
    return true;
  }
  const buildId = path.join(root, ".next", "BUILD_ID");
  const newest = newestSource();
  if (fs.existsSync(buildId)) {
    const built = fs.statSync(buildId).mtimeMs;
    if (built > newest.mtime) {
      log("next build: up to date (.next/BUILD_ID is newer than every source file)");
      steps.push({ name: "build", status: "ok", detail: "up to date, not rebuilt", passed: 0, failed: 0, skipped: 0 });
      return true;
    }
    log(`next build: ${newest.file} changed since the last build`);
  } else {
    log("next build: no previous build");
  }
  const t0 = Date.now();
  const code = await run(process.execPath, [bin("next", "dist", "bin", "next"), "build"], {
    NEXT_TELEMETRY_DISABLED: "1",
  });
  const ok = code === 0;
  steps.push({
    name: "build",
    status: ok ? "ok" : "FAIL",
    detail: ok ? `built (${seconds(t0)})` : `next build exited with ${code}`,
    passed: 0,
    failed: ok ? 0 : 1,
    skipped: 0,
  });
  return ok;
}

// ---- 4. playwright ---------------------------------------------------------------------------------------

async function stepE2e() {
  const t0 = Date.now();
  const report = path.join(workDir, "playwright.json");
  log("browser tests: playwright test");
  if (!fs.existsSync("/usr/bin/chromium"))
    console.error("[test] /usr/bin/chromium is missing: apt-get install -y chromium");
  const code = await run(process.execPath, [bin("@playwright", "test", "cli.js"), "test"], {
    TALLY_E2E_JSON: report,
    NEXT_TELEMETRY_DISABLED: "1",
  });
  const json = readJson(report);
  const stats = json?.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  const skipped = stats.skipped ?? 0;
  const errors = (json?.errors ?? []).map((e) => (e.message ?? String(e)).split("\n")[0]);
  // Errors outside tests (the web server did not start, a spec failed to load) fail the step without a test.
  if (code !== 0 && failed === 0) failed = Math.max(1, errors.length);
  const ok = code === 0 && failed === 0;
  let detail = json
    ? `${passed} passed, ${failed} failed, ${skipped} skipped (${seconds(t0)})`
    : `playwright exited with ${code} and no report (${seconds(t0)})`;
  if (errors.length > 0) detail += `; ${errors[0]}`;
  steps.push({ name: "e2e", status: ok ? "ok" : "FAIL", detail, passed, failed, skipped, failures: e2eFailures(json) });
}

/** The tests of a Playwright JSON report whose outcome was unexpected, as `file › title: first line`. */
function e2eFailures(json) {
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${spec.file} › ${spec.title}: ${failureLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json?.suites ?? []) walk(suite);
  return failures;
}

// ---- main ------------------------------------------------------------------------------------------------

try {
  // The checks are mostly one busy core (ESLint) and the unit tests leave room: side by side they save about a
  // minute of CI.
  const checking = runCheck ? stepCheck() : Promise.resolve();
  const preparing = alsoNode === undefined ? undefined : prepareOtherNode(root, alsoNode);
  preparing?.catch(() => {}); // reported by stepOtherNode
  if (runUnit && !interrupted) {
    await stepPostgres();
    await stepUnit();
    if (preparing && !interrupted) await stepOtherNode(preparing);
    stopPostgres(); // not needed by the browser tests
  }
  await checking;
  if (runE2e && !interrupted) {
    const built = await stepBuild();
    if (built) await stepE2e();
    else
      steps.push({
        name: "e2e",
        status: "skip",
        detail: "not run: the build failed",
        passed: 0,
        failed: 0,
        skipped: 0,
      });
  }
} catch (error) {
  console.error(`[test] ${error.stack ?? error}`);
  steps.push({
    name: "test.mjs",
    status: "FAIL",
    detail: String(error.message ?? error),
    passed: 0,
    failed: 1,
    skipped: 0,
  });
} finally {
  stopPostgres();
}

const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
const anyFailed = steps.some((s) => s.status === "FAIL");
console.log(`\n── summary (${seconds(started)}) ${"─".repeat(40)}`);
for (const s of steps) {
  console.log(`  ${s.name.padEnd(14)} ${s.status.padEnd(5)} ${s.detail}`);
  const failures = s.failures ?? [];
  for (const failure of failures.slice(0, FAILURES_NAMED)) console.log(`      ✗ ${failure.slice(0, 400)}`);
  if (failures.length > FAILURES_NAMED) console.log(`      and ${failures.length - FAILURES_NAMED} more`);
}
console.log(`${passed} passed, ${anyFailed && failed === 0 ? 1 : failed} failed`);
process.exitCode = anyFailed ? 1 : 0;
