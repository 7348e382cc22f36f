import type { RolloutFailure } from "./types";

/**
 * Characters of an error message a rollout keeps for grouping: the start of a stack trace says which failure
 * it is; a 1 MB trace-back kept whole in every rollout would weigh on every report.
 */
export const FAILURE_MESSAGE_LIMIT = 4000;

/** What a rollout recorded about its failure, or undefined when nothing (every field null or blank). */
export function rolloutFailureOf(recorded: {
  errorType: string | null;
  message: string | null;
  lastTool: string | null;
}): RolloutFailure | undefined {
  const blank = (s: string | null) => (s === null || s.trim() === "" ? null : s);
  const errorType = blank(recorded.errorType);
  const message = blank(recorded.message)?.slice(0, FAILURE_MESSAGE_LIMIT) ?? null;
  const lastTool = blank(recorded.lastTool);
  return errorType === null && message === null && lastTool === null ? undefined : { errorType, message, lastTool };
}
