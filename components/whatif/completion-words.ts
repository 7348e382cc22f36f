import { plural } from "@/lib/display/format";
import type { CompletionFlip } from "@/lib/scoring/report/scenario-effects";

/** How a what-if changed a task's completion, in the words of the "Tasks whose completion changes" list. */
export function completionWords(f: CompletionFlip): string {
  switch (f.change) {
    case "completes":
      return "now completes";
    case "no-longer-completes":
      return "no longer completes";
    case "up":
      return "passes more often";
    case "down":
      return "passes less often";
    case "recounted":
      return f.before.counted === 0
        ? "now counted"
        : `${plural(f.after.counted, "rollout")} counted, not ${f.before.counted}`;
  }
}
