import { zipBomb } from "../lib/ingest/__fixtures__/hostile-corpus";
import { expect, test } from "./fixtures";

// Upload limits against the real server (`tally serve`): a route handler called in a unit test never meets the
// framework's own body limit, which cut every upload at 10 MB while the documented limit is 50 MB.

test.describe.configure({ timeout: 120_000 });

const MB = 1000 * 1000;

/** A Silo result padded with trailing whitespace to `bytes` (JSON allows it): big on the wire, cheap to parse. */
function paddedResult(bytes: number, tag: string): Buffer {
  const head = JSON.stringify({
    taskId: `e2e-body-${tag}`,
    passed: true,
    reward: 1,
    checks: [{ label: "The body arrived whole", passed: true, required: true }],
  });
  const out = Buffer.alloc(bytes, 0x20);
  out.write(head, 0, "utf8");
  return out;
}

const tagOf = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

test("a 45 MB upload is stored whole; a 60 MB one is answered 413 naming TALLY_MAX_UPLOAD_BYTES", async ({
  request,
}) => {
  const tag = tagOf();
  const ok = await request.post("/api/runs", {
    multipart: {
      files: { name: `body-${tag}.result.json`, mimeType: "application/json", buffer: paddedResult(45 * MB, tag) },
      run: `e2e-body-${tag}`,
    },
  });
  expect(ok.status()).toBe(201);
  const stored = (await ok.json()) as { runs: { id: string; rollouts: number }[]; accepted: string[] };
  expect(stored.accepted).toEqual([`body-${tag}.result.json`]);
  expect(stored.runs[0]!.rollouts).toBe(1);
  // Leave the shared e2e database as it was.
  expect((await request.delete(`/api/runs/${stored.runs[0]!.id}`)).status()).toBe(204);

  const big = await request.post("/api/runs", {
    multipart: { files: { name: "big.result.json", mimeType: "application/json", buffer: paddedResult(60 * MB, tag) } },
  });
  expect(big.status()).toBe(413);
  const error = ((await big.json()) as { error: { code: string; message: string } }).error;
  expect(error.code).toBe("too_large");
  expect(error.message).toContain("52428800 bytes (TALLY_MAX_UPLOAD_BYTES)");
});

test("small zips that expand to 464 MiB each are answered 413, one for what it would store, three together for what they expand to", async ({
  request,
}) => {
  const zip = new Uint8Array(zipBomb(464));
  expect(zip.byteLength).toBeLessThan(600_000);
  const upload = (names: string[]) => {
    const form = new FormData();
    for (const name of names) form.append("files", new File([zip], name, { type: "application/zip" }));
    return request.post("/api/runs", { multipart: form });
  };
  const one = await upload(["a.zip"]);
  expect(one.status()).toBe(413);
  expect(((await one.json()) as { error: { details: unknown } }).error.details).toEqual({
    limit: 268435456,
    setting: "TALLY_MAX_STORED_BYTES",
  });

  const three = await upload(["a.zip", "b.zip", "c.zip"]);
  expect(three.status()).toBe(413);
  const error = ((await three.json()) as { error: { message: string; details: unknown } }).error;
  expect(error.message).toContain("536870912 bytes (512 MiB) (TALLY_MAX_EXPANDED_BYTES");
  expect(error.details).toEqual({ limit: 536870912, setting: "TALLY_MAX_EXPANDED_BYTES" });
});
