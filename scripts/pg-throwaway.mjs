// A throwaway PostgreSQL cluster for tests and for computing migrations: initdb into a temp folder, start on
// a free loopback port, stop and delete on `stop()`. Needs Debian's postgresql server binaries.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function findBin() {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(base, v, "bin");
    if (fs.existsSync(path.join(bin, "initdb"))) return bin;
  }
  throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: run the server binaries as the postgres user when we are root. */
function asPostgres(cmd, args) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(cmd)} failed: ${result.stderr || result.stdout}`);
}

export async function startPostgres() {
  const bin = findBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-pg-"));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres", dir]);
  asPostgres(path.join(bin, "initdb"), ["-A", "trust", "-U", "postgres", "-D", data, "--no-sync", "-E", "UTF8"]);
  asPostgres(path.join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
  ]);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asPostgres(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url, port, stop };
}
