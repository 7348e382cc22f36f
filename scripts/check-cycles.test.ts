import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { describeCycles, findCycles, folderGraph } from "./check-cycles.mjs";

const script = fileURLToPath(new URL("check-cycles.mjs", import.meta.url));
const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A throwaway project: a tsconfig.json with the `@/*` alias, and the given files. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tally-cycles-"));
  trees.push(root);
  const tsconfig = { compilerOptions: { moduleResolution: "bundler", module: "esnext", paths: { "@/*": ["./*"] } } };
  fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const run = (root: string) => spawnSync(process.execPath, [script, root], { encoding: "utf8" });

describe("check-cycles", () => {
  it("fails on two folders that import each other, naming the chain and one import per edge", () => {
    const root = tree({
      "lib/a/one.ts": 'import { two } from "@/lib/b/two";\nexport const one = two + 1;\n',
      "lib/b/two.ts": 'import type { Three } from "../a/three";\nexport const two: Three = 2;\n',
      "lib/a/three.ts": "export type Three = number;\n",
    });
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("import cycle between folders: lib/a → lib/b → lib/a");
    expect(result.stderr).toContain('lib/a → lib/b: lib/a/one.ts imports "@/lib/b/two"');
    expect(result.stderr).toContain('lib/b → lib/a: lib/b/two.ts imports "../a/three"');
  });

  it("follows a longer cycle and reports it once", () => {
    const root = tree({
      "a/x.ts": 'export * from "@/b/x";\n',
      "b/x.ts": 'export { c } from "../c/x";\n',
      "c/x.ts": 'export const c = await import("@/a/y");\n',
      "a/y.ts": "export const y = 1;\n",
    });
    const graph = folderGraph(root);
    const cycles = findCycles(graph);
    expect(cycles).toEqual([["a", "b", "c", "a"]]);
    expect(describeCycles(graph, cycles).split("\n")).toHaveLength(4);
  });

  it("passes a tree whose folders import one way, and ignores tests, subfolders and packages", () => {
    const root = tree({
      "lib/formats/harbor.ts": 'export * from "./harbor/run";\n',
      "lib/formats/harbor/run.ts": 'import type { T } from "../types";\nimport { z } from "zod";\nexport type R = T;\n',
      "lib/formats/types.ts": 'import { s } from "@/lib/scoring/s";\nexport type T = typeof s;\n',
      "lib/scoring/s.ts": "export const s = 1;\n",
      "lib/scoring/s.test.ts": 'import "@/lib/formats/types";\n',
    });
    const result = run(root);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("no import cycles between folders");
  });
});
