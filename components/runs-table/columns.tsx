import Link from "@/components/ui/link";
import { runHref, seriesHref } from "@/lib/views/hrefs";
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
} from "@tanstack/react-table";
import {
  compactCount,
  count,
  coverageText,
  dateTime,
  deltaPp,
  duration,
  isPartial,
  metricText,
  metricTitle,
  pct,
  plural,
  usd,
} from "@/lib/display/format";
import type { RunListItem } from "@/lib/views/records";
import { metricKind } from "@/lib/scoring/core/dimensions";
import { LiveBadge } from "@/components/live/live-badge";
import { partialCoverage } from "@/lib/display/measures";
import { runFigure, runFigureText } from "./run-figures";
import type { RunSortKey } from "./runs-view";
import styles from "./runs-table.module.css";

export const runsTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

/** Columns holding figures: right-aligned, tabular, sorted high-to-low first. */
export const NUMERIC_COLUMNS: ReadonlySet<string> = new Set<RunSortKey>([
  "tasks",
  "rollouts",
  "passRate",
  "completion",
  "correctness",
  "meanReward",
  "warnings",
  "costUsd",
  "tokens",
  "durationMs",
]);

/** Columns of what a run spent: shown only when some listed run records the measure. */
export const TOTAL_COLUMNS = ["costUsd", "tokens", "durationMs"] as const;

const helper = createColumnHelper<typeof runsTableFeatures, RunListItem>();

// Missing values come back as undefined so `sortUndefined: "last"` keeps them at the bottom in both directions.
const text = (value: string | null | undefined) => (value === null || value === "" ? undefined : value);
const figure = (value: number | null | undefined) => (value === null || Number.isNaN(value) ? undefined : value);

function Missing() {
  return <span className="muted">—</span>;
}

/** "13 of 425 recorded" under a total some rollouts of the run do not record (nothing when all do). */
function TotalCoverage({ run, measure }: { run: RunListItem; measure: (typeof TOTAL_COLUMNS)[number] }) {
  const recorded = run.summary?.totals?.recorded?.[measure];
  const rollouts = run.summary?.rollouts;
  const text = recorded === undefined || rollouts === undefined ? null : partialCoverage(recorded, rollouts);
  if (text === null) return null;
  return (
    <span
      className={`${styles.caption} ${styles.coverage}`}
      data-testid="total-coverage"
      title="The total sums the rollouts that record this measure only"
    >
      {text}
    </span>
  );
}

/** Long agent and model names stay on one line; the full text is in the tooltip. */
function Clipped({ value }: { value: string | undefined }) {
  if (value === undefined) return <Missing />;
  return (
    <span className={styles.clip} title={value}>
      {value}
    </span>
  );
}

/**
 * On a phone the metric columns are off to the side: the run's headline goes under its name, with its metric
 * named, so each row still leads with the figure its page leads with (hidden on wider screens).
 */
function NarrowHeadline({ run }: { run: RunListItem }) {
  const h = run.summary?.headline;
  if (!h || h.value === null) return null;
  return (
    <span className={styles.narrowHeadline} aria-hidden>
      {metricTitle(h.metric)} {metricText(metricKind(h.metric), h.value)}
    </span>
  );
}

function Meter({ value }: { value: number }) {
  return (
    <span className={styles.meter} aria-hidden>
      <span className={styles.meterFill} style={{ width: `${Math.max(0, Math.min(1, value)) * 100}%` }} />
    </span>
  );
}

/**
 * Completion or correctness, the same column for every run; the run's headline metric (what its page leads
 * with) is marked, with its difference to the baseline.
 */
