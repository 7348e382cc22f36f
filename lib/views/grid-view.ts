import type { GridColumn, GridCellView, GridRowView } from "./check-views";

/** What the checks × rollouts grid draws (shaped in lib/views/check-views.ts): its columns and a page of rows. */
export type { GridColumn, GridCellView, GridRowView };

/** The grid of one task: its rollouts (columns) and where its rows come from. */
export interface GridView {
  runId: string;
  taskKey: string;
  columns: GridColumn[];
}

/**
 * Where the grid's rows come from: the grid API a page at a time (the page came with the first rows), or, in a
 * shared copy, every row at hand. `failing` lists only the checks that fail somewhere.
 */
export type GridSource =
  | {
      kind: "api";
      /** The task's grid API: lib/api/client-routes.ts apiUrls.taskGrid(runId, taskKey, scenario). */
      runId: string;
      taskKey: string;
      scenario: string | null;
      total: number;
      failingTotal: number;
      first: GridRowView[];
    }
  | { kind: "local"; rows: GridRowView[]; failing: GridRowView[] };
