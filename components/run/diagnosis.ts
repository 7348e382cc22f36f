import type { TaskReport } from "@/lib/scoring/report/report-types";

/** A task's diagnosis in words, with the badge colour and a sort rank (worst first). */
export function diagnosisWords(task: Pick<TaskReport, "diagnosis" | "capability">): {
  text: string;
  badge: string;
  rank: number;
} {
  switch (task.diagnosis) {
    case "solid":
      return { text: "solid", badge: "badge badge-pass", rank: 3 };
    case "unreliable":
      return { text: "unreliable — reliability work", badge: "badge badge-warn", rank: 2 };
    case "never-passes":
      return task.capability === "near-miss"
        ? { text: "never passes — near miss", badge: "badge badge-fail", rank: 1 }
        : { text: "never passes — far off", badge: "badge badge-fail", rank: 0 };
    case "unscored":
      return { text: "unscored", badge: "badge", rank: 4 };
  }
}
