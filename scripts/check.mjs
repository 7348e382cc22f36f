// `npm run check`: the static checks, run side by side, each step's output printed whole once it ends.
//   types    tsc --noEmit (incremental: tsconfig.tsbuildinfo)
//   lint     ESLint (eslint.config.mjs: type-aware TypeScript, hooks, Next.js, layer rules); no warning passes.
//            Cached in .eslintcache by file content: a file is linted again when it or the config changes. A
//            type-aware finding caused by a change in another file shows once that file changes or the cache
//            is gone (CI starts without one); tsc still reports every type error.
//   cycles   scripts/check-cycles.mjs (no import cycles between folders)
//   docs     scripts/check-doc-paths.mjs (every repository path README.md and docs/ name exists)
//   format   prettier --check . (cached in .prettiercache by file content)
// Exit status 0 only when every step passed. The last line is `N passed, N failed` (steps), like `npm test`'s.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (...parts) => path.join(root, "node_modules", ...parts);

const CHECKS = [
  { name: "types", argv: [bin("typescript", "bin", "tsc"), "--noEmit", "-p", "."] },
  {
    name: "lint",
    argv: [
      bin("eslint", "bin", "eslint.js"),
      "--max-warnings",
      "0",
      "--cache",
      "--cache-strategy",
      "content",
      "--cache-location",
      ".eslintcache",
      ".",
    ],
  },
  { name: "cycles", argv: [path.join(root, "scripts", "check-cycles.mjs")] },
  { name: "docs", argv: [path.join(root, "scripts", "check-doc-paths.mjs")] },
  {
    name: "format",
    argv: [
      bin("prettier", "bin", "prettier.cjs"),
      "--check",
      "--log-level",
      "warn",
      "--cache",
      "--cache-strategy",
      "content",
      "--cache-location",
      ".prettiercache",
      ".",
    ],
  },
];

function runCheck({ name, argv }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { cwd: root, env: { ...process.env, FORCE_COLOR: "0" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const seconds = () => (Date.now() - started) / 1000;
    child.on("error", (error) =>
      resolve({ name, ok: false, output: `${output}${error.message}\n`, seconds: seconds() }),
    );
    child.on("close", (code) => resolve({ name, ok: code === 0, output, seconds: seconds() }));
  });
}

const t0 = Date.now();
const results = await Promise.all(CHECKS.map(runCheck));
for (const { name, ok, output } of results) {
  const text = output.trim();
  if (!ok || text) console.log(`\n[check] ${name}${ok ? "" : ": FAILED"}\n${text}`);
}
console.log(`\n── check (${((Date.now() - t0) / 1000).toFixed(1)} s) ${"─".repeat(40)}`);
for (const { name, ok, seconds } of results) {
  console.log(`  ${name.padEnd(7)} ${ok ? "ok  " : "FAIL"} ${seconds.toFixed(1)} s`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
