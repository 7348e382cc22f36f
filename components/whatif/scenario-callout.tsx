import Link from "@/components/ui/link";
import type { ScenarioIssue } from "@/lib/scoring/scenario/scenario";

/** The URL's `scenario` parameter could not be read: say what is wrong and that the run is shown as recorded. */
export function InvalidScenarioCallout({ issues, resetHref }: { issues: ScenarioIssue[]; resetHref: string }) {
  return (
    <div className="callout callout-error" role="alert" style={{ marginBottom: 16 }}>
      <strong>The what-if scenario in this link is not valid</strong>, so the run is shown as recorded.
      <ul style={{ margin: "6px 0", paddingLeft: 20 }}>
        {issues.map((i, n) => (
          <li key={n}>
            {i.path ? <code>{i.path}</code> : null}
            {i.path ? ": " : null}
            {i.message}
          </li>
        ))}
      </ul>
      <Link href={resetHref}>Open the run without a scenario</Link>
    </div>
  );
}

/**
 * A scenario is active: every figure below is computed under it. `name` is the saved scenario it is, when it
 * is one; `what` says what the figures are of ("the run", "both runs").
 */
export function ActiveScenarioCallout({
  description,
  resetHref,
  name = null,
  what = "the run",
}: {
  description: string[];
  resetHref: string;
  name?: string | null;
  what?: string;
}) {
  return (
    <div className="callout callout-info" style={{ marginBottom: 16 }} data-testid="scenario-active">
      {name ? (
        <>
          <strong>
            Under the saved scenario “<span data-testid="scenario-name-shown">{name}</span>”:
          </strong>{" "}
          the figures below are computed under it, not as recorded
        </>
      ) : (
        <>
          <strong>What-if:</strong> the figures below are computed under a scenario, not as recorded
        </>
      )}
      {description.length > 0 ? ` — ${description.join("; ")}` : ""}.{" "}
      <Link href={resetHref} data-testid="scenario-as-recorded">
        Back to {what} as recorded
      </Link>
    </div>
  );
}