function metricColumn(id: "completion" | "correctness", header: string) {
  return helper.accessor((r) => figure(runFigure(r, id)), {
    id,
    header,
    ...numberColumn,
    cell: ({ row, getValue }) => {
      const value = getValue();
      const headline = row.original.summary?.headline;
      const isHeadline = headline?.metric === id;
      if (value === undefined) return <Missing />;
      const coverage = row.original.summary?.coverage?.[id] ?? undefined;
      return (
        <>
          <span className={isHeadline ? styles.headlineValue : undefined}>{runFigureText(value, id)}</span>
          {coverage && isPartial(coverage) ? (
            <span
              className={`${styles.caption} ${styles.partial}`}
              data-testid="figure-coverage"
              title={`Computed over ${coverageText(coverage)} of this run: the others have no eligible rollout`}
            >
              {coverageText(coverage)}
            </span>
          ) : null}
          {isHeadline ? (
            <span
              className={styles.caption}
              title={`The figure this run's page leads with (the ${headline.scheme} weighting scheme)`}
            >
              headline
            </span>
          ) : null}
          {isHeadline && row.original.deltaToBaseline != null ? (
            <span
              className={styles.caption}
              data-testid="delta-to-baseline"
              title="Headline difference to the baseline run (not paired: open Compare for intervals)"
            >
              {deltaPp(row.original.deltaToBaseline)} vs baseline
            </span>
          ) : null}
          {isHeadline && row.original.declared ? (
            <span
              className={styles.caption}
              data-testid="declared-headline"
              title={`The team's declared scenario “${row.original.declared.name}”: ${row.original.declared.metric} · ${row.original.declared.scheme}`}
            >
              {pct(row.original.declared.value)} under “{row.original.declared.name}”
            </span>
          ) : null}
        </>
      );
    },
  });
}

const textColumn = { sortFn: "alphanumeric", sortUndefined: "last" } as const;
const numberColumn = { sortFn: "basic", sortUndefined: "last", sortDescFirst: true } as const;

