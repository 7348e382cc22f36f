import { watch, type FSWatcher } from "node:fs";
import { sha256Hex } from "@/lib/formats/hash";
import type { InputFile } from "@/lib/formats/types";
import type { Store } from "@/lib/store/store";
import { folderSignature } from "./folder-signature";
import { ingestFiles } from "./ingest-files";
import { readPaths } from "./read-paths";

/*
 * `tally watch`: ingests what a harness writes into folders as it writes it, into one named run.
 *
 * Every change (an fs.watch event, debounced, or a periodic rescan of sizes and modification times where
 * fs.watch misses events) re-reads the folders and ingests them whole: formats read folders (a Harbor job, a
 * Silo tree), and the store stores only what it does not have (a rollout already stored from the same bytes is
 * a duplicate). A file that fails while it is still changing (partial JSON, a truncated zip) is retried with
 * backoff until `settleMs` after its last change; one that still fails then is refused once, with why, and its
 * bytes kept as ingest keeps any refused file. A changed file (same path, new bytes) adds the rollouts it holds
 * that are not stored yet; a rollout already stored keeps the content it was first stored with (a stored
 * rollout is never changed): the watcher says so once per version of the file.
 *
 * While it runs, the watcher keeps every run it feeds live (lib/run-labels.ts): a heartbeat renewed every
 * `heartbeatMs`, valid for `liveForMs`, cleared on stop.
 */

export type WatchEvent =
  | { kind: "stored"; path: string }
  | { kind: "waiting"; path: string; error: string }
  | { kind: "refused"; path: string; error: string }
  | { kind: "kept"; path: string; error: string }
  /** A link not followed out of the folders (readPaths' `skipped`). */
  | { kind: "skipped"; path: string; error: string }
  | { kind: "run"; id: string; name: string; rollouts: number; created: boolean }
  | { kind: "failed"; error: string };

export interface WatchOptions {
  /** The run the folders feed (default: the folders' names, as ingest names a folder's run). */
  runName?: string;
  tags?: readonly string[];
  /** How long after its last change a failing file is retried before it is refused (default 10 s). */
  settleMs?: number;
  /** Quiet time after an fs.watch event before the folders are read (default 300 ms). */
  debounceMs?: number;
  /** Period of the size-and-time rescan that catches what fs.watch misses (default 1 s). */
  rescanMs?: number;
  heartbeatMs?: number;
  liveForMs?: number;
  onEvent?: (event: WatchEvent) => void;
  /** The clock (tests move it). */
  now?: () => number;
}

interface FileState {
  sha256: string;
  changedAt: number;
  /** Retries so far of this version while it fails. */
  attempts: number;
  /** This version's outcome has been reported (stored, refused, kept): it is not reported again. */
  reported: boolean;
  waiting: boolean;
}

const BACKOFF_MS = [250, 500, 1000, 2000];
/** After an ingest that failed as a whole (the database unreachable or locked), the folders are read again. */
const FAILED_RETRY_MS = 2000;

export class FolderWatcher {
  readonly #files = new Map<string, FileState>();
  readonly #runs = new Map<string, number>();
  /** Paths readPaths did not read (refused by type or size, links not followed), each reported once. */
  readonly #unread = new Map<string, string>();
  readonly #watchers: FSWatcher[] = [];
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #now: () => number;
  #signature = "";
  #retryAt: number | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #debounce: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;

  constructor(
    private readonly store: Store,
    private readonly roots: readonly string[],
    private readonly options: WatchOptions = {},
  ) {
    this.#now = options.now ?? Date.now;
  }

  /** The runs fed so far, by id, with their rollout counts. */
  get runs(): ReadonlyMap<string, number> {
    return this.#runs;
  }

  /** When a failing file is next retried (epoch ms), or null. */
  get retryAt(): number | null {
    return this.#retryAt;
  }

