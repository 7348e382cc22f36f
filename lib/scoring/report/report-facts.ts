import type { Report } from "./report-types";

/**
 * Facts kept beside a report: those its scorer attached (read from its columns), else made from the report's
 * rows the first time they are asked, and kept per report.
 */
export function reportFacts<T>(fromRows: (report: Report) => T) {
  const kept = new WeakMap<Report, T>();
  return {
    attach: (report: Report, facts: T): void => {
      kept.set(report, facts);
    },
    of: (report: Report): T => {
      let facts = kept.get(report);
      if (facts === undefined) kept.set(report, (facts = fromRows(report)));
      return facts;
    },
  };
}
