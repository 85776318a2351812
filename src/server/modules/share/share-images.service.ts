import { createHash } from "node:crypto";
import { LIMITS } from "#shared/limits.ts";
import { seasonDisplayName, stripSurvivorPrefix } from "#shared/lists.ts";
import {
  SHARE_SIZES,
  type ShareLayout,
  type ShareListVersion,
  type ShareSize,
} from "#shared/share-images.ts";
import type { Logger } from "../../logger.ts";
import type { MediaService } from "../../media/media.service.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Store } from "../../store.ts";
import { lists, user } from "../../db/schema/index.ts";
import type { ListEntry } from "../lists/list-entries.ts";
import { UNKNOWN_USER } from "../lists/lists.service.ts";
import { LruCache } from "../../cache/lru-cache.ts";
import type { ShareCard, ShareEntry } from "../../share-drawing/share-layout.ts";
import { pictureDataUri } from "../../share-drawing/share-pictures.ts";
import type { ShareRenderer } from "../../share-drawing/share-render-pool.ts";

/** Raise when the pictures change for the same list, so every cached copy is drawn again. */
export const SHARE_RENDERER_VERSION = 1;

/** What names a version of a list's pictures; the entries are read only to draw one. */
export type ShareList = ShareListVersion;

/**
 * The public list at this path: all a cached picture needs, looked up once
 * for a burst of picture requests (both layouts, a crawler, a second look).
 * Null when there is none (getListDetail says which 404 it is).
 */
export function findShareList(store: Store, userId: string, listId: string): Promise<ShareList | null> {
  return store.caches.shareLists.get({ userId, listId }, () => lookUpShareList(store.db, userId, listId));
}

async function lookUpShareList(db: Db, userId: string, listId: string): Promise<ShareList | null> {
  const [row] = await db
    .select({
      userId: lists.userId,
      id: lists.id,
      name: lists.name,
      userName: user.name,
      updatedAt: lists.updatedAt,
    })
    .from(lists)
    .leftJoin(user, eq(user.id, lists.userId))
    .where(and(eq(lists.userId, userId), eq(lists.id, listId), eq(lists.isPublic, true)));
  if (!row) return null;
  return { ...row, userName: row.userName ?? UNKNOWN_USER, updatedAt: row.updatedAt.toISOString() };
}

const hash = (...parts: (string | number)[]) =>
  createHash("sha256").update(parts.join("\u0000")).digest("base64url");

/**
 * The version of a list's share pictures: everything drawn on them that can
 * change (entries and title change updatedAt; the author can be renamed).
 */
export function shareVersion(list: ShareList): string {
  return hash(list.userId, list.id, list.updatedAt, list.userName, SHARE_RENDERER_VERSION).slice(0, 16);
}

export const shareEtag = (list: ShareList, layout: ShareLayout, size: ShareSize) =>
  `"share-${shareVersion(list)}-${layout}-${size}"`;

/**
 * A list's link-preview picture (og:image): the wide classic one, at an
 * absolute URL naming the version, so a crawler's cache never shows an old one.
 */
export function sharePreviewImage(list: ShareList, publicUrl: string) {
  const path = `/api/lists/${encodeURIComponent(list.userId)}/${encodeURIComponent(list.id)}/share`;
  const query = new URLSearchParams({ size: "preview", v: shareVersion(list) });
  return { url: `${publicUrl}${path}?${query}`, ...SHARE_SIZES.preview, type: "image/png" };
}

// A list's pictures share a folder; names start with the list's time, then
// the version, so a newer version can tell the older ones it replaces (see
// forgetOlder).
const folderOf = (list: Pick<ShareList, "userId" | "id">) =>
  `share/${hash(list.userId, list.id).slice(0, 22)}/`;

/**
 * Removes every stored picture of a deleted list. Best effort: the list is
 * gone either way, and a leftover only costs space (it is never served: the
 * route asks the database for the list first).
 */
export async function deleteSharePictures(
  storage: FileStorage,
  logger: Logger,
  userId: string,
  listId: string,
): Promise<void> {
  const folder = folderOf({ userId, id: listId });
  try {
    for await (const key of storage.keys(folder)) await storage.delete(key);
  } catch (error) {
    logger.error("share pictures of a deleted list not removed", { folder, error: String(error) });
  }
}
const stampOf = (list: ShareList) => Date.parse(list.updatedAt);

export function shareImageKey(list: ShareList, layout: ShareLayout, size: ShareSize): string {
  return `${folderOf(list)}${stampOf(list)}-${shareVersion(list)}-${layout}-${size}.png`;
}

