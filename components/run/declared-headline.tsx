import Link from "@/components/ui/link";
import { metricText } from "@/lib/display/format";
import { metricKind } from "@/lib/scoring/core/dimensions";
import type { ReportHeadline } from "@/lib/scoring/report/report-types";
import { SCHEME_WORDS } from "@/lib/scoring/core/schemes";

/** The headline under the team's declared scenario beside the one as recorded, with a link to view it. */
export function DeclaredHeadline({
  name,
  declared,
  recorded,
  href,
  current,
}: {
  name: string;
  declared: ReportHeadline;
  recorded: ReportHeadline;
  /** The run under the declared scenario. */
  href: string;
  /** The page is under the declared scenario already. */
  current: boolean;
}) {
  const text = (h: ReportHeadline) => metricText(metricKind(h.metric), h.value);
  return (
    <p className="callout" style={{ marginBottom: 16 }} data-testid="declared-headline">
      <strong>Declared scenario “{name}”:</strong> <span data-testid="declared-headline-value">{text(declared)}</span>{" "}
      {declared.metric}, {SCHEME_WORDS[declared.scheme]} · as recorded {text(recorded)} {recorded.metric}.{" "}
      {current ? null : <Link href={href}>View the run under it</Link>}
    </p>
  );
}
