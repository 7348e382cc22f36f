/**
 * The static share bundle's viewer (built into one classic script, lib/export/viewer-build.mjs): renders the
 * page its HTML describes with the app's own components, the run read from run.js and data.js.
 */
import "@/app/globals.css";
import "./fonts.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { StaticSiteContext } from "@/components/ui/static-site";
import { bundleRunBase64, bundleState } from "./bundle-state";
import { ROOT_ID } from "@/lib/views/bundle-data";
import { StaticPage } from "./static-page";

const root = document.getElementById(ROOT_ID);
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StaticSiteContext.Provider value={true}>
        <StaticPage state={bundleState()} runBase64={bundleRunBase64()} />
      </StaticSiteContext.Provider>
    </StrictMode>,
  );
}
