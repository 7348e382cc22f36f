// The CLI compiled ahead of time. Running the TypeScript through tsx costs every command about half a
// second (its loader compiles each module on a separate thread) and ~30 MB; instead the CLI is bundled
// once with esbuild (which tsx brings) into node_modules/.cache, and rebuilt whenever one of the files it
// was built from has changed. Any failure here falls back to tsx, so the CLI always runs the current source.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cacheDir = path.join(root, "node_modules", ".cache", "tally-cli");
/** Names the current build's folder and the modification times of the files it was built from. */
const pointerFile = path.join(cacheDir, "current.json");

/** The current build's folder when every input still has the modification time it had then, else null. */
function freshBuild() {
  let pointer;
  try {
    pointer = JSON.parse(fs.readFileSync(pointerFile, "utf8"));
  } catch {
    return null;
  }
  const dir = path.join(cacheDir, pointer.dir);
  if (!fs.existsSync(path.join(dir, "main.js"))) return null;
  for (const [file, mtimeMs] of Object.entries(pointer.inputs)) {
    try {
      if (fs.statSync(path.join(root, file)).mtimeMs !== mtimeMs) return null;
    } catch {
      return null;
    }
  }
  return dir;
}

/**
 * Builds into a new folder and then points current.json at it (written whole, then renamed): CLI processes
 * starting together may each build, but none ever reads a half-written build or loses one it is running.
 */
async function build() {
  const esbuild = await import("esbuild");
  const name = `build-${Date.now()}-${process.pid}`;
  const dir = path.join(cacheDir, name);
  const result = await esbuild.build({
    absWorkingDir: root,
    // The ingest's reread worker (lib/ingest/reread-pool.ts) runs its own entry, beside main.js.
    entryPoints: { main: "lib/cli/main.ts", "reread-worker": "lib/ingest/reread-worker.ts" },
    outdir: dir,
    bundle: true,
    splitting: true, // commands stay lazily loaded chunks
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    metafile: true,
    logLevel: "silent",
  });
  const inputs = {};
  for (const file of [...Object.keys(result.metafile.inputs), "tsconfig.json", "package.json"]) {
    inputs[file] = fs.statSync(path.join(root, file)).mtimeMs;
  }
  const tmp = `${pointerFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ dir: name, inputs }));
  fs.renameSync(tmp, pointerFile);
  // Older builds a running process may still load chunks from are kept for a day.
  for (const old of fs.readdirSync(cacheDir)) {
    const at = /^build-(\d+)-/.exec(old);
    if (at && old !== name && Date.now() - Number(at[1]) > 86_400_000)
      fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  return dir;
}

/** The compiled CLI's entry (`main.js`), building it first when missing or stale; null when that fails. */
export async function compiledCli() {
  try {
    const dir = freshBuild() ?? (await build());
    return path.join(dir, "main.js");
  } catch {
    return null;
  }
}
