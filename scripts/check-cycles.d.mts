// Types for scripts/check-cycles.mjs (imported by scripts/check-cycles.test.ts).
export interface ExampleImport {
  file: string;
  source: string;
}
export type FolderGraph = Map<string, Map<string, ExampleImport>>;
/** The folder → folder import graph of the production files under `root` (which holds tsconfig.json). */
export declare function folderGraph(root: string): FolderGraph;
/** Each cycle as the chain of folders it walks, the first repeated at the end. */
export declare function findCycles(graph: FolderGraph): string[][];
/** A chain line per cycle, then one example import per edge. */
export declare function describeCycles(graph: FolderGraph, cycles: string[][]): string;
