// Which files are tests rather than production code: the layer rules (eslint.config.mjs) and the folder-cycle
// check (scripts/check-cycles.mjs) apply to production code only. Tests, browser tests, fixtures and the
// test kits reach across layers on purpose (a scoring golden test parses a real file through lib/formats).

/** The test kits: files of helpers that only tests import. */
const TEST_KITS = ["lib/db/test-databases.ts", "app/api/route-test-kit.ts", "lib/cli/cli-test-kit.ts"];

/** Globs for ESLint's `files` / `ignores`, relative to the repository root. */
export const TEST_FILE_GLOBS = ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "**/__fixtures__/**", ...TEST_KITS];

/** Whether a path relative to the repository root (with `/` separators) is a test file. */
export function isTestFile(relative) {
  return (
    /\.test\.tsx?$/.test(relative) ||
    relative.startsWith("e2e/") ||
    relative.includes("__fixtures__/") ||
    TEST_KITS.includes(relative)
  );
}
