// Types for scripts/check-doc-paths.mjs (imported by scripts/check-doc-paths.test.ts).
export interface MissingPath {
  page: string;
  line: number;
  path: string;
}
/** GitHub's anchor for a heading. */
export declare function slug(heading: string): string;
/** Every missing repository path that README.md and the pages under docs/ of `root` name. */
export declare function missingDocPaths(root: string): MissingPath[];
