import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
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

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...). */
export function createS3Storage(o: S3Options): FileStorage {
  const client = new S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle,
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
    maxAttempts: 2,
  });
  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
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
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: Buffer.from(await out.Body.transformToByteArray()),
          contentType: out.ContentType ?? contentTypeOf(key),
        };
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === "NoSuchKey") return null;
        throw e;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
    async *keys(folder) {
      if (folder !== undefined) assertFolder(folder);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
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
        await client.send(new HeadBucketCommand({ Bucket: o.bucket }));
      } catch (e) {
        throw new StorageUnavailableError(`S3 bucket ${o.bucket} is not reachable: ${(e as Error).message}`);
      }
    },
  };
}
