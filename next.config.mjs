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
};

export default nextConfig;
