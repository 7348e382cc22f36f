/** The static bundle viewer's script and stylesheet (viewer-build.mjs). */
export function viewerAssets(): Promise<{ js: string; css: string }>;
