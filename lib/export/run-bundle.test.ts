import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundleData, PageData } from "@/lib/views/bundle-data";
import { createTestDatabase, type TestDatabase } from "@/lib/db/test-databases";
import { ingestFiles } from "@/lib/ingest/ingest-files";
import { readPaths } from "@/lib/ingest/read-paths";
import { bundleBytes, writeBundle, zipBundle } from "./bundle-files";
import { BundleTooLarge, runBundle, type Bundle } from "./run-bundle";

const root = fileURLToPath(new URL("../..", import.meta.url));
// Two Silo rollouts, each with its trace.
const withTraces = path.join(root, "lib/formats/__fixtures__/traces/silo/scoring-article");
const viewer = { js: "/* viewer */", css: "/* styles */" };

let t: TestDatabase;
let runId: string;
const out = fs.mkdtempSync(path.join(os.tmpdir(), "tally-bundle-"));

beforeAll(async () => {
  t = await createTestDatabase("sqlite");
  const { files, rootName } = await readPaths([withTraces]);
  runId = (await ingestFiles(t.store, files, { rootName })).runs[0]!.id;
});
afterAll(async () => {
  await t.drop();
  fs.rmSync(out, { recursive: true, force: true });
});

const text = (bundle: Bundle, file: string) => {
  const found = bundle.files.find((f) => f.path === file);
  if (!found) throw new Error(`no ${file}`);
  return typeof found.data === "string" ? found.data : strFromU8(found.data);
};
const pageOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="tally-page">(.*?)<\/script>/s.exec(html)![1]!) as PageData;
const dataOf = (js: string) =>
  JSON.parse(
    js
      .slice(js.indexOf("=") + 1)
      .trim()
      .replace(/;$/, ""),
  ) as BundleData;

describe("the static bundle of a stored run", () => {
  it("writes the run page, a page per task and per rollout with its trace, data.js and the viewer", async () => {
    const bundle = (await runBundle(t.store, runId, { maxBytes: null, viewer }))!;
    expect(bundle.dropped).toBeNull();
    const paths = bundle.files.map((f) => f.path).sort();
    expect(paths.filter((p) => !p.includes("/"))).toEqual(["data.js", "index.html", "viewer.css", "viewer.js"]);
    expect(paths.filter((p) => p.startsWith("tasks/"))).toHaveLength(2);
    expect(paths.filter((p) => p.startsWith("rollouts/"))).toHaveLength(2);

    const index = text(bundle, "index.html");
    expect(index).toContain('<script src="viewer.js"></script>');
    expect(index).toContain("connect-src 'none'");
    expect(pageOf(index)).toMatchObject({ kind: "run", root: "", file: "index.html" });
    const data = dataOf(text(bundle, "data.js"));
    expect(JSON.parse(data.metaJson!)).toMatchObject({ id: runId, name: "scoring-article" });
    expect(Object.keys(data.site!.rollouts)).toHaveLength(2);

    const rollout = bundle.files.find((f) => f.path.startsWith("rollouts/"))!;
    const page = pageOf(rollout.data as string);
    expect(page).toMatchObject({ kind: "rollout", root: "../" });
    expect(page.kind === "rollout" && page.rollout.trace.kind).toBe("trace");
    // Markup in the data cannot close the page's script element.
    expect((rollout.data as string).split("</script>")).toHaveLength(4);

    writeBundle(out, bundle.files);
    expect(fs.readFileSync(path.join(out, "index.html"), "utf8")).toBe(index);
    expect(fs.readdirSync(path.join(out, "tasks"))).toHaveLength(2);
  });

  it("under --max-bytes drops traces first, then rollout pages, and says so", async () => {
    const full = (await runBundle(t.store, runId, { maxBytes: null, viewer }))!;
    const size = bundleBytes(full.files);

    const noTraces = (await runBundle(t.store, runId, { maxBytes: size - 1, viewer }))!;
    expect(bundleBytes(noTraces.files)).toBeLessThan(size);
    expect(noTraces.dropped).toMatch(/leaves out the traces of 1 rollouts/);
    expect(dataOf(text(noTraces, "data.js")).dropped).toBe(noTraces.dropped);
    const traces = noTraces.files
      .filter((f) => f.path.startsWith("rollouts/"))
      .map((f) => pageOf(f.data as string))
      .map((p) => (p.kind === "rollout" ? p.rollout.trace.kind : null));
    expect(traces.sort()).toEqual(["none", "trace"]);

    const fixedPart = full.files.filter((f) => !f.path.startsWith("rollouts/"));
    const small = bundleBytes(fixedPart) + 400;
    const noPages = (await runBundle(t.store, runId, { maxBytes: small, viewer }))!;
    expect(bundleBytes(noPages.files)).toBeLessThanOrEqual(small);
    expect(noPages.files.filter((f) => f.path.startsWith("rollouts/"))).toHaveLength(0);
    expect(noPages.dropped).toMatch(/leaves out 2 of 2 rollout pages/);
    expect(dataOf(text(noPages, "data.js")).site!.rollouts).toEqual({});

    await expect(runBundle(t.store, runId, { maxBytes: 1000, viewer })).rejects.toThrow(BundleTooLarge);
  });

  it("zips every file under one folder", async () => {
    const bundle = (await runBundle(t.store, runId, { maxBytes: null, viewer }))!;
    const entries = unzipSync(zipBundle(bundle.files, "tally-scoring-article"));
    expect(Object.keys(entries).sort()).toEqual(bundle.files.map((f) => `tally-scoring-article/${f.path}`).sort());
    expect(strFromU8(entries["tally-scoring-article/index.html"]!)).toBe(text(bundle, "index.html"));
  });

  it("is null for an unknown run", async () => {
    expect(await runBundle(t.store, "no-such-run", { maxBytes: null, viewer })).toBeNull();
  });
});
