import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/url";
import { getStore } from "./open-store";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-open-store-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Next.js runs server code in several module graphs, each with its own copy of lib/store: a second copy of
// the module must find the same store (one connection and one run cache per process).
it("a second copy of the store module finds the same store for the same URL, and a new one for another", async () => {
  const url = `file:${path.join(dir, "a.db")}`;
  await migrate(parseDatabaseUrl(url));
  const store = getStore(url);
  expect(store.provider).toBe("sqlite");
  vi.resetModules();
  const again = await import("./open-store");
  expect(again.getStore).not.toBe(getStore);
  expect(again.getStore(url)).toBe(store);
  expect(await store.countRuns()).toBe(0);

  const other = `file:${path.join(dir, "b.db")}`;
  await migrate(parseDatabaseUrl(other));
  const second = getStore(other);
  expect(second).not.toBe(store);
  expect(await second.countRuns()).toBe(0);
  await second.close();
});
