import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function RolloutNotFound() {
  return (
    <EmptyState title="No such rollout">
      <p>This rollout is not in the run: the link may be wrong, or the run was deleted.</p>
      <p>
        <Link href="/">Back to all runs</Link>
      </p>
    </EmptyState>
  );
}
