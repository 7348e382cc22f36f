import Link from "@/components/ui/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function RunNotFound() {
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/">Runs</Link> / not found
      </nav>
      <EmptyState title="No such run">
        <p>
          There is no run with this id. Pick one from the <Link href="/">runs list</Link>, or{" "}
          <Link href="/upload">upload results</Link> to create a new one.
        </p>
      </EmptyState>
    </>
  );
}
