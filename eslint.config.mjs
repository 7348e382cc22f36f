// ESLint for `npm run check` (scripts/check.mjs): type-aware TypeScript rules, the rules of hooks, Next.js's
// rules, and the layer rules, each an error whose message names the rule it enforces.
import nextPlugin from "@next/eslint-plugin-next";
import { builtinRules } from "eslint/use-at-your-own-risk";
import { defineConfig, globalIgnores } from "eslint/config";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { TEST_FILE_GLOBS } from "./scripts/test-files.mjs";

// ESLint's own recommended rules (what @eslint/js ships as `configs.recommended`), read from the rules' metadata
// so the check needs no further package.
const eslintRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, "error"]),
);

// The layers, by folder. A file in a folder listed here belongs to that element; lib/db/generated (Prisma's
// generated client) is its own element so that only lib/db reaches it.
export const LAYERS = {
  "prisma-client": "lib/db/generated",
  scoring: "lib/scoring",
  archive: "lib/archive",
  traces: "lib/traces",
  formats: "lib/formats",
  db: "lib/db",
  store: "lib/store",
  ingest: "lib/ingest",
  api: "lib/api",
  compare: "lib/compare",
  display: "lib/display",
  views: "lib/views",
  series: "lib/series",
  cli: "lib/cli",
  export: "lib/export",
  bench: "lib/bench",
  components: "components",
  app: "app",
};
const layerElements = Object.entries(LAYERS).map(([type, pattern]) => ({ type, pattern, partialMatch: false }));

/** A project file outside the given layers (files under no layer, such as lib/env.ts, included). */
const projectOutside = (...types) => [
  { to: { module: { origin: "local" }, element: { types: { noneOf: types } } } },
  { to: { module: { origin: "local" }, element: { isUnknown: true } } },
];

// Each policy forbids what its message says; the rule's default allows the rest. Messages are what a reader of
// the error needs: the rule, not the mechanism.
const layerPolicies = [
  {
    from: { element: { type: "scoring" } },
    disallow: [...projectOutside("scoring"), { to: { module: { origin: ["external", "core"], source: "!zod" } } }],
    message: "lib/scoring is pure: it may import only itself and zod",
  },
  {
    from: { element: { type: "archive" } },
    disallow: projectOutside("archive"),
    message: "lib/archive sits below lib/formats and lib/ingest: it may import nothing of the project",
  },
  {
    from: { element: { type: "traces" } },
    disallow: projectOutside("traces"),
    message: "lib/traces is pure: it may import nothing of the project but itself",
  },
  {
    from: { element: { type: "formats" } },
    disallow: projectOutside("formats", "scoring", "archive", "traces"),
    message: "lib/formats may import only lib/scoring, lib/archive, lib/traces and itself",
  },
  {
    from: { element: { types: { anyOf: ["db", "store"] } } },
    disallow: { to: { element: { types: { anyOf: ["components", "app"] } } } },
    message: "lib/db and lib/store never import components or app",
  },
  {
    from: { element: { type: "components" } },
    disallow: { to: { element: { types: { anyOf: ["db", "store"] } } } },
    message: "components draw views: they never import lib/db or lib/store (stored records' types come from lib/views)",
  },
  {
    from: { element: { type: "export" } },
    disallow: { to: { element: { types: { anyOf: ["app", "components", "db", "prisma-client", "ingest", "cli"] } } } },
    message: "lib/export reads runs through lib/views: it never imports app, components, lib/db, lib/ingest or lib/cli",
  },
  {
    from: { element: { type: "views" } },
    disallow: {
      to: {
        element: {
          types: { anyOf: ["app", "components", "db", "prisma-client", "ingest", "api", "cli", "export", "bench"] },
        },
      },
    },
    message:
      "lib/views reads through lib/store and lib/scoring: it never imports app, components, lib/db, lib/ingest, lib/api, lib/cli, lib/export or lib/bench",
  },
  {
    from: { element: { type: "series" } },
    disallow: {
      to: {
        element: {
          types: { anyOf: ["app", "components", "db", "prisma-client", "ingest", "api", "cli", "export", "bench"] },
        },
      },
    },
    message:
      "lib/series reads runs through lib/store and lib/views: it never imports app, components, lib/db, lib/ingest, lib/api, lib/cli, lib/export or lib/bench",
  },
  {
    from: { element: { type: "api" } },
    disallow: {
      to: { element: { types: { anyOf: ["app", "components", "db", "prisma-client", "cli", "export", "bench"] } } },
    },
    message:
      "lib/api holds the HTTP edge's helpers: it never imports app, components, lib/db, lib/cli, lib/export or lib/bench",
  },
  {
    from: { element: { types: { anyOf: ["compare", "display"] } } },
    disallow: {
      to: {
        element: {
          types: {
            anyOf: ["app", "components", "db", "prisma-client", "store", "ingest", "api", "cli", "export", "bench"],
          },
        },
      },
      dependency: { kind: "value" },
    },
    message:
      "lib/compare and lib/display work on scored runs: they import no page, component, database, store, ingest, API, CLI, export or bench code",
  },
  {
    from: { element: { type: "ingest" } },
    disallow: { to: { element: { types: { anyOf: ["app", "components", "api", "cli", "export", "bench"] } } } },
    message: "lib/ingest never imports app, components, lib/api, lib/cli, lib/export or lib/bench",
  },
  {
    from: { element: { types: { anyOf: ["cli", "bench"] } } },
    disallow: { to: { element: { types: { anyOf: ["app", "components"] } } } },
    message: "lib/cli and lib/bench never import app or components",
  },
  {
    from: { element: { type: "components" } },
    disallow: { to: { element: { type: "ingest" } } },
    message: "components never import lib/ingest",
  },
  {
    from: { element: { types: { anyOf: ["app", "components"] } } },
    disallow: [
      { to: { element: { type: "prisma-client" } } },
      { to: { module: { origin: "external", source: ["better-sqlite3", "pg", "@prisma/*"] } } },
    ],
    message: "pages, route handlers and components reach the database through lib/store, never its drivers or Prisma",
  },
];

