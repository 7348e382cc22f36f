import { lightRollout } from "./light";
import { isJsonObject, mayHoldKey, readJsonFile, takeJsonFile, zodIssuesToMessage } from "./json";
import { baseName, dirName, isInside, joinPath } from "./paths";
import { manifestsFor, readManifest, type Manifest } from "./silo/manifest";
import { stringPool } from "./string-pool";
import { normaliseSiloRollout, type RunJsonSidecar, type SiloRollout } from "./silo/rollout";
import { assembleSiloRun } from "./silo/run";
import { ZSiloResult, ZSiloRunJson, type TSiloResult, type TSiloRunJson } from "./silo/schema";
import type { FileRejection, FormatModule, InputFile, JsonObject, ParseOptions, ParseResult } from "./types";

export { ZSiloResult } from "./silo/schema";

const RUN_JSON = "run.json";
const MANIFEST = "tasks.json";
/** Files Silo writes beside result.json that Tally keeps with the rollout but does not read. */
const SIDECARS = new Set(["state-diff.json", "trace.jsonl"]);

const nameOf = (file: InputFile) => baseName(file.path).toLowerCase();

/**
 * In Silo's baselines layout many tasks share one folder and a sidecar carries its result's stem:
 * `TASK-013.tool-events.json` and `TASK-001.state-diff.json` belong to `TASK-013.result.json` and
 * `TASK-001.result.json`. The stem (lower case) of such a sidecar name, else null.
 */
function sidecarStem(name: string): string | null {
  return /^(.+)\.(?:state-diff\.json|tool-events\.json|trace\.jsonl)$/.exec(name)?.[1] ?? null;
}

/** The stem (lower case) of a `<stem>.result.json` name, else null. */
const resultStem = (name: string) => /^(.+)\.result\.json$/.exec(name)?.[1] ?? null;

/** `result.json` or `<task>.result.json`: the names Silo gives its results. */
export function isSiloResultName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "result.json" || lower.endsWith(".result.json");
}

/**
 * A Silo result by content: a JSON object with a `checks` array. Under any other name it must also carry
 * Silo's `passed` or `reward`, so that other formats' JSON with a `checks` list is left to them. A file with
 * a result's name that cannot be parsed is claimed too, so it is rejected with the parse error.
 */
function isSiloResult(file: InputFile): boolean {
  const name = nameOf(file);
  if (!name.endsWith(".json") || name === RUN_JSON || name === MANIFEST || SIDECARS.has(name)) return false;
  // Claimed by name without parsing: parse reads it once (rejecting it with why if it is no result), and a
  // batch of thousands of results is not held as parsed trees between claim and parse.
  if (isSiloResultName(name) && mayHoldKey(file, "checks")) return true;
  if (!isSiloResultName(name) && !mayHoldKey(file, "checks")) return false;
  const decoded = readJsonFile(file);
  if (!decoded.ok) return isSiloResultName(name);
  const value = decoded.value;
  if (!isJsonObject(value) || !Array.isArray(value.checks)) return false;
  return isSiloResultName(name) || "passed" in value || "reward" in value;
}

/** Silo's run.json: an object with a runId and a taskId. */
function isSiloRunJson(file: InputFile): boolean {
  if (nameOf(file) !== RUN_JSON) return false;
  const decoded = readJsonFile(file);
  return (
    decoded.ok &&
    isJsonObject(decoded.value) &&
    typeof decoded.value.runId === "string" &&
    typeof decoded.value.taskId === "string"
  );
}