  /** Starts watching: a first scan now, then on fs.watch events, the periodic rescan and retries. */
  start(): Promise<void> {
    const o = this.options;
    for (const root of this.roots) {
      try {
        const watcher = watch(root, { recursive: true }, () => this.#soon(o.debounceMs ?? 300));
        watcher.on("error", () => watcher.close());
        this.#watchers.push(watcher);
      } catch {
        // No fs.watch here (some network file systems): the rescan alone picks changes up.
      }
    }
    this.#timers.push(setInterval(() => this.#soon(0), o.rescanMs ?? 1000));
    this.#timers.push(setInterval(() => void this.#beat(), o.heartbeatMs ?? 5000));
    return this.scan();
  }

  /** Stops watching, waits for a scan under way, and clears the heartbeat of every run fed. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const w of this.#watchers) w.close();
    for (const t of this.#timers) clearInterval(t);
    if (this.#debounce) clearTimeout(this.#debounce);
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    await this.#running;
    await Promise.all([...this.#runs.keys()].map((id) => this.store.setRunLive(id, null)));
  }

  #soon(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#debounce) clearTimeout(this.#debounce);
    this.#debounce = setTimeout(() => {
      this.#debounce = null;
      const due = this.#retryAt !== null && this.#now() >= this.#retryAt;
      if (due || folderSignature(this.roots) !== this.#signature) void this.scan();
    }, delayMs);
  }

  async #beat(): Promise<void> {
    const until = new Date(this.#now() + (this.options.liveForMs ?? 15_000));
    await Promise.all([...this.#runs.keys()].map((id) => this.store.setRunLive(id, until))).catch((error) =>
      this.#emit({ kind: "failed", error: `heartbeat: ${messageOf(error)}` }),
    );
  }

  #emit(event: WatchEvent): void {
    this.options.onEvent?.(event);
  }

  /** Reads the folders and ingests what changed; overlapping calls run one after the other. */
  scan(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#scanOnce().catch((error) => this.#emit({ kind: "failed", error: messageOf(error) }));
      } while (this.#again && !this.#stopped);
    })().finally(() => (this.#running = null));
    return this.#running;
  }

  async #scanOnce(): Promise<void> {
    this.#signature = folderSignature(this.roots);
    const now = this.#now();
    const { files, rootName, rejected, skipped } = await readPaths([...this.roots]);
    this.#reportUnread([
      ...rejected.map((r) => ({ kind: "refused" as const, path: r.path, error: r.error })),
      ...skipped.map((n) => ({ kind: "skipped" as const, path: n.path, error: n.reason })),
    ]);
    const changed = this.#track(files, now);
    const due = this.#retryAt !== null && now >= this.#retryAt;
    if (!changed && !due) return;
    this.#retryAt = null;
    const result = await ingestFiles(this.store, files, {
      runName: this.options.runName ?? rootName,
      rootName,
      tags: this.options.tags,
      storeRefused: false,
    }).catch((error: unknown) => {
      // The files' versions are recorded already: without a retry, they would wait for their next change.
      this.#retryLater(now + FAILED_RETRY_MS);
      throw error;
    });
    const fresh = result.runs.filter((r) => !this.#runs.has(r.id));
    for (const run of result.runs) {
      if (this.#runs.get(run.id) !== run.rollouts) this.#emit({ kind: "run", ...run });
      this.#runs.set(run.id, run.rollouts);
    }
    if (fresh.length > 0) await this.#beat();

    const byPath = new Map(files.map((f) => [f.path, f]));
    const conflicted = new Set(result.conflicted.map((p) => this.#ownerOf(p)));
    for (const path of result.accepted) {
      const owner = this.#ownerOf(path);
      // A changed file may add rollouts and hold ones already stored: the latter are reported below.
      const state = owner === undefined ? undefined : this.#files.get(owner);
      if (state && !conflicted.has(owner)) Object.assign(state, { reported: true, waiting: false });
      this.#emit({ kind: "stored", path });
    }
    // Reported per watched file: the rollouts of one file, or a zip's members, are refused under one name.
    const errors = new Map<string, string>();
    for (const r of result.rejected) {
      const owner = this.#ownerOf(r.path);
      if (owner !== undefined && !errors.has(owner)) errors.set(owner, r.error);
    }
    const refused: { file: InputFile; error: string }[] = [];
    for (const [path, error] of errors) {
      const state = this.#files.get(path);
      if (!state || state.reported) continue;
      if (conflicted.has(path)) {
        state.reported = true;
        const why = `changed after it was stored: rollouts already stored keep their first content (${error})`;
        this.#emit({ kind: "kept", path, error: why });
      } else if (now - state.changedAt < (this.options.settleMs ?? 10_000)) {
        if (!state.waiting) this.#emit({ kind: "waiting", path, error });
        state.waiting = true;
        const delay = BACKOFF_MS[Math.min(state.attempts++, BACKOFF_MS.length - 1)]!;
        this.#retryLater(Math.min(now + delay, state.changedAt + (this.options.settleMs ?? 10_000)));
      } else {
        Object.assign(state, { reported: true, waiting: false });
        this.#emit({ kind: "refused", path, error });
        const file = byPath.get(path);
        if (file) refused.push({ file, error });
      }
    }
    if (refused.length > 0) await this.store.storeRejectedFiles(refused);
  }

  /** Reports each path readPaths did not read once (again once it has gone and come back). */
  #reportUnread(events: { kind: "refused" | "skipped"; path: string; error: string }[]): void {
    const seen = new Set<string>();
    for (const event of events) {
      seen.add(event.path);
      if (this.#unread.get(event.path) === event.error) continue;
      this.#unread.set(event.path, event.error);
      this.#emit(event);
    }
    for (const path of this.#unread.keys()) if (!seen.has(path)) this.#unread.delete(path);
  }

  /** Records each file's version; true when any file is new or changed. */
  #track(files: readonly InputFile[], now: number): boolean {
    let changed = false;
    const seen = new Set<string>();
    for (const file of files) {
      seen.add(file.path);
      const sha256 = sha256Hex(file.bytes);
      if (this.#files.get(file.path)?.sha256 === sha256) continue;
      this.#files.set(file.path, { sha256, changedAt: now, attempts: 0, reported: false, waiting: false });
      changed = true;
    }
    for (const path of this.#files.keys()) if (!seen.has(path)) this.#files.delete(path);
    return changed;
  }

  /**
   * The watched file a reported path belongs to: rollouts of a file holding several are reported as
   * `file#rollout`, a zip's members under the zip's name without `.zip`.
   */
  #ownerOf(reported: string): string | undefined {
    const path = reported.split("#")[0]!;
    if (this.#files.has(path)) return path;
    for (const p of this.#files.keys()) if (path.startsWith(`${p.replace(/\.zip$/i, "")}/`)) return p;
    return undefined;
  }

  #retryLater(at: number): void {
    if (this.#retryAt !== null && this.#retryAt <= at) return;
    this.#retryAt = at;
    if (this.#stopped || this.#watchers.length + this.#timers.length === 0) return;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => void this.scan(), Math.max(0, at - this.#now()));
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
