/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and driver packages stay in node_modules; Next must not bundle them.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
