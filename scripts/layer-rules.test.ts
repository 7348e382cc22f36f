import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

// The layer rules of eslint.config.mjs on snippets placed in the real tree: each rule stops what it names and
// lets through what the layer may use.
const root = fileURLToPath(new URL("..", import.meta.url));
const configFile: string = path.join(root, "eslint.config.mjs");
const { layers, LAYERS } = (await import(configFile)) as { layers: Linter.Config; LAYERS: Record<string, string> };
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } }, layers],
});

/** The layer errors for `code` as the file `file` (relative to the repository root). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "fatal"}: ${m.message}`);
}

const SCORING = "boundaries/dependencies: lib/scoring is pure: it may import only itself and zod";
const FORMATS = "boundaries/dependencies: lib/formats may import only lib/scoring, lib/archive, lib/traces and itself";

describe("layer rules", () => {
  it("lib/scoring imports only itself and zod", async () => {
    const file = "lib/scoring/core/probe.ts";
    expect(await layerErrors(file, 'import { getDb } from "@/lib/db/client";\nvoid getDb;\n')).toEqual([SCORING]);
    expect(await layerErrors(file, 'import fs from "node:fs";\nvoid fs;\n')).toEqual([SCORING]);
    expect(await layerErrors(file, 'import { env } from "@/lib/env";\nvoid env;\n')).toEqual([SCORING]);
    const own =
      'import { z } from "zod";\nimport type { ScoringRun } from "./types";\nimport "@/lib/scoring/report/report";\n';
    expect(await layerErrors(file, own)).toEqual([]);
  });

  it("lib/archive imports nothing of the project", async () => {
    const file = "lib/archive/probe.ts";
    expect(await layerErrors(file, 'import "@/lib/scoring/core/types";\n')).toEqual([
      "boundaries/dependencies: lib/archive sits below lib/formats and lib/ingest: it may import nothing of the project",
    ]);
    expect(
      await layerErrors(file, 'import { unzipSync } from "fflate";\nimport "./unzip";\nvoid unzipSync;\n'),
    ).toEqual([]);
  });

  it("lib/formats imports only lib/scoring, lib/archive, lib/traces and itself", async () => {
    const file = "lib/formats/probe.ts";
    expect(await layerErrors(file, 'import "@/lib/db/client";\n')).toEqual([FORMATS]);
    expect(await layerErrors(file, 'import "@/lib/ingest/ingest-files";\n')).toEqual([FORMATS]);
    const allowed =
      'import "@/lib/scoring/core/types";\nimport "@/lib/archive/unzip";\nimport "./types";\nimport "zod";\n';
    expect(await layerErrors(file, allowed)).toEqual([]);
  });

  it("lib/db never imports components or app", async () => {
    expect(await layerErrors("lib/db/probe.ts", 'import "@/components/ui/empty-state";\n')).toEqual([
      "boundaries/dependencies: lib/db and lib/store never import components or app",
    ]);
  });

  it("components import neither lib/db nor lib/store, and never lib/ingest", async () => {
    const file = "components/run/probe.tsx";
    const store =
      "boundaries/dependencies: components draw views: they never import lib/db or lib/store (stored records' types come from lib/views)";
    expect(await layerErrors(file, 'import { getDb } from "@/lib/db/client";\nvoid getDb;\n')).toEqual([store]);
    expect(await layerErrors(file, 'import { getStore } from "@/lib/store/open-store";\nvoid getStore;\n')).toEqual([
      store,
    ]);
    expect(await layerErrors(file, 'import type { RunMeta } from "@/lib/store/records";\n')).toEqual([store]);
    expect(await layerErrors(file, 'import type { RolloutHead } from "@/lib/views/records";\n')).toEqual([]);
    expect(await layerErrors(file, 'import "@/lib/ingest/ingest-files";\n')).toEqual([
      "boundaries/dependencies: components never import lib/ingest",
    ]);
  });

  it("lib/export never imports components", async () => {
    const file = "lib/export/probe.ts";
    expect(await layerErrors(file, 'import "@/components/export/static-page";\n')).toEqual([
      "boundaries/dependencies: lib/export reads runs through lib/views: it never imports app, components, lib/db, lib/ingest or lib/cli",
    ]);
    expect(await layerErrors(file, 'import "@/lib/views/run-payload";\nimport "@/lib/store/store";\n')).toEqual([]);
  });

  it("lib/views never imports components, app or the layers above it", async () => {
    const file = "lib/views/probe.ts";
    const message =
      "boundaries/dependencies: lib/views reads through lib/store and lib/scoring: it never imports app, components, lib/db, lib/ingest, lib/api, lib/cli, lib/export or lib/bench";
    for (const target of [
      "@/components/task/task-page-body",
      "@/lib/ingest/ingest-files",
      "@/lib/api/errors",
      "@/lib/cli/args",
    ])
      expect(await layerErrors(file, `import "${target}";\n`)).toEqual([message]);
    expect(await layerErrors(file, 'import "@/lib/store/store";\nimport "@/lib/scoring/run-snapshot";\n')).toEqual([]);
  });

  it("lib/api, lib/compare, lib/display, lib/ingest, lib/cli and lib/bench have their rules", async () => {
    const component = 'import "@/components/ui/link";\n';
    expect(await layerErrors("lib/api/probe.ts", component)).toEqual([
      "boundaries/dependencies: lib/api holds the HTTP edge's helpers: it never imports app, components, lib/db, lib/cli, lib/export or lib/bench",
    ]);
    const below =
      "boundaries/dependencies: lib/compare and lib/display work on scored runs: they import no page, component, database, store, ingest, API, CLI, export or bench code";
    expect(await layerErrors("lib/compare/probe.ts", 'import "@/lib/store/open-store";\n')).toEqual([below]);
    expect(await layerErrors("lib/display/probe.ts", component)).toEqual([below]);
    expect(await layerErrors("lib/display/probe.ts", 'import type { RunMeta } from "@/lib/store/records";\n')).toEqual(
      [],
    );
    expect(await layerErrors("lib/ingest/probe.ts", 'import "@/lib/api/errors";\n')).toEqual([
      "boundaries/dependencies: lib/ingest never imports app, components, lib/api, lib/cli, lib/export or lib/bench",
    ]);
    const top = "boundaries/dependencies: lib/cli and lib/bench never import app or components";
    expect(await layerErrors("lib/cli/probe.ts", component)).toEqual([top]);
    expect(await layerErrors("lib/bench/probe.ts", component)).toEqual([top]);
    expect(
      await layerErrors("lib/cli/probe.ts", 'import "@/lib/views/run-view";\nimport "@/lib/store/store";\n'),
    ).toEqual([]);
  });

  it("every folder of lib/ is a layer", () => {
    const folders = fs
      .readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `lib/${d.name}`);
    expect(folders.filter((f) => !Object.values(LAYERS).includes(f))).toEqual([]);
  });

  it("lib/series reads runs through lib/store and lib/views", async () => {
    const file = "lib/series/probe.ts";
    expect(await layerErrors(file, 'import "@/lib/ingest/ingest-files";\n')).toEqual([
      "boundaries/dependencies: lib/series reads runs through lib/store and lib/views: it never imports app, components, lib/db, lib/ingest, lib/api, lib/cli, lib/export or lib/bench",
    ]);
    expect(
      await layerErrors(
        file,
        'import "@/lib/views/run-caches";\nimport "@/lib/store/store";\nimport "@/lib/scoring/core/types";\n',
      ),
    ).toEqual([]);
  });

  it("pages and route handlers reach the database only through lib/store", async () => {
    const message =
      "boundaries/dependencies: pages, route handlers and components reach the database through lib/store, never its drivers or Prisma";
    const file = "app/runs/probe/page.tsx";
    expect(await layerErrors(file, 'import Database from "better-sqlite3";\nvoid Database;\n')).toEqual([message]);
    expect(await layerErrors(file, 'import "@prisma/client";\n')).toEqual([message]);
    expect(await layerErrors(file, 'import "@/lib/db/generated/sqlite/client";\n')).toEqual([message]);
    expect(await layerErrors(file, 'import { getDb } from "@/lib/db/client";\nvoid getDb;\n')).toEqual([]);
  });

  it("tests are exempt", async () => {
    expect(await layerErrors("lib/scoring/core/probe.test.ts", 'import "@/lib/db/client";\n')).toEqual([]);
  });
});
