// The static share bundle's viewer: components/export/entry.tsx built by esbuild into one classic script and
// one stylesheet (Chromium refuses module scripts on file:// pages), with next/navigation and next/link swapped
// for the bundle's shims. Built on first use and kept in node_modules/.cache/tally-viewer until one of the
// files it was built from changes, so a fresh clone, the CLI, the server and the tests all get the current one.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the nearest folder above this module (or the working directory) whose package is tally. */
function projectRoot() {
  const starts = [];
  try {
    starts.push(path.dirname(fileURLToPath(import.meta.url)));
  } catch {
    // import.meta.url is not a file URL when a bundler inlined this module.
  }
  starts.push(process.cwd());
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      try {
        if (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name === "tally") return dir;
      } catch {
        // no package.json here
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error("cannot find the tally project folder to build the viewer from");
}

/** The cached viewer when it was built from this project's files as they are (a copied cache names another root). */
function fresh(root, cacheDir) {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(cacheDir, "inputs.json"), "utf8"));
    if (stamp.root !== root) return null;
    for (const [file, mtimeMs] of Object.entries(stamp.inputs))
      if (fs.statSync(path.join(root, file)).mtimeMs !== mtimeMs) return null;
    return {
      js: fs.readFileSync(path.join(cacheDir, stamp.js), "utf8"),
      css: fs.readFileSync(path.join(cacheDir, stamp.css), "utf8"),
    };
  } catch {
    return null;
  }
}

async function build(root, cacheDir) {
  const esbuild = await import("esbuild");
  const shims = path.join(root, "components", "export");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ["components/export/entry.tsx"],
    outdir: "viewer",
    write: false,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    jsx: "automatic",
    tsconfig: "tsconfig.json",
    alias: {
      "next/navigation": path.join(shims, "navigation-shim.ts"),
      "next/link": path.join(shims, "link-shim.tsx"),
    },
    loader: { ".module.css": "local-css", ".css": "css", ".woff2": "dataurl" },
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
    logLevel: "silent",
  });
  const js = result.outputFiles.find((f) => f.path.endsWith(".js"));
  const css = result.outputFiles.find((f) => f.path.endsWith(".css"));
  if (!js || !css) throw new Error("the viewer build wrote no script or no stylesheet");
  // Files under node_modules are not stamped: package-lock.json stands for them.
  const inputs = {};
  for (const file of [...Object.keys(result.metafile.inputs), "tsconfig.json", "package.json", "package-lock.json"])
    if (!file.startsWith("node_modules/")) inputs[file] = fs.statSync(path.join(root, file)).mtimeMs;
  // Written under names of their own, then the stamp renamed into place: readers never see half a build.
  const name = `${Date.now()}-${process.pid}`;
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(path.join(cacheDir, `viewer-${name}.js`), js.text);
  fs.writeFileSync(path.join(cacheDir, `viewer-${name}.css`), css.text);
  const tmp = path.join(cacheDir, `inputs.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify({ root, js: `viewer-${name}.js`, css: `viewer-${name}.css`, inputs }));
  fs.renameSync(tmp, path.join(cacheDir, "inputs.json"));
  for (const old of fs.readdirSync(cacheDir)) {
    const at = /^viewer-(\d+)-/.exec(old);
    if (at && !old.includes(name) && Date.now() - Number(at[1]) > 86_400_000) fs.rmSync(path.join(cacheDir, old));
  }
  return { js: js.text, css: css.text };
}

/** The viewer's script and stylesheet, built first when missing or stale. */
export async function viewerAssets() {
  const root = projectRoot();
  const cacheDir = path.join(root, "node_modules", ".cache", "tally-viewer");
  return fresh(root, cacheDir) ?? (await build(root, cacheDir));
}
