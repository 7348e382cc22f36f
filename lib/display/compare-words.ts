import type { DeltaVerdict } from "@/lib/scoring/report/compare-verdict";

/** The verdict as a sentence about the candidate; never conveyed by colour alone. */
export function verdictWords(
  verdict: DeltaVerdict,
  candidate: string,
): { mark: string; text: string; tone: "pass" | "fail" | "neutral" } {
  switch (verdict) {
    case "better":
      return { mark: "▲", text: `${candidate} is better (interval above 0)`, tone: "pass" };
    case "worse":
      return { mark: "▼", text: `${candidate} is worse (interval below 0)`, tone: "fail" };
    case "unclear":
      return { mark: "≈", text: "No clear difference (interval includes 0)", tone: "neutral" };
    case "same":
      return { mark: "=", text: "No difference: every common task has the same value", tone: "neutral" };
    case "no-interval":
      return { mark: "?", text: "No interval: it needs at least 2 common tasks", tone: "neutral" };
  }
}

export const FLIP_WORDS = { "pass->fail": "pass → fail", "fail->pass": "fail → pass" } as const;
