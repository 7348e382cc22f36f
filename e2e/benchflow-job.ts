import type { APIRequestContext } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { expect } from "./fixtures";

const JOB = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "lib",
  "formats",
  "__fixtures__",
  "benchflow-job",
);

/** The BenchFlow job fixture as a .zip, the way a user would drop an archived job folder. */
export function benchflowJobZip(): Buffer {
  const entries: Record<string, Uint8Array> = {};
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), childRel);
      else entries[childRel] = new Uint8Array(fs.readFileSync(path.join(dir, entry.name)));
    }
  };
  walk(JOB, "");
  return Buffer.from(zipSync(entries));
}

/** Uploads the BenchFlow job (5 rollouts, 1 unscored, 1 regraded) as run `name`; returns its id and the answer. */
export async function uploadBenchflowJob(
  request: APIRequestContext,
  name: string,
  fields: { model?: string; agent?: string } = {},
): Promise<{ id: string; body: Record<string, unknown> }> {
  const upload = await request.post("/api/runs", {
    multipart: {
      run: name,
      ...fields,
      files: { name: "benchflow-job.zip", mimeType: "application/zip", buffer: benchflowJobZip() },
    },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const body = (await upload.json()) as { runs: { id: string; name: string }[] } & Record<string, unknown>;
  const run = body.runs.find((r) => r.name === name);
  expect(run, `run ${name}`).toBeDefined();
  return { id: run!.id, body };
}
