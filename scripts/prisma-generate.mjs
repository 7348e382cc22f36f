// postinstall: generate both Prisma clients (SQLite and PostgreSQL) without the native schema engine,
// which Prisma would download from its own host: generation does not need it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { SCHEMAS, root, writePostgresSchema } from "./prisma-schemas.mjs";

writePostgresSchema();
const prisma = path.join(root, "node_modules/prisma/build/index.js");
for (const schema of Object.values(SCHEMAS)) {
  const result = spawnSync(process.execPath, [prisma, "generate", "--schema", schema], {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
}
console.log("prisma: generated clients for sqlite and postgres");
