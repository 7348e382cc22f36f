import { existsSync } from "node:fs";
import { FolderWatcher, type WatchEvent } from "@/lib/ingest/watch-folders";
import { ZRunName } from "@/lib/run-name";
import { ZTags } from "@/lib/run-tags";
import type { Store } from "@/lib/store/store";
import { parseCommand, UsageError } from "../args";
import { openDatabase } from "../database";
import { runLine } from "../run-line";

const HELP = `Usage: tally watch <folder…> [--run NAME] [--tag T…]

Ingests what a harness writes into the folders as it writes it, into one run (--run NAME, default the folders'
names), until Ctrl-C. New and changed files are stored within a second or two; a file that fails while it is
still changing (half-written JSON, a truncated zip) is retried, and refused once, with why, if it still fails
10 s after its last change. A changed file adds the rollouts it holds that are not stored yet; rollouts already
stored keep their first content. While it runs, the run shows "live" on its pages and open pages update.`;

/** One line per event, as tally ingest words its outcomes. */
function print(event: WatchEvent): void {
  switch (event.kind) {
    case "stored":
      return console.log(`  stored     ${event.path}`);
    case "waiting":
      return console.log(`  waiting    ${event.path}: not readable yet, retried while it changes (${event.error})`);
    case "refused":
      return console.log(`  rejected   ${event.path}: ${event.error}`);
    case "kept":
      return console.log(`  kept       ${event.path}: ${event.error}`);
    case "skipped":
      return console.log(`  skipped    ${event.path}: ${event.error}`);
    case "run":
      return console.log(runLine(event));
    case "failed":
      return console.error(`tally watch: ${event.error} (retried on the next change)`);
  }
}

/** Watches folders into the store until stopped; the caller closes the store after `stop`. */
export async function startWatching(
  store: Store,
  folders: readonly string[],
  options: { run?: string; tags?: readonly string[] },
): Promise<FolderWatcher> {
  const watcher = new FolderWatcher(store, folders, { runName: options.run, tags: options.tags, onEvent: print });
  await watcher.start();
  return watcher;
}

/** The folders to watch, each existing (a harness's output folder is made before it is watched). */
export function watchedFolders(paths: readonly string[]): string[] {
  for (const p of paths) if (!existsSync(p)) throw new UsageError(`no such folder: ${p}`);
  return [...paths];
}

/** `--run NAME`, held to what a run name may be (lib/run-name.ts). */
export function parseRunName(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const name = ZRunName.safeParse(value);
  if (!name.success) throw new UsageError(`invalid --run: ${name.error.issues[0]?.message ?? "invalid"}`);
  return name.data;
}

export function parseTags(values: readonly string[] | undefined): string[] {
  const tags = ZTags.safeParse(values ?? []);
  if (!tags.success) throw new UsageError(`invalid --tag: ${tags.error.issues[0]?.message ?? "invalid"}`);
  return tags.data;
}

/** Resolves on the first SIGINT or SIGTERM. */
export const untilSignal = () =>
  new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
  });

export const watchCommand = {
  async run(argv: string[]): Promise<number> {
    const parsed = parseCommand(argv, { run: { type: "string" }, tag: { type: "string", multiple: true } }, HELP);
    if (!parsed) return 0;
    const { values, positionals } = parsed;
    if (positionals.length === 0) throw new UsageError(`no folders given\n\n${HELP}`);
    const folders = watchedFolders(positionals);
    const tags = parseTags(values.tag);
    const run = parseRunName(values.run);
    const store = await openDatabase();
    try {
      const watcher = await startWatching(store, folders, { run, tags });
      console.log(`tally: watching ${folders.join(", ")} (Ctrl-C to stop)`);
      await untilSignal();
      await watcher.stop();
      return 0;
    } finally {
      await store.close();
    }
  },
};
