import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createDb } from "./client";
import { migrate } from "./migrate";
import { bulkWrites, prepared, sqliteConnection, writeTransaction } from "./sqlite-direct";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-sqlite-direct-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("a direct write waits for a Prisma transaction open on the shared connection instead of joining it", async () => {
  const file = path.join(dir, "t.db");
  const target = { provider: "sqlite" as const, file, url: `file:${file}` };
  await migrate(target);
  const db = createDb(target);
  try {
    const connection = (await sqliteConnection(db))!;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Prisma begins a transaction on the shared connection and waits on the event loop before committing.
    const prismaTx = db.$transaction(async (tx) => {
      await tx.rawFile.create({ data: { sha256: "a", size: 0, bytes: new Uint8Array() } });
      await held;
      order.push("prisma commits");
    });
    while (!connection.inTransaction) await new Promise((r) => setTimeout(r, 1));
    const direct = writeTransaction(connection, () => {
      order.push("direct writes");
      prepared(connection, `INSERT INTO "RawFile" ("sha256", "size", "bytes", "createdAt") VALUES (?, 0, ?, ?)`).run(
        "b",
        Buffer.alloc(0),
        new Date().toISOString(),
      );
    });
    setTimeout(release, 30);
    await Promise.all([prismaTx, direct]);
    expect(order).toEqual(["prisma commits", "direct writes"]);
    expect(await db.rawFile.count()).toBe(2);
  } finally {
    await db.$disconnect();
  }
});

it("bulk writes hold back WAL checkpoints, also when they overlap, and restore the setting after the last one", async () => {
  const file = path.join(dir, "bulk.db");
  const target = { provider: "sqlite" as const, file, url: `file:${file}` };
  await migrate(target);
  const db = createDb(target);
  try {
    const connection = (await sqliteConnection(db))!;
    const setting = () => Number(connection.pragma("wal_autocheckpoint", { simple: true }));
    const before = setting();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = bulkWrites(db, async () => {
      expect(setting()).toBe(0);
      await held;
    });
    await bulkWrites(db, async () => expect(setting()).toBe(0));
    expect(setting()).toBe(0); // the first is still writing
    release();
    await first;
    expect(setting()).toBe(before);
  } finally {
    await db.$disconnect();
  }
});
