export * from "./types";
export { draftStep, buildTrace, stepMetrics, type StepDraft, type TraceParts } from "./build";
export { linkByAdjacency } from "./link";
export { traceTotals } from "./totals";
export { jsonContent, contentText, stepImages } from "./content";
export { rawTrace, noTrace, RAW_TEXT_LIMIT } from "./raw";
export { pageSteps, ZTracePageQuery, MAX_PAGE_LIMIT, type TracePage, type TTracePageQuery } from "./page";
export {
  evidenceIndex,
  resolveEvidence,
  resolveAll,
  citedRefs,
  type EvidenceIndex,
  type ResolvedRef,
} from "./evidence";
export { alignByToolCalls, MAX_ALIGN_CELLS, type Alignment, type AlignedRow, type CallAt } from "./align";
export { alignToFirst, unitsOf, type Divergence, type ManyAlignment, type ManyRow, type Unit } from "./align-many";
export {
  alignedColumns,
  alignedColumnsOf,
  windowStart,
  ALIGNED_ROWS_PER_PAGE,
  CALL_TEXT_LIMIT,
  type CallCell,
  type MessageCell,
  type StepCell,
  type ColumnCell,
  type ColumnsRow,
  type ColumnsWindow,
} from "./side-by-side";
export { touchedCollections, type StateDiff, type CollectionDiff } from "./state-diff";
export { summariseTrace, lastToolOf, type TraceSummary } from "./summary";
export {
  imageDisplay,
  sniffInlineImage,
  INLINE_IMAGE_TYPES,
  DATA_IMAGE_CAP,
  type ImageDisplay,
  type InlineImageType,
} from "./images";
export {
  TRACE_INDEX_VERSION,
  MAX_INDEXED_ERRORS,
  packSteps,
  stepAt,
  chunksOf,
  packedLengthFits,
  type IndexedStep,
  type IndexedRefs,
  type PackedSteps,
  type TraceIndexSummary,
} from "./trace-index";
export { cutLongTexts, CUT_TEXT_CHARS } from "./cut";
