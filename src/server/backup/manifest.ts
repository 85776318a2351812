import { z } from "zod";
import { RefusedBackupError } from "./errors.ts";

/**
 * manifest.json, the first entry of every backup: what the file holds, so a
 * restore can check each later entry against it before acting on any.
 */

export const FORMAT = "survivor-rankings-backup";
/** 1: db.sql was SQL statements, run as they were (decision 015 says why that ended). 2: data only. */
export const VERSION = 2;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  createdAt: z.string().max(40),
  /** The engine the backup was taken from; any engine restores it. */
  database: z.enum(["pglite", "postgres"]),
  /** The tool that wrote db.sql, for the operator's eyes. */
  dumpedBy: z.string().max(200),
  /** Hashes of the migrations the source had applied, in order: the schema the data belongs to. */
  migrations: z.array(sha256).max(10_000),
  /** Rows per table ("public.user") in db.sql. */
  tables: z.record(z.string().max(300), z.number().int().nonnegative()),
  rows: z.number().int().nonnegative(),
  dump: z.strictObject({ size: z.number().int().nonnegative(), sha256 }),
  files: z.number().int().nonnegative(),
  authSecret: z.boolean(),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** The largest manifest.json restore reads; a real one is a few kilobytes. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

export function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new RefusedBackupError("This is not a Survivor Rankings backup: its manifest.json is not JSON.");
  }
  const head = json as { format?: unknown; version?: unknown } | null;
  if (head?.format !== FORMAT) throw new RefusedBackupError("This is not a Survivor Rankings backup.");
  if (head.version === 1) {
    throw new RefusedBackupError(
      "This backup was written by an older version (format 1), whose restore ran the SQL inside the file; this version loads only data and cannot read it. Restore it with the version that wrote it, and only if you trust the file, then take a new backup.",
    );
  }
  if (typeof head.version === "number" && head.version > VERSION) {
    throw new RefusedBackupError("This backup was written by a newer version; restore it with that version.");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new RefusedBackupError(
      `This backup's manifest.json is damaged: ${parsed.error.issues[0]?.path.join(".") ?? ""} ${parsed.error.issues[0]?.message ?? ""}`.trim(),
    );
  }
  return parsed.data;
}
