import type { UrlCodec } from "@/components/url-state/url-codec";

export const WHATIF_TABS = ["verdicts", "weights", "rules", "budget"] as const;
export type WhatIfTab = (typeof WHATIF_TABS)[number];

/**
 * The open what-if tab as it lives in the URL (`whatif=`), so a shared link opens where it was made; null when
 * the URL names none (or no known one): the panel's default tab for the run. Every other parameter is kept.
 */
export const whatIfTabCodec: UrlCodec<WhatIfTab | null> = {
  parse: (params) => WHATIF_TABS.find((t) => t === params.get("whatif")) ?? null,
  write: (tab, search) => {
    const params = new URLSearchParams(search);
    if (tab === null) params.delete("whatif");
    else params.set("whatif", tab);
    return params.toString();
  },
};
