/*
 * The stored records a view hands to components as they are (a run in the runs table, a rollout's head, its
 * checks): components import these types from here, never from lib/store.
 */
export type { CheckHead, RolloutHead, RunListItem, RunSummary, SharedRollouts, TaskHead } from "@/lib/store/records";
