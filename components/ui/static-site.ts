import { createContext, useContext } from "react";

/**
 * True inside a static share bundle (components/export): no server answers there, so controls that call the
 * API (baseline, rename, downloads from /api) are left out of the shared pages.
 */
export const StaticSiteContext = createContext(false);

export function useStaticSite(): boolean {
  return useContext(StaticSiteContext);
}
