import path from "node:path";

export type DatabaseTarget = { provider: "sqlite"; file: string; url: string } | { provider: "postgres"; url: string };

/**
 * Reads DATABASE_URL: `file:<path>` (SQLite; relative to the working directory) or
 * `postgresql://…` / `postgres://…`. Anything else is refused with the accepted forms.
 */
export function parseDatabaseUrl(url: string, cwd = process.cwd()): DatabaseTarget {
  if (url.startsWith("file:")) {
    const raw = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    if (!raw) throw new Error("DATABASE_URL: file: needs a path, e.g. file:./data/tally.db");
    return { provider: "sqlite", file: path.resolve(cwd, raw), url };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { provider: "postgres", url };
  throw new Error("DATABASE_URL must be file:<path> (SQLite) or postgresql://… (PostgreSQL)");
}

/** The URL with any password replaced, for logs and error messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
