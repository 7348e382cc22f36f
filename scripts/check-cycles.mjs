// `node scripts/check-cycles.mjs`: fails when production folders import each other in a cycle.
// A folder's node in the graph is the folder a file sits in (components/run, lib/scoring/core); an edge a → b
// means some production file in a imports a file in b. Imports between a folder and its own subfolders are
// not edges: a subfolder is part of its parent (lib/formats/harbor.ts uses lib/formats/harbor/, which uses
// lib/formats/types.ts). Type-only imports count: they couple folders as much as value imports do.
// Exit status 1 with each cycle as a chain (a → b → a) and one example import per edge.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { isTestFile } from "./test-files.mjs";

const require = createRequire(import.meta.url);
/** @type {{ createResolver: (root: string) => (source: string, fromFile: string) => string | null }} */
const { createResolver } = require("./resolve-import.cjs");

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", ".next", "generated", "data", "test-results", "playwright-report"]);

/** Production source files under `root`, as paths relative to it with `/` separators. */
function productionFiles(root) {
  const files = [];
  const visit = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith(".")) visit(relative);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") && !isTestFile(relative)) {
        files.push(relative);
      }
    }
  };
  visit("");
  return files.sort();
}

const folderOf = (relative) => path.posix.dirname(relative);
const within = (folder, ancestor) => ancestor === "." || folder === ancestor || folder.startsWith(`${ancestor}/`);

/**
 * The folder → folder import graph of the production files under `root` (which holds tsconfig.json).
 * @param {string} root
 * @returns {Map<string, Map<string, { file: string, source: string }>>} for each folder, the folders it imports
 *   and, per edge, the first import found (file and specifier)
 */
export function folderGraph(root) {
  const resolve = createResolver(root);
  const graph = new Map();
  for (const file of productionFiles(root)) {
    const from = folderOf(file);
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const { fileName: source } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolve(source, path.join(root, file));
      if (target === null) continue;
      const relative = path.relative(root, target).split(path.sep).join("/");
      if (relative.startsWith("../") || relative.split("/").includes("node_modules")) continue;
      const to = folderOf(relative);
      if (within(from, to) || within(to, from)) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, { file, source });
    }
  }
  return graph;
}

/**
 * The cycles of the graph, each as the chain of folders it walks with the first repeated at the end
 * (["a", "b", "a"]): within each strongly connected group of folders (Tarjan), the shortest cycle through each
 * folder, the same cycle found from two of its folders reported once.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const connect = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  const cycles = new Map();
  for (const group of groups) {
    const members = new Set(group);
    for (const start of [...members].sort()) {
      const chain = shortestCycle(graph, members, start);
      const key = [...chain.slice(0, -1)].sort().join("\n");
      if (!cycles.has(key)) cycles.set(key, chain);
    }
  }
  return [...cycles.values()];
}

/** The shortest cycle through `start` that stays inside its strongly connected group (breadth-first). */
function shortestCycle(graph, group, start) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!group.has(to)) continue;
      if (to === start) {
        const chain = [start];
        for (let at = node; at !== null; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  throw new Error(`no cycle through ${start}`);
}

/** The report for a list of cycles: a chain line per cycle, then one example import per edge. */
export function describeCycles(graph, cycles) {
  const lines = [];
  for (const chain of cycles) {
    lines.push(`import cycle between folders: ${chain.join(" → ")}`);
    for (let i = 0; i + 1 < chain.length; i++) {
      const example = graph.get(chain[i]).get(chain[i + 1]);
      lines.push(`  ${chain[i]} → ${chain[i + 1]}: ${example.file} imports "${example.source}"`);
    }
  }
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const graph = folderGraph(root);
  const cycles = findCycles(graph);
  if (cycles.length > 0) {
    console.error(describeCycles(graph, cycles));
    console.error(`\n${cycles.length} import cycle${cycles.length > 1 ? "s" : ""} between folders`);
    process.exit(1);
  }
  const edges = [...graph.values()].reduce((n, to) => n + to.size, 0);
  console.log(`no import cycles between folders (${graph.size} folders, ${edges} folder imports)`);
}
