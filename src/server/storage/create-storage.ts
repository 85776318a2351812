import { join } from "node:path";
import type { Env } from "../env.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { FileStorage } from "./storage.ts";

export const S3_KEYS_TOGETHER =
  "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's default credentials.";

/**
 * The storage the environment names: S3 when S3_BUCKET is set, else
 * DATA_DIR/files. Without S3 keys the AWS SDK's default credential chain
 * decides (empty keys would only ever be refused).
 */
export function createStorage(env: Env, dataDir: string): FileStorage {
  if (!env.S3_BUCKET) return createLocalStorage(join(dataDir, "files"));
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) throw new Error(S3_KEYS_TOGETHER);
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? "us-east-1",
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "true" : Boolean(env.S3_ENDPOINT),
  });
}
