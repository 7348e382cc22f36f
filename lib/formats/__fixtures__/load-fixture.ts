import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { InputFile } from "../types";

/** Test helper: the files of a fixture folder (under lib/formats/__fixtures__) as a batch, dot-folders included. */
export const FIXTURES = path.dirname(fileURLToPath(import.meta.url));

export function fixturePath(...parts: string[]): string {
  return path.join(FIXTURES, ...parts);
}

export function loadFixture(folder: string, prefix = ""): InputFile[] {
  const root = fixturePath(folder);
  const out: InputFile[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), childRel);
      else out.push({ path: prefix + childRel, bytes: new Uint8Array(readFileSync(path.join(dir, entry.name))) });
    }
  };
  walk(root, "");
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

export function fixtureFile(relPath: string, asPath = path.basename(relPath)): InputFile {
  return { path: asPath, bytes: new Uint8Array(readFileSync(fixturePath(relPath))) };
}

/** A JSON value as the bytes of a file. */
export function jsonFile(filePath: string, value: unknown): InputFile {
  return { path: filePath, bytes: new TextEncoder().encode(JSON.stringify(value, null, 2)) };
}

export function textFile(filePath: string, text: string): InputFile {
  return { path: filePath, bytes: new TextEncoder().encode(text) };
}