const TESTS = TEST_FILE_GLOBS;

/** The layer rules alone (scripts/layer-rules.test.ts lints snippets with them). */
export const layers = {
  name: "tally/layers",
  files: ["**/*.{ts,tsx,mjs,cjs}"],
  ignores: TESTS,
  plugins: { boundaries },
  settings: {
    "boundaries/root-path": import.meta.dirname,
    "boundaries/elements": layerElements,
    "import/resolver": { "./scripts/resolve-import.cjs": {} },
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      { default: "allow", checkAllOrigins: true, checkUnknownLocals: true, policies: layerPolicies },
    ],
  },
};

export default defineConfig([
  globalIgnores([
    "node_modules/",
    ".next/",
    "data/",
    "lib/db/generated/",
    "test-results/",
    "playwright-report/",
    "next-env.d.ts",
  ]),

  { name: "tally/eslint-recommended", files: ["**/*.{ts,tsx,mjs,cjs}"], rules: eslintRecommended },
  tseslint.configs.recommendedTypeChecked,
  {
    name: "tally/typescript",
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // A promise handed to a JSX event prop (`onClick={save}`) is the React idiom; a promise where a condition
      // or a spread is expected is still a bug.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // An async function without an await is how a synchronous body meets a Promise-returning contract (route
      // handlers, store methods); no-floating-promises and await-thenable catch the mistakes that matter.
      "@typescript-eslint/require-await": "off",
      // A spread hands each element over as an argument, and V8 throws RangeError past ~120,000 of them: a list
      // that grows with a file (steps, tasks, rollouts) is added in a loop, its extreme found by a reduce.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement",
          message: "push(...list) throws past ~120,000 elements: add them in a loop",
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(max|min)$/] > SpreadElement",
          message: "Math.max(...list) throws past ~120,000 elements: use a loop or reduce",
        },
        // In Chromium each toLocaleString call makes a formatter (~23 µs); lib/scoring/core/numbers.ts holds one.
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: "use count() or plural() (lib/scoring/core/numbers.ts), or a formatter made once",
        },
      ],
    },
  },
  {
    name: "tally/javascript",
    files: ["**/*.{mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        WebAssembly: "readonly",
        __dirname: "readonly",
        require: "readonly",
        module: "writable",
      },
    },
  },
  {
    name: "tally/commonjs",
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests read JSON bodies and parsed files as `any` on purpose and assert on them; floating promises,
    // awaits of non-promises and the rest still count.
    name: "tally/tests",
    files: TESTS,
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // `expect(object.method)` hands a method to an assertion on purpose.
      "@typescript-eslint/unbound-method": "off",
      // Test files share a worker's modules (vitest.config.ts, isolate: false): a mock or a stubbed global would
      // leak into the files after it.
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "stubEnv", "stubGlobal"].map((property) => ({
          object: "vi",
          property,
          message: "test files share their worker's modules (isolate: false): use real parts, not mocks or stubs",
        })),
      ],
    },
  },

  {
    name: "tally/react",
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: TESTS,
    extends: [reactHooks.configs.flat.recommended, nextPlugin.configs["core-web-vitals"]],
    settings: { next: { rootDir: import.meta.dirname } },
    rules: {
      // A missing dependency is a stale value on screen: an error, not a warning.
      "react-hooks/exhaustive-deps": "error",
      // The app is not built with the React Compiler; this rule only reports that the compiler would skip a
      // component (TanStack Virtual's hook), which changes nothing here.
      "react-hooks/incompatible-library": "off",
      // Links prefetch on intent, not on view (components/ui/link.tsx).
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "next/link", message: "use components/ui/link.tsx: it prefetches on intent, not on view" }] },
      ],
    },
  },
  {
    name: "tally/link",
    files: ["components/ui/link.tsx", "components/export/**"],
    rules: { "no-restricted-imports": "off" },
  },

  layers,
  {
    name: "tally/thin-pages",
    files: ["app/**/page.tsx"],
    rules: { "max-lines": ["error", { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    name: "tally/thin-route-handlers",
    files: ["app/**/route.ts"],
    rules: { "max-lines": ["error", { max: 90, skipBlankLines: true, skipComments: true }] },
  },
]);
