import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DiskFile, ReadBudget, isDiskFile } from "./disk-file";

let dir: string;
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "tally-disk-file-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

it("reads the file when its bytes are used, and a held file keeps the bytes it read", () => {
  const abs = path.join(dir, "a.json");
  writeFileSync(abs, '{"a":1}');
  const file = new DiskFile("a.json", abs);
  expect(isDiskFile(file)).toBe(true);
  expect(isDiskFile({ path: "b", bytes: new Uint8Array() })).toBe(false);
  expect(text(file.bytes)).toBe('{"a":1}');
  file.hold();
  const held = file.bytes;
  expect(file.bytes).toBe(held);
  file.release();
  expect(text(file.bytes)).toBe('{"a":1}');
});

it("refuses bytes that changed since the first read, so a hash taken while parsing never pairs with other bytes", () => {
  const abs = path.join(dir, "b.json");
  writeFileSync(abs, '{"b":1}');
  const file = new DiskFile("b.json", abs);
  const other = new DiskFile("other.json", abs);
  expect(text(file.bytes)).toBe('{"b":1}');
  writeFileSync(abs, '{"b":22}');
  expect(text(other.bytes)).toBe('{"b":22}'); // the last read is another file's: this one reads again
  expect(() => file.bytes).toThrow("b.json changed while it was being ingested");

  // The same size, another modification time: changed too.
  const cAbs = path.join(dir, "c.json");
  writeFileSync(cAbs, '{"c":1}');
  const same = new DiskFile("c.json", cAbs);
  expect(text(same.bytes)).toBe('{"c":1}');
  writeFileSync(cAbs, '{"c":2}');
  utimesSync(cAbs, new Date(2020, 0, 1), new Date(2020, 0, 1));
  expect(text(new DiskFile("fresh.json", abs).bytes)).toBe('{"b":22}'); // the last read is another file's
  expect(() => same.bytes).toThrow("c.json changed while it was being ingested");
});

it("keeps the bytes of the files read while the batch's budget lasts, reads the others on each use", () => {
  const budget = new ReadBudget(10);
  const [a, b] = ["d.json", "e.json"].map((name) => {
    writeFileSync(path.join(dir, name), '{"x":12}'); // 8 bytes: the budget holds one file
    return new DiskFile(name, path.join(dir, name), budget);
  });
  const first = a!.bytes;
  expect(budget.left).toBe(2);
  expect(b!.bytes).toHaveLength(8); // too big for what is left: not kept
  expect(a!.bytes).toBe(first); // kept, not read again (b's read came between)
  writeFileSync(path.join(dir, "e.json"), '{"x":133}');
  expect(new DiskFile("other.json", path.join(dir, "d.json")).bytes).toHaveLength(8); // the last read is another file's
  expect(() => b!.bytes).toThrow("e.json changed"); // read again, and the change is seen
  a!.release();
  expect(budget.left).toBe(10);
});
