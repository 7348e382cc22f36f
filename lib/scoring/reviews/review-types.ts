import { z } from "zod";

/** Who judged a check: code (a test, a rule), a model (an LLM judge), a person, or the file does not say. */
export const GRADER_KINDS = ["code", "model", "human", "unknown"] as const;
export type GraderKind = (typeof GRADER_KINDS)[number];

export const REVIEW_VERDICTS = ["pass", "fail", "unsure"] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

/**
 * A person's judgment of one recorded verdict (a rollout's check). It never changes the stored verdict; every
 * review is kept, and a reviewer's newest one is theirs (a withdrawal is a review marked withdrawn).
 */
export const ZReview = z.strictObject({
  rollout: z.string().min(1),
  /** The check's key. */
  check: z.string().min(1),
  verdict: z.enum(REVIEW_VERDICTS),
  reason: z.string(),
  reviewer: z.string().min(1),
  /** ISO time. */
  at: z.string().min(1),
  withdrawn: z.boolean().optional(),
});
export type Review = z.infer<typeof ZReview>;
