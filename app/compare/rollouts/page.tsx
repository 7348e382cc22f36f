import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { parseSideBySide } from "@/components/side-by-side/params";
import { SideBySideView } from "@/components/side-by-side/side-by-side-view";
import { EmptyState } from "@/components/ui/empty-state";
import { loadSideBySide } from "@/lib/views/side-by-side";
import { getStore } from "@/lib/store/open-store";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Side by side" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Problems({ title, problems }: { title: string; problems: readonly string[] }) {
  return (
    <div data-testid="side-by-side-problem">
      <EmptyState title={title}>
        {problems.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <p>
          <Link href="/">Back to all runs</Link>
        </p>
      </EmptyState>
    </div>
  );
}

/** /compare/rollouts?a=<run>:<rollout>&b=…[&c=…][&d=…][&from=<row>]: two to four rollouts side by side. */
export default async function SideBySidePage({ searchParams }: Props) {
  const parsed = parseSideBySide(await searchParams);
  if (!parsed.ok) return <Problems title="Which rollouts?" problems={parsed.problems} />;
  const data = await loadSideBySide(getStore(), parsed.params);
  if (data.kind === "missing") return <Problems title="Rollout not found" problems={data.problems} />;
  return <SideBySideView data={data} />;
}
