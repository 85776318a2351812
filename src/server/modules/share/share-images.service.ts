import { createHash } from "node:crypto";
import { LIMITS } from "#shared/limits.ts";
import { seasonDisplayName } from "#shared/lists.ts";
import type { ShareLayout, ShareSize } from "#shared/share-images.ts";
import type { Logger } from "../../logger.ts";
import type { MediaService } from "../../media/media.service.ts";
import type { FileStorage } from "../../storage/storage.ts";
import type { ListDetail } from "../lists/lists.service.ts";
import { LruCache } from "./lru-cache.ts";
import type { ShareCard, ShareEntry } from "./share-layout.ts";
import { pictureDataUri, renderSharePng } from "./share-render.ts";

/** Raise when the pictures change for the same list, so every cached copy is drawn again. */
export const SHARE_RENDERER_VERSION = 1;

export type ShareList = Pick<ListDetail, "userId" | "id" | "name" | "userName" | "updatedAt" | "items">;

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

// A list's pictures share a folder; names start with the list's time, so a
// newer version can tell the older ones it replaces.
const folderOf = (list: ShareList) => `share/${hash(list.userId, list.id).slice(0, 22)}/`;
const stampOf = (list: ShareList) => Date.parse(list.updatedAt);

export function shareImageKey(list: ShareList, layout: ShareLayout, size: ShareSize): string {
  return `${folderOf(list)}${stampOf(list)}-${shareVersion(list)}-${layout}-${size}.png`;
}

export interface ShareImages {
  /** The PNG of this version of the list: from memory, else storage, else drawn (once, however many ask). */
  png(list: ShareList, layout: ShareLayout, size: ShareSize): Promise<Buffer>;
}

export interface ShareImagesDeps {
  media: MediaService;
  storage: FileStorage;
  logger: Logger;
  /** Called before each drawing: tests count them. */
  onRender?: (key: string) => void;
}

const MiB = 1024 * 1024;

export function createShareImages(deps: ShareImagesDeps): ShareImages {
  const { media, storage, logger } = deps;
  const rendered = new LruCache<Buffer>(200, 128 * MiB, (png) => png.length);
  // The same picture serves many lists (and both layouts): keep it scaled.
  const pictures = new LruCache<string>(500, 32 * MiB, (uri) => uri.length);
  const inFlight = new Map<string, Promise<Buffer>>();

  async function pictureOf(entry: ShareList["items"][number]): Promise<string | null> {
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

  async function cardOf(list: ShareList, layout: ShareLayout, size: ShareSize): Promise<ShareCard> {
    const top = list.items.slice(0, LIMITS.shareEntries);
    const entries = await Promise.all(
      top.map(async (e, i): Promise<ShareEntry> => ({
        rank: i + 1,
        name: e.isSeason ? seasonDisplayName(e.name, e.seasonNumber) : e.name,
        detail: e.isSeason
          ? e.name.startsWith("Survivor")
            ? `Season ${e.seasonNumber}`
            : null
          : seasonDisplayName(e.seasonName, e.seasonNumber),
        picture: await pictureOf(e),
      })),
    );
    return {
      title: list.name,
      author: list.userName,
      entries,
      totalEntries: list.items.length,
      layout,
      size,
    };
  }

  /** Removes the list's pictures of older versions; best effort, a leftover only costs space. */
  async function forgetOlder(list: ShareList): Promise<void> {
    const folder = folderOf(list);
    const current = stampOf(list);
    try {
      for (const key of await storage.list(folder)) {
        const stamp = Number(key.slice(folder.length).split("-")[0]);
        if (stamp < current) await storage.delete(key);
      }
    } catch (error) {
      logger.error("old share pictures not removed", { folder, error: String(error) });
    }
  }

  async function produce(list: ShareList, layout: ShareLayout, size: ShareSize, key: string) {
    const stored = await storage.get(key).catch((error: unknown) => {
      logger.error("share picture storage unreadable", { key, error: String(error) });
      return null;
    });
    if (stored) return stored.body;
    deps.onRender?.(key);
    const png = await renderSharePng(await cardOf(list, layout, size));
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
    async png(list, layout, size) {
      const key = shareImageKey(list, layout, size);
      const cached = rendered.get(key);
      if (cached) return cached;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = produce(list, layout, size, key)
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
