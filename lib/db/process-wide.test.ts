import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { createDb, providerOf } from "./client";
import { migrate } from "./migrate";
import { sqliteConnection } from "./sqlite-direct";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-process-wide-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Next.js runs server code in several module graphs, each with its own copy of lib/db, while getDb shares one
// client per process: a second copy of the modules must find the client's provider and SQLite connection.
it("a second copy of the database modules finds the client's provider and connection", async () => {
  const file = path.join(dir, "t.db");
  const target = { provider: "sqlite" as const, file, url: `file:${file}` };
  await migrate(target);
  const db = createDb(target);
  try {
    const connection = await sqliteConnection(db);
    expect(connection).not.toBeNull();
    vi.resetModules();
    const again = await import("./sqlite-direct");
    const client = await import("./client");
    expect(again.sqliteConnection).not.toBe(sqliteConnection);
    expect(await again.sqliteConnection(db)).toBe(connection);
    expect(client.providerOf(db)).toBe(providerOf(db));
  } finally {
    await db.$disconnect();
  }
});
