/** TALLY_MAX_UPLOAD_BYTES as lib/env.ts reads it (that module is TypeScript; the app validates the value itself). */
function uploadLimit() {
  const value = Number(process.env.TALLY_MAX_UPLOAD_BYTES ?? "");
  return Number.isSafeInteger(value) && value > 0 ? value : 50 * 1024 * 1024;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and driver packages stay in node_modules; Next must not bundle them.
  // esbuild builds the static share bundle's viewer on first use (lib/export/viewer-build.mjs).
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg", "esbuild"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the project (tsc --noEmit, scripts/check.mjs); the build doing it again cost 47 s of
  // every CI run and of a newcomer's first `npm start`.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // With proxy.ts in place Next.js copies every request body for it and silently cuts the copy at 10 MB, so
    // uploads of 10–50 MB reached POST /api/runs truncated. Read at `next start` (this file is loaded at run
    // time), one MiB above the upload limit: a body cut there is still larger than the limit, and
    // lib/api/read-upload.ts answers it 413 rather than "could not be read".
    proxyClientMaxBodySize: uploadLimit() + 1024 * 1024,
  },
};

export default nextConfig;
