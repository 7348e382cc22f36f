import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";

/*
 * For tests that call route handlers directly with real Requests against a real SQLite file (not a route:
 * Next.js only routes files named route.ts).
 */

/** A freshly migrated SQLite file as DATABASE_URL for the calling suite, and no tokens or limits set. */
export function useApiDatabase(name: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tally-${name}-`));
  const url = `file:${path.join(dir, "api.db")}`;
  // Test files share their worker's process (isolate: false): a token a test of another file set must not
  // reach this file's beforeAll either, nor this file's the next file.
  const clearEnv = () => {
    delete process.env.TALLY_INGEST_TOKEN;
    delete process.env.TALLY_REVIEW_TOKEN;
    delete process.env.TALLY_READ_TOKEN;
    delete process.env.TALLY_MAX_UPLOAD_BYTES;
  };
  beforeAll(async () => {
    clearEnv();
    process.env.DATABASE_URL = url;
    await migrate(parseDatabaseUrl(url));
  });
  afterAll(() => {
    clearEnv();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(clearEnv);
}

/** POST /api/runs as the upload page sends it: the files (bytes or text) and form fields. */
export function uploadRequest(
  files: readonly { path: string; bytes?: Uint8Array; content?: string }[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Request {
  const form = new FormData();
  for (const f of files)
    form.append("files", new Blob([f.bytes ? new Uint8Array(f.bytes) : (f.content ?? "")]), f.path);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return new Request("http://tally.test/api/runs", { method: "POST", body: form, headers });
}

/** The second argument Next.js gives a dynamic route's handler. */
export const params = <T>(value: T) => ({ params: Promise.resolve(value) });
