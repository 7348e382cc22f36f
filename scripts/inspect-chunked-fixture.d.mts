// Types for scripts/inspect-chunked-fixture.mjs (imported by lib/formats/inspect/chunked.test.ts).
/** One monolith sample's entries in the chunked layout, by entry name, as JSON text. */
export declare function chunkedEntries(
  sample: Record<string, unknown>,
  chunkSize: number,
  attachmentsChunkBytes: number,
): Record<string, string>;
