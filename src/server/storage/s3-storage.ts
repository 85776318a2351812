import type * as S3Sdk from "@aws-sdk/client-s3";
import {
  assertFolder,
  assertKey,
  contentTypeOf,
  type FileStorage,
  StorageUnavailableError,
} from "./storage.ts";

export interface S3Options {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  /**
   * Both or neither: without them the AWS SDK finds credentials itself (its
   * default chain: AWS_* variables, shared config files, the container's or
   * instance's role), as the operator of a cloud host expects.
   */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style addressing (http://host/bucket/key), which most self-hosted servers need. */
  forcePathStyle: boolean;
}

type Sdk = typeof S3Sdk;

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...). The AWS SDK is loaded
 * at the first use of the bucket, not when the server starts, which every
 * install storing its files on disk (the default) would pay for nothing:
 * with the other packages loaded this way, about 9 MB of memory and a
 * quarter of a second of start-up (docs/performance.md, "Packages loaded
 * when first needed").
 */
export function createS3Storage(o: S3Options): FileStorage {
  let connecting: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | null = null;
  const connect = () =>
    (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: clientOf(sdk, o) })));
  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: o.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      assertKey(key);
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: o.bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: Buffer.from(await out.Body.transformToByteArray()),
          contentType: out.ContentType ?? contentTypeOf(key),
        };
      } catch (e) {
        if (e instanceof sdk.NoSuchKey || (e as { name?: string }).name === "NoSuchKey") return null;
        throw e;
      }
    },
    async delete(key) {
      assertKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
    async *keys(folder) {
      if (folder !== undefined) assertFolder(folder);
      const { sdk, client } = await connect();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: o.bucket,
            ...(folder ? { Prefix: folder } : {}),
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      try {
        const { sdk, client } = await connect();
        await client.send(new sdk.HeadBucketCommand({ Bucket: o.bucket }));
      } catch (e) {
        throw new StorageUnavailableError(`S3 bucket ${o.bucket} is not reachable: ${(e as Error).message}`);
      }
    },
  };
}

function clientOf(sdk: Sdk, o: S3Options): S3Sdk.S3Client {
  return new sdk.S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle,
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
    maxAttempts: 2,
  });
}