function claim(files: readonly InputFile[]): InputFile[] {
  const claimed = new Set<InputFile>();
  const rolloutDirs = new Set<string>();
  for (const file of files) {
    if (!isSiloResult(file) && !isSiloRunJson(file)) continue;
    claimed.add(file);
    rolloutDirs.add(dirName(file.path));
  }
  const resultPaths = new Set([...claimed].map((f) => joinPath(dirName(f.path).toLowerCase(), nameOf(f))));
  for (const file of files) {
    const name = nameOf(file);
    const stem = sidecarStem(name);
    const stemmed = stem !== null && resultPaths.has(joinPath(dirName(file.path).toLowerCase(), `${stem}.result.json`));
    const sidecar = ((name === RUN_JSON || SIDECARS.has(name)) && rolloutDirs.has(dirName(file.path))) || stemmed;
    const manifest = name === MANIFEST && rolloutDirs.size > 0;
    if (sidecar || manifest) claimed.add(file);
  }
  return files.filter((f) => claimed.has(f));
}

interface Folder {
  results: InputFile[];
  runJson: InputFile | null;
  sidecars: InputFile[];
  /** Sidecars named after one result's stem (see sidecarStem). */
  stemSidecars: InputFile[];
}

type Read<T> = { ok: true; data: T; raw: JsonObject } | { ok: false; error: string };

function readResult(file: InputFile): Read<TSiloResult> {
  const decoded = takeJsonFile(file);
  if (!decoded.ok) return decoded;
  const parsed = ZSiloResult.safeParse(decoded.value);
  if (!parsed.success) return { ok: false, error: zodIssuesToMessage(parsed.error.issues) };
  return { ok: true, data: parsed.data, raw: decoded.value as JsonObject };
}

function readRunJson(file: InputFile): Read<TSiloRunJson> {
  const decoded = readJsonFile(file);
  if (!decoded.ok) return decoded;
  const parsed = ZSiloRunJson.safeParse(decoded.value);
  if (!parsed.success) return { ok: false, error: zodIssuesToMessage(parsed.error.issues) };
  return { ok: true, data: parsed.data, raw: decoded.value as JsonObject };
}

function groupByFolder(files: readonly InputFile[], manifestFiles: InputFile[]): Map<string, Folder> {
  const folders = new Map<string, Folder>();
  for (const file of files) {
    const name = nameOf(file);
    if (name === MANIFEST) {
      manifestFiles.push(file);
      continue;
    }
    const dir = dirName(file.path);
    let folder = folders.get(dir);
    if (!folder) folders.set(dir, (folder = { results: [], runJson: null, sidecars: [], stemSidecars: [] }));
    if (name === RUN_JSON) folder.runJson = file;
    else if (SIDECARS.has(name)) folder.sidecars.push(file);
    else if (sidecarStem(name) !== null) folder.stemSidecars.push(file);
    else folder.results.push(file);
  }
  return folders;
}

/**
 * The result the folder's run.json and sidecars belong to: `result.json`, else the folder's only result; null
 * when several results leave it open.
 */
function pairedResult(folder: Folder): InputFile | null {
  return (
    folder.results.find((f) => nameOf(f) === "result.json") ?? (folder.results.length === 1 ? folder.results[0]! : null)
  );
}

/** Why a file that depends on another one was not read: the one it goes with was rejected. */
const notUsed = (what: string, path: string) => `not used: the ${what} beside it (${path}) was rejected`;

