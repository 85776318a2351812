import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { loadSharp } from "../../media/sharp-on-demand.ts";
import type { Db } from "../../db/client.ts";
import type { Store } from "../../store.ts";
import { user } from "../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import type { MediaService } from "../../media/media.service.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { PICTURE_LIMITS, PICTURE_MESSAGES } from "#shared/pictures.ts";
import { TIMERS_MS } from "#shared/limits.ts";

/** Where uploaded pictures are served from; the rest of the path is the storage key. */
export const FILES_PREFIX = "/files/";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

export interface PictureState {
  url: string | null;
  lastRolledHeadshot: string | null;
  lastRerollTime: string | null;
  /** When a re-roll is allowed again; null when it is allowed now. */
  nextRerollAt: string | null;
}

/** The media source's random headshot (seasons 1 to 46), other than `avoid` when it can be. */
async function randomHeadshot(media: Headshots, avoid?: string | null): Promise<string | null> {
  let url: string | null = null;
  for (let attempt = 0; attempt <= PICTURE_LIMITS.headshotRetries; attempt++) {
    url = await media.randomHeadshotUrl();
    if (url !== avoid) return url;
  }
  return url;
}

type Headshots = Pick<MediaService, "randomHeadshotUrl">;

/** Users from before pictures existed get their random headshot (docs/product.md, Profiles and pictures: assigned and saved automatically). */
export async function assignMissingHeadshots(db: Db, media: Headshots): Promise<number> {
  const missing = await db.select({ id: user.id }).from(user).where(isNull(user.profilePictureUrl));
  // A thousand members an UPDATE: an install upgraded with 100,000 members
  // starts in seconds, not in minutes of one-row statements.
  for (let from = 0; from < missing.length; from += 1000) {
    const rows = [];
    for (const u of missing.slice(from, from + 1000)) {
      const url = await media.randomHeadshotUrl();
      if (url) rows.push(sql`(${u.id}, ${url})`);
    }
    if (rows.length === 0) continue;
    await db.execute(sql`
      UPDATE "user" SET profile_picture_url = v.url, last_rolled_headshot = v.url
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, url)
      WHERE "user".id = v.id AND "user".profile_picture_url IS NULL`);
  }
  return missing.length;
}

