import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and storage tests (`npm run test:unit`; `npm test` runs them with a throwaway PostgreSQL as well, see
// scripts/test.mjs). Browser tests live in e2e/ and run under Playwright, never here.
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [{ find: /^@\//, replacement: root }],
  },
  test: {
    environment: "node",
    include: ["lib/**/*.test.ts", "app/**/*.test.{ts,tsx}", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    exclude: ["**/node_modules/**", "e2e/**", ".next/**", "lib/db/generated/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Separate processes: better-sqlite3 is a native module, and each file gets its own databases.
    pool: "forks",
    // Files share their worker's module graph: importing Prisma, the formats and the scoring afresh for each of
    // ~150 files cost ~85 s of a 230 s run. Every file makes its own databases and folders, the suite passes in a
    // shuffled file order (--sequence.shuffle.files), and ESLint forbids module mocks and stubbed globals in tests.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The files wait on
    // SQLite, PostgreSQL and child processes much of the time, so a worker per core halves the wall time.
    maxWorkers: "100%",
  },
});