/** A season's name without the show's ('Heroes vs. Villains'), its number under it. */
function seasonLines(season: ListEntry): { name: string; detail: string | null } {
  const number = `Season ${season.seasonNumber}`;
  const name = stripSurvivorPrefix(seasonDisplayName(season.name, season.seasonNumber));
  return /^\d+$/.test(name) || name === number ? { name: number, detail: null } : { name, detail: number };
}

export interface ShareImages {
  /**
   * The PNG of this version of the list: from memory, else storage, else
   * drawn (once, however many ask) from the entries `entries` reads. Rejects
   * with ShareRendererBusy when it would have to be drawn and too many
   * pictures are waiting already.
   */
  png(
    list: ShareList,
    layout: ShareLayout,
    size: ShareSize,
    entries: () => Promise<ListEntry[]>,
  ): Promise<Buffer>;
}

export interface ShareImagesDeps {
  media: MediaService;
  storage: FileStorage;
  logger: Logger;
  /** Draws the pictures, in worker threads. */
  shareRenderer: ShareRenderer;
  /** Called before each drawing, with what is drawn: tests count them. */
  onRender?: (key: string, card: ShareCard) => void;
}

const MiB = 1024 * 1024;

export function createShareImages(deps: ShareImagesDeps): ShareImages {
  const { media, storage, logger } = deps;
  const rendered = new LruCache<Buffer>(200, 128 * MiB, (png) => png.length);
  // The same picture serves many lists (and both layouts): keep it scaled.
  const pictures = new LruCache<string>(500, 32 * MiB, (uri) => uri.length);
  const inFlight = new Map<string, Promise<Buffer>>();

  async function pictureOf(entry: ListEntry): Promise<string | null> {
    try {
      const image = entry.isSeason ? await media.seasonLogo(entry.id) : await media.headshot(entry.id);
      const key = image.kind === "file" ? `file:${image.file.etag}` : `svg:${image.etag}`;
      const cached = pictures.get(key);
      if (cached) return cached;
      const uri = await pictureDataUri(image);
      if (uri) pictures.set(key, uri);
      return uri;
    } catch (error) {
      // A picture that cannot be read is drawn as the grey '?', not a failed share.
      logger.error("share picture unreadable", { id: entry.id, error: String(error) });
      return null;
    }
  }

  async function cardOf(
    list: ShareList,
    items: ListEntry[],
    layout: ShareLayout,
    size: ShareSize,
  ): Promise<ShareCard> {
    const top = items.slice(0, LIMITS.shareEntries);
    const entries = await Promise.all(
      top.map(async (e, i): Promise<ShareEntry> => ({
        rank: i + 1,
        ...(e.isSeason
          ? seasonLines(e)
          : { name: e.name, detail: seasonDisplayName(e.seasonName, e.seasonNumber) }),
        picture: await pictureOf(e),
      })),
    );
    return {
      title: list.name,
      author: list.userName,
      entries,
      totalEntries: items.length,
      layout,
      size,
    };
  }

  /**
   * Removes the list's pictures of older versions; best effort, a leftover
   * only costs space. Older is an earlier list time, or the same time with
   * another version: the author's rename (or a new renderer) keeps the list's
   * time but changes what is drawn. A later time is kept: a process still
   * holding the list as it was must not remove its newer pictures.
   */
  async function forgetOlder(list: ShareList): Promise<void> {
    const folder = folderOf(list);
    const current = stampOf(list);
    const currentPrefix = `${current}-${shareVersion(list)}-`;
    try {
      for await (const key of storage.keys(folder)) {
        const name = key.slice(folder.length);
        const stamp = Number(name.slice(0, name.indexOf("-")));
        if (stamp < current || (stamp === current && !name.startsWith(currentPrefix))) {
          await storage.delete(key);
        }
      }
    } catch (error) {
      logger.error("old share pictures not removed", { folder, error: String(error) });
    }
  }

  async function produce(
    list: ShareList,
    layout: ShareLayout,
    size: ShareSize,
    key: string,
    entries: () => Promise<ListEntry[]>,
  ) {
    const stored = await storage.get(key).catch((error: unknown) => {
      logger.error("share picture storage unreadable", { key, error: String(error) });
      return null;
    });
    if (stored) return stored.body;
    const png = await deps.shareRenderer.render(async () => {
      const card = await cardOf(list, await entries(), layout, size);
      deps.onRender?.(key, card);
      return card;
    });
    try {
      await storage.put(key, png, "image/png");
      await forgetOlder(list);
    } catch (error) {
      // Still answered from memory; the next process draws it again.
      logger.error("share picture not stored", { key, error: String(error) });
    }
    return png;
  }

  return {
    async png(list, layout, size, entries) {
      const key = shareImageKey(list, layout, size);
      const cached = rendered.get(key);
      if (cached) return cached;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = produce(list, layout, size, key, entries)
          .then((png) => {
            rendered.set(key, png);
            return png;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