function parse(files: readonly InputFile[], options: ParseOptions): ParseResult {
  const rejected: FileRejection[] = [];
  const rejectedPaths = new Set<string>();
  const reject = (path: string, error: string) => {
    rejected.push({ path, error });
    rejectedPaths.add(path);
  };
  const manifestFiles: InputFile[] = [];
  const folders = groupByFolder(files, manifestFiles);

  const manifests: Manifest[] = [];
  const warnings: string[] = [];
  for (const file of manifestFiles) {
    const read = readManifest(file);
    if (read.ok) manifests.push(read.manifest);
    else {
      reject(file.path, read.error);
      warnings.push(`${file.path} was rejected, so its task declarations were not applied`);
    }
  }

  const items: SiloRollout[] = [];
  const keep = (item: SiloRollout) =>
    items.push(options.light ? { task: item.task, rollout: lightRollout(item.rollout, intern) } : item);
  const intern = stringPool();
  for (const folder of folders.values()) {
    const owner = pairedResult(folder);
    let runJson: RunJsonSidecar | null = null;
    let runError: string | null = null;
    if (folder.runJson) {
      const read = readRunJson(folder.runJson);
      if (!read.ok) {
        runError = read.error;
        reject(folder.runJson.path, runError);
      } else if (!owner && folder.results.length > 1) {
        reject(
          folder.runJson.path,
          `run.json beside ${folder.results.length} result files: cannot tell which rollout it describes`,
        );
      } else runJson = { file: folder.runJson, data: read.data, raw: read.raw };
    }
    const sidecarPaths = folder.sidecars.map((f) => f.path);
    const context = (path: string) => ({
      manifests: manifestsFor(manifests, path),
      rootName: options.rootName,
      intern,
    });

    let ownerRead = false;
    for (const file of folder.results) {
      const mine = file === owner;
      const stem = resultStem(nameOf(file));
      const stemPaths = folder.stemSidecars
        .filter((f) => stem !== null && sidecarStem(nameOf(f)) === stem)
        .map((f) => f.path);
      if (mine && runError !== null) {
        reject(file.path, `cannot join it with ${folder.runJson!.path}, which is invalid: ${runError}`);
        for (const path of stemPaths) reject(path, notUsed("result file", file.path));
        continue;
      }
      const read = readResult(file);
      if (!read.ok) {
        reject(file.path, read.error);
        for (const path of stemPaths) reject(path, notUsed("result file", file.path));
        continue;
      }
      ownerRead ||= mine;
      keep(
        normaliseSiloRollout({
          ...context(file.path),
          result: { file, data: read.data, raw: read.raw },
          runJson: mine ? runJson : null,
          sidecars: [...(mine ? sidecarPaths : []), ...stemPaths],
        }),
      );
    }

    // run.json and the sidecars go with the owner: when it was not read, they are rejected saying why.
    if (folder.results.length === 0) {
      if (runJson) {
        keep(normaliseSiloRollout({ ...context(runJson.file.path), result: null, runJson, sidecars: sidecarPaths }));
      } else if (folder.runJson) {
        for (const path of sidecarPaths) reject(path, notUsed("run.json", folder.runJson.path));
      } else {
        for (const path of sidecarPaths) reject(path, "a Silo sidecar with no result.json or run.json beside it");
      }
    } else if (!owner) {
      for (const path of sidecarPaths) {
        reject(
          path,
          `a Silo sidecar beside ${folder.results.length} result files: cannot tell which rollout it belongs to`,
        );
      }
    } else if (!ownerRead) {
      if (runJson) reject(runJson.file.path, notUsed("result file", owner.path));
      for (const path of sidecarPaths) reject(path, notUsed("result file", owner.path));
    }
  }

  // A manifest applies to the results in its folder and below; one that applied to no rollout is rejected.
  const used = new Set(items.flatMap((item) => item.rollout.files));
  const applied = manifests.filter((m) => used.has(m.path));
  for (const manifest of manifests) {
    if (used.has(manifest.path)) continue;
    const hasResults = files.some((f) => nameOf(f) !== MANIFEST && isInside(manifest.dir, f.path));
    reject(
      manifest.path,
      hasResults
        ? "not used: every Silo result in its folder or below, where its task declarations apply, was rejected"
        : "not used: there is no Silo result in its folder or below, where its task declarations apply",
    );
  }
  // Every file given to the reader is in a rollout or rejected: nothing the user uploaded goes unreported.
  for (const file of files) {
    if (!used.has(file.path) && !rejectedPaths.has(file.path))
      reject(file.path, "not used: no Silo rollout was read from it");
  }

  const runs =
    items.length === 0
      ? []
      : [
          {
            ...assembleSiloRun(items, options, { paths: files.map((f) => f.path), manifests: applied, warnings }),
            ...(options.light ? { light: true as const } : {}),
          },
        ];
  return { runs, rejected };
}

/** Silo (native): result.json alone or in a Silo run folder beside run.json, with an optional tasks.json. */
export const siloFormat: FormatModule = { id: "silo", claim, parse, detectKeys: ["checks"] };
