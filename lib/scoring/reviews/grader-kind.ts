import type { GraderKind } from "./review-types";

/**
 * Who judged a run's checks, where the format says so for every check (docs/formats.md): Silo's checks are
 * code (a test or a rule). Elsewhere the file does not say, per check, whether a model judged it: unknown.
 */
export function graderKindOfFormat(format: string): GraderKind {
  return format === "silo" ? "code" : "unknown";
}
