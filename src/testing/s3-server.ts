import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
// s3rver ships no types; its constructor and run/close are all we use.
// @ts-expect-error -- untyped package
import S3rver from "s3rver";
import { createS3Storage } from "#server/storage/s3-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface TestS3 {
  storage: FileStorage;
  /** The server's address, for an S3_ENDPOINT. */
  endpoint: string;
  /** Every object key in the bucket, sorted: what a test expects to find written. */
  keys(): Promise<string[]>;
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
  const options = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
  const storage = createS3Storage({ ...options, ...options.credentials, bucket });
  const client = new S3Client(options);
  return {
    storage,
    endpoint: options.endpoint,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
