import Link from "@/components/ui/link";
import type { ScenarioIssue } from "@/lib/scoring/scenario/scenario";

/**
 * Says when the figures on the page are a what-if (the URL's `scenario`), or that the URL's scenario was
 * invalid and the run is shown as recorded.
 */
export function ScenarioBanner({
  description,
  issues,
  recordedHref,
}: {
  description: string[];
  issues: ScenarioIssue[] | null;
  recordedHref: string;
}) {
  if (issues !== null) {
    return (
      <div className="callout callout-error" role="alert" style={{ marginBottom: 16 }}>
        <strong>The what-if scenario in the link is not valid</strong>, so this page shows the run as recorded.
        <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
          {issues.map((issue, i) => (
            <li key={i}>
              {issue.path ? <code>{issue.path}</code> : null} {issue.message}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (description.length === 0) return null;
  return (
    <div className="callout callout-info" style={{ marginBottom: 16 }} data-testid="scenario-banner">
      <strong>What-if scenario:</strong> {description.join("; ")}. Figures and verdicts below follow it; the stored data
      is unchanged. <Link href={recordedHref}>Show as recorded</Link>
    </div>
  );
}
