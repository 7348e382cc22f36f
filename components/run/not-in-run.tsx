import Link from "@/components/ui/link";
import { EmptyState } from "@/components/ui/empty-state";

/** The 404 of a task or rollout page whose run exists but does not hold it. */
export function NotInRun({ thing }: { thing: "task" | "rollout" }) {
  return (
    <EmptyState title={`No such ${thing}`}>
      <p>This {thing} is not in the run: the link may be wrong or cut short.</p>
      <p>
        <Link href="/">Back to all runs</Link>
      </p>
    </EmptyState>
  );
}