const columns = helper.columns([
  helper.display({
    id: "select",
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select every run shown"
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.name}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  }),
  helper.accessor((r) => r.name, {
    id: "name",
    header: "Run",
    ...textColumn,
    cell: ({ row }) => (
      <span className={styles.nameCell}>
        <Link href={runHref(row.original.id)} className={styles.runLink}>
          {row.original.name}
        </Link>
        {row.original.live ? <LiveBadge /> : null}
        {row.original.baseline ? <span className="badge badge-accent">baseline</span> : null}
        {row.original.series !== null ? (
          <Link href={seriesHref(row.original.series)} className="badge" data-testid="run-series">
            series: {row.original.series}
          </Link>
        ) : null}
        {row.original.tags.map((tag) => (
          <span key={tag} className="badge" data-testid="run-tag">
            {tag}
          </span>
        ))}
        <NarrowHeadline run={row.original} />
      </span>
    ),
  }),
  helper.accessor((r) => text(r.agent), {
    id: "agent",
    header: "Agent",
    ...textColumn,
    cell: ({ getValue }) => <Clipped value={getValue()} />,
  }),
  helper.accessor((r) => text(r.model), {
    id: "model",
    header: "Model",
    ...textColumn,
    cell: ({ getValue }) => <Clipped value={getValue()} />,
  }),
  helper.accessor((r) => r.format, {
    id: "format",
    header: "Format",
    ...textColumn,
    cell: ({ getValue }) => <span className={styles.format}>{getValue()}</span>,
  }),
  helper.accessor((r) => r.createdAt ?? r.ingestedAt, {
    id: "date",
    header: "Date",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => {
      const { createdAt, ingestedAt } = row.original;
      const title = createdAt
        ? `Created ${dateTime(createdAt)} UTC · ingested ${dateTime(ingestedAt)} UTC`
        : `Ingested ${dateTime(ingestedAt)} UTC (the files carry no date)`;
      const [day, time] = dateTime(createdAt ?? ingestedAt).split(" ");
      return (
        <time dateTime={createdAt ?? ingestedAt} title={title} className={styles.date}>
          {day}
          {time ? <span className={styles.caption}>{time} UTC</span> : null}
        </time>
      );
    },
  }),
  helper.accessor((r) => figure(r.summary?.tasks), {
    id: "tasks",
    header: "Tasks",
    ...numberColumn,
    cell: ({ getValue }) => getValue() ?? <Missing />,
  }),
  helper.accessor((r) => figure(r.summary?.rollouts), {
    id: "rollouts",
    header: "Rollouts",
    ...numberColumn,
    cell: ({ row, getValue }) => {
      const unscored = row.original.summary?.unscored ?? 0;
      return (
        <>
          {getValue() ?? <Missing />}
          {unscored > 0 ? (
            <span className={styles.caption} title="No reward and no graded check: left out of every mean">
              {unscored} unscored
            </span>
          ) : null}
        </>
      );
    },
  }),
  helper.accessor((r) => figure(runFigure(r, "passRate")), {
    id: "passRate",
    header: "Pass rate",
    ...numberColumn,
    cell: ({ getValue }) => {
      const value = getValue();
      if (value === undefined) return <Missing />;
      return (
        <span className={styles.withMeter}>
          <Meter value={value} />
          {pct(value)}
        </span>
      );
    },
  }),
  metricColumn("completion", "Completion"),
  metricColumn("correctness", "Correctness"),
  helper.accessor((r) => figure(runFigure(r, "meanReward")), {
    id: "meanReward",
    header: "Mean reward",
    ...numberColumn,
    // Fixed decimals so the column lines up on the point.
    cell: ({ getValue }) => {
      const value = getValue();
      return value === undefined ? <Missing /> : runFigureText(value, "meanReward");
    },
  }),
  helper.accessor((r) => figure(r.summary?.totals?.costUsd), {
    id: "costUsd",
    header: "Cost",
    ...numberColumn,
    cell: ({ row, getValue }) => {
      const value = getValue();
      if (value === undefined) return <Missing />;
      return (
        <>
          {usd(value)}
          <TotalCoverage run={row.original} measure="costUsd" />
        </>
      );
    },
  }),
  helper.accessor((r) => figure(r.summary?.totals?.tokens), {
    id: "tokens",
    header: "Tokens",
    ...numberColumn,
    cell: ({ row, getValue }) => {
      const value = getValue();
      if (value === undefined) return <Missing />;
      return (
        <>
          <span title={`${count(value)} tokens`}>{compactCount(value)}</span>
          <TotalCoverage run={row.original} measure="tokens" />
        </>
      );
    },
  }),
  helper.accessor((r) => figure(r.summary?.totals?.durationMs), {
    id: "durationMs",
    header: "Duration",
    ...numberColumn,
    cell: ({ row, getValue }) => {
      const value = getValue();
      if (value === undefined) return <Missing />;
      return (
        <>
          {duration(value)}
          <TotalCoverage run={row.original} measure="durationMs" />
        </>
      );
    },
  }),
  helper.accessor((r) => figure(r.summary?.warnings), {
    id: "warnings",
    // A narrow column: the sign as its header, the word for screen readers and in the tooltip.
    header: () => (
      <span title="Warnings">
        <span aria-hidden>⚠</span>
        <span className="visually-hidden">Warnings</span>
      </span>
    ),
    ...numberColumn,
    cell: ({ getValue }) => {
      const count = getValue() ?? 0;
      if (count === 0) return null;
      return (
        <span className="badge badge-warn" title={`${plural(count, "warning")}: open the run to read them`}>
          <span aria-hidden>⚠</span> {count}
          <span className="visually-hidden"> {count === 1 ? "warning" : "warnings"}</span>
        </span>
      );
    },
  }),
]);

/**
 * The run, then its figures, then who ran it and what it spent: on a phone the run's name (pinned) has its
 * pass rate and headline beside it, not its agent and model. Columns not listed keep their place at the end.
 */
const COLUMN_ORDER = [
  "select",
  "name",
  "passRate",
  "completion",
  "correctness",
  "meanReward",
  "tasks",
  "rollouts",
  "agent",
  "model",
  "format",
  "date",
];
const rankOf = (id: string | undefined) => {
  const i = COLUMN_ORDER.indexOf(id ?? "");
  return i === -1 ? COLUMN_ORDER.length : i;
};

export const runsColumns = columns
  .map((column, i) => ({ column, i }))
  .sort((x, y) => rankOf(x.column.id) - rankOf(y.column.id) || x.i - y.i)
  .map(({ column }) => column);
