/**
 * Where uploaded pictures and rendered share images live: a folder under
 * DATA_DIR (default) or an S3-compatible bucket (S3_* variables). Keys are
 * content-addressed or versioned by their callers, so an object never
 * changes once written and may be cached for good.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** The keys under a folder (`prefix/`, e.g. "share/abc/"), for removing a thing's older versions. */
  list(folder: string): Promise<string[]>;
  /** Throws StorageUnavailableError when the storage cannot be reached. */
  check(): Promise<void>;
}

export class StorageUnavailableError extends Error {}

/** Keys are ours (prefix/hex-name.ext): refuse anything else before it reaches a path or a bucket. */
export const STORAGE_KEY = /^[a-z]+(\/[A-Za-z0-9_-]{1,128}){1,3}\.(webp|png)$/;

export function assertKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
}

/** A folder of keys: a prefix and up to two segments, with a trailing slash. */
export const STORAGE_FOLDER = /^[a-z]+(\/[A-Za-z0-9_-]{1,128}){0,2}\/$/;

export function assertFolder(folder: string): void {
  if (!STORAGE_FOLDER.test(folder)) throw new Error(`invalid storage folder: ${folder}`);
}

export const contentTypeOf = (key: string) => (key.endsWith(".png") ? "image/png" : "image/webp");
