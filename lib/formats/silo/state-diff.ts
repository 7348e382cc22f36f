import { z } from "zod";
import type { StateDiff } from "@/lib/traces";
import { zodIssuesToMessage } from "../json";
import { asObject, parseTraceJson, unmapped, ZJsonValue } from "../trace-input";
import { findSidecar } from "./sidecars";
import type { InputFile } from "../types";

/** Silo's `state-diff.json` (`<task>.state-diff.json` in the baselines layout). */
export const ZSiloStateDiff = z.looseObject({
  scalars: z.array(ZJsonValue).optional(),
  collections: z.record(
    z.string(),
    z.looseObject({
      added: z.array(ZJsonValue).optional(),
      removed: z.array(ZJsonValue).optional(),
      changed: z.array(ZJsonValue).optional(),
    }),
  ),
});

export type StateDiffRead =
  { kind: "diff"; diff: StateDiff } | { kind: "invalid"; path: string; why: string } | { kind: "none" };

/** The state diff beside a Silo result (see findSidecar); `none` when there is none. */
export function readSiloStateDiff(files: readonly InputFile[], resultPath: string | null = null): StateDiffRead {
  const file = findSidecar(files, resultPath, "state-diff.json", "state-diff.json");
  if (!file) return { kind: "none" };
  const parsed = parseTraceJson(file);
  if (!parsed.ok)
    return { kind: "invalid", path: file.path, why: parsed.read.kind === "raw" ? parsed.read.raw.why : "unreadable" };
  const checked = ZSiloStateDiff.safeParse(parsed.value);
  if (!checked.success) return { kind: "invalid", path: file.path, why: zodIssuesToMessage(checked.error.issues) };
  const value = checked.data;
  const collections = Object.entries(value.collections).map(([name, c]) => ({
    name,
    added: c.added ?? [],
    removed: c.removed ?? [],
    changed: c.changed ?? [],
  }));
  return {
    kind: "diff",
    diff: {
      path: file.path,
      collections,
      scalars: value.scalars ?? [],
      extra: unmapped(asObject(parsed.value) ?? {}, new Set(["scalars", "collections"])),
    },
  };
}
