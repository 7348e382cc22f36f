import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

// The layer rules of eslint.config.mjs on snippets placed in the real tree: each rule stops what it names and
// lets through what the layer may use.
const root = fileURLToPath(new URL("..", import.meta.url));
const configFile: string = path.join(root, "eslint.config.mjs");
const { layers } = (await import(configFile)) as { layers: Linter.Config };
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

  it("components import lib/db for types only, and never lib/ingest", async () => {
    const file = "components/run/probe.tsx";
    expect(await layerErrors(file, 'import { getDb } from "@/lib/db/client";\nvoid getDb;\n')).toEqual([
      "boundaries/dependencies: components import lib/db and lib/store for types only (`import type`)",
    ]);
    expect(await layerErrors(file, 'import type { RunMeta } from "@/lib/store/records";\n')).toEqual([]);
    expect(await layerErrors(file, 'import "@/lib/ingest/ingest-files";\n')).toEqual([
      "boundaries/dependencies: components never import lib/ingest",
    ]);
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
