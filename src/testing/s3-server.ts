import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// s3rver ships no types; its constructor and run/close are all we use.
// @ts-expect-error -- untyped package
import S3rver from "s3rver";
import { createS3Storage } from "#server/storage/s3-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface TestS3 {
  storage: FileStorage;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port, with one bucket, for the S3 adapter's tests. */
export async function startTestS3(bucket = "pictures"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "sr-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  return {
    storage,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
