import { describe, expect, it } from "vitest";
import type { CheckHead, RolloutHead } from "@/lib/store/records";
import type { BundleRollout } from "./bundle-data";
import { ChunkPacker, unpackRollout } from "./bundle-pack";

const head = (text: string) => ({ head: text, bytes: Buffer.byteLength(text), cut: false });
const check = (order: number, detail: string | null): CheckHead => ({
  order,
  key: head("C1"),
  label: head("C1 correctness </script> check"),
  passed: order % 2 === 0,
  score: order === 1 ? 0.5 : null,
  required: true,
  dimension: "correctness",
  status: "graded",
  weight: null,
  detail: detail === null ? null : head(detail),
  reason: null,
  failureTag: null,
  evidenceRefs: ["e1"],
  evidenceCount: 1,
  metadata: { cut: false, value: { a: 1 } },
});
const rollout = (id: string, extra: Record<string, unknown> = {}): BundleRollout => ({
  head: { id, taskKey: "t", status: "scored", trace: { steps: 3 }, ...extra } as unknown as RolloutHead,
  trialTexts: { verifierOutput: null, exception: null },
  stateDiff: { kind: "none" },
  trace: null,
  evidence: { byCheck: {}, citations: {}, citedBy: {}, answer: [] },
});

describe("packed bundle rollouts", () => {
  it("round-trip every field of the rollout and its checks through JSON", () => {
    const packer = new ChunkPacker();
    const a = rollout("a");
    const b = rollout("b", { error: "late field" });
    const checksA = [check(0, "observed 1"), check(1, "observed 1"), check(2, null)];
    const checksB = [check(0, "observed 1"), check(1, "observed 2")];
    const rows = [packer.rollout(a, checksA), packer.rollout(b, checksB)];
    const chunk = JSON.parse(JSON.stringify(packer.chunk)) as typeof packer.chunk;
    expect(unpackRollout(chunk, rows[0]!)).toEqual({ ...a, checks: checksA });
    // A field only a later rollout has is absent from the earlier one, not null.
    expect(Object.hasOwn(unpackRollout(chunk, rows[0]!).head, "error")).toBe(false);
    expect(unpackRollout(chunk, rows[1]!)).toEqual({ ...b, checks: checksB });
  });

  it("writes each distinct check and value once", () => {
    const packer = new ChunkPacker();
    for (const id of ["a", "b", "c"]) packer.rollout(rollout(id), [check(0, "same"), check(1, "same")]);
    expect(packer.chunk.checkRows).toHaveLength(2);
    expect(packer.chunk.values.filter((v) => JSON.stringify(v) === JSON.stringify(head("same")))).toHaveLength(1);
  });

  it("packs a shared check object by identity, its head made once, as its head would pack", () => {
    const byHead = new ChunkPacker();
    const byObject = new ChunkPacker();
    const shared = { order: 0, detail: "same" };
    const other = { order: 1, detail: "other" };
    let made = 0;
    const headOf = (c: { order: number; detail: string }) => (made++, check(c.order, c.detail));
    for (const id of ["a", "b", "c"]) {
      byHead.rollout(rollout(id), [check(0, "same"), check(1, "other")]);
      byObject.rollout(rollout(id), [shared, other], headOf);
    }
    expect(made).toBe(2);
    expect(JSON.stringify(byObject.chunk)).toBe(JSON.stringify(byHead.chunk));
    // Two objects with equal heads are still one check row.
    byObject.rollout(rollout("d"), [{ order: 0, detail: "same" }], headOf);
    expect(byObject.chunk.checkRows).toHaveLength(2);
  });
});
