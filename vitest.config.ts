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
  },
});
