import type { ReactNode } from "react";

/**
 * The field asking for the server's ingest token before a write (upload, run changes, saving a scenario). The
 * input has no name: the token is never part of a form submission, only the Authorization header.
 */
export function IngestTokenField({
  value,
  onChange,
  className,
  testId,
  children,
}: {
  value: string;
  onChange: (token: string) => void;
  className?: string;
  testId: string;
  /** A note under the input. */
  children?: ReactNode;
}) {
  return (
    <label className={className}>
      <span>Ingest token</span>
      <input
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="TALLY_INGEST_TOKEN"
        data-testid={testId}
      />
      {children}
    </label>
  );
}