async function stateOf(db: Db, userId: string): Promise<PictureState> {
  const [u] = await db
    .select({
      url: user.profilePictureUrl,
      lastRolledHeadshot: user.lastRolledHeadshot,
      lastRerollTime: user.lastRerollTime,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!u) throw notFound("User profile not found.");
  const next = u.lastRerollTime ? u.lastRerollTime.getTime() + TIMERS_MS.rerollCooldown : 0;
  return {
    url: u.url,
    lastRolledHeadshot: u.lastRolledHeadshot,
    lastRerollTime: u.lastRerollTime?.toISOString() ?? null,
    nextRerollAt: next > Date.now() ? new Date(next).toISOString() : null,
  };
}

export const pictureOf = (db: Db, userId: string) => stateOf(db, userId);

/** The storage keys behind one of our uploaded pictures' URLs (both sizes), or none. */
function keysOf(url: string | null): string[] {
  if (!url?.startsWith(FILES_PREFIX)) return [];
  const key = url.slice(FILES_PREFIX.length);
  return [key, key.replace(/-256\.webp$/, "-64.webp")];
}

async function forget(storage: FileStorage, url: string | null) {
  // Best effort: an object left behind is whole and unreferenced, never served stale.
  await Promise.all(keysOf(url).map((k) => storage.delete(k).catch(() => {})));
}

/** Checks the bytes are a picture we take, and makes its two sizes (metadata stripped). */
async function encode(bytes: Buffer): Promise<{ large: Buffer; small: Buffer }> {
  if (bytes.length === 0) throw new ApiError(400, "NO_FILE", PICTURE_MESSAGES.noFileOrUser);
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: PICTURE_LIMITS.maxPixels }).metadata()).format;
  } catch (e) {
    throw refusal(e);
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new ApiError(400, "NOT_AN_IMAGE", PICTURE_MESSAGES.invalidFile);
  const render = (size: number) =>
    sharp(bytes, { limitInputPixels: PICTURE_LIMITS.maxPixels, failOn: "error" })
      .rotate()
      .resize(size, size, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  try {
    const [large, small] = await Promise.all([render(256), render(64)]);
    return { large, small };
  } catch (e) {
    throw refusal(e);
  }
}

/** sharp's complaint as our answer: a decompression bomb is 413, anything else is not a picture. */
function refusal(e: unknown): ApiError {
  if (/pixel limit/i.test((e as Error)?.message ?? "")) {
    return new ApiError(413, "TOO_MANY_PIXELS", PICTURE_MESSAGES.tooManyPixels);
  }
  return new ApiError(400, "NOT_AN_IMAGE", PICTURE_MESSAGES.invalidFile);
}

const uploading = new Set<string>();

/** Whether one of this member's uploads is running in this process (it holds their slot). */
export const isUploading = (userId: string): boolean => uploading.has(userId);

/**
 * Stores a new profile picture: encoded first, both sizes written under a
 * name taken from their content, then the user row points at them, then the
 * old picture's objects go. A failure at any step leaves the old picture.
 * The upload counts as running from before its body is read (`read`), so a
 * second one sent while the first is still arriving is refused too.
 */
export async function uploadPicture(
  store: Store,
  storage: FileStorage,
  userId: string,
  read: () => Promise<Buffer>,
): Promise<PictureState> {
  if (uploading.has(userId)) throw new ApiError(409, "UPLOAD_RUNNING", PICTURE_MESSAGES.uploadRunning);
  uploading.add(userId);
  try {
    const { large, small } = await encode(await read());
    const hash = createHash("sha256").update(large).digest("hex").slice(0, 32);
    const base = `avatars/${userId}/${hash}`;
    try {
      await storage.put(`${base}-256.webp`, large, "image/webp");
      await storage.put(`${base}-64.webp`, small, "image/webp");
    } catch {
      await forget(storage, `${FILES_PREFIX}${base}-256.webp`);
      throw new ApiError(503, "STORAGE_UNAVAILABLE", PICTURE_MESSAGES.storageUnavailable);
    }
    const url = `${FILES_PREFIX}${base}-256.webp`;
    const { db } = store;
    const before = await stateOf(db, userId);
    await db.update(user).set({ profilePictureUrl: url }).where(eq(user.id, userId));
    await store.events.emit("member-changed", { userId });
    if (before.url !== url) await forget(storage, before.url);
    return stateOf(db, userId);
  } finally {
    uploading.delete(userId);
  }
}

/** A new random headshot, once per 24 hours whatever the client sends. */
export async function rerollPicture(
  store: Store,
  storage: FileStorage,
  media: Headshots,
  userId: string,
): Promise<PictureState> {
  const { db } = store;
  const before = await stateOf(db, userId);
  if (before.nextRerollAt) throw new ApiError(429, "REROLL_COOLDOWN", PICTURE_MESSAGES.cooldown);
  const url = await randomHeadshot(media, before.url);
  if (!url) throw new ApiError(503, "NO_HEADSHOT", PICTURE_MESSAGES.rerollNoPicture);
  // The cooldown is claimed in the same statement that checks it: two re-rolls at once get one.
  const claimed = await db
    .update(user)
    .set({ profilePictureUrl: url, lastRolledHeadshot: url, lastRerollTime: sql`now()` })
    .where(
      and(
        eq(user.id, userId),
        sql`(${user.lastRerollTime} IS NULL OR ${user.lastRerollTime} <= now() - make_interval(secs => ${TIMERS_MS.rerollCooldown / 1000}))`,
      ),
    )
    .returning({ id: user.id });
  if (claimed.length === 0) throw new ApiError(429, "REROLL_COOLDOWN", PICTURE_MESSAGES.cooldown);
  await store.events.emit("member-changed", { userId });
  await forget(storage, before.url);
  return stateOf(db, userId);
}

/** Puts the last rolled headshot back (after an upload replaced it). */
export async function restoreHeadshot(
  store: Store,
  storage: FileStorage,
  userId: string,
): Promise<PictureState> {
  const { db } = store;
  const before = await stateOf(db, userId);
  if (!before.lastRolledHeadshot)
    throw new ApiError(409, "NOTHING_TO_RESTORE", PICTURE_MESSAGES.nothingToRestore);
  await db.update(user).set({ profilePictureUrl: before.lastRolledHeadshot }).where(eq(user.id, userId));
  await store.events.emit("member-changed", { userId });
  if (before.url !== before.lastRolledHeadshot) await forget(storage, before.url);
  return stateOf(db, userId);
}
