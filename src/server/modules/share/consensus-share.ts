import { createHash } from "node:crypto";
import { Hono } from "hono";
import {
  CONSENSUS_TEXTS,
  type ConsensusKind,
  type ConsensusRow,
  type ConsensusSlice,
} from "#shared/consensus.ts";
import { consensusParamsSchema } from "#shared/consensus.schema.ts";
import { LIMITS } from "#shared/limits.ts";
import { seasonDisplayName, stripSurvivorPrefix } from "#shared/lists.ts";
import type { ShareLayout, ShareSize } from "#shared/share-images.ts";
import { shareImageQuerySchema } from "#shared/share-images.schema.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { pathParams, queryParams } from "../../http/validate.ts";
import type { Logger } from "../../logger.ts";
import type { MediaService } from "../../media/media.service.ts";
import { LruCache } from "../../cache/lru-cache.ts";
import type { ShareCard, ShareEntry } from "../../share-drawing/share-layout.ts";
import { pictureDataUri } from "../../share-drawing/share-pictures.ts";
import type { ShareRenderer } from "../../share-drawing/share-render-pool.ts";
import { consensusSlice } from "../consensus/consensus.service.ts";
import { sendSharePicture } from "./send-share-picture.ts";
import { SHARE_RENDERER_VERSION } from "./share-images.service.ts";

// The share picture of a Community Consensus slice: the same card a list's
// picture is (share-layout.ts, both layouts, both sizes), made from the
// slice's top 10 instead of a list's entries. The layouts draw the first
// LIMITS.shareEntries rows and "+ N more" for the rest of the ten.

/** The card is of the slice's top 10, as the page's first rows. */
export const CONSENSUS_SHARE_TOP = 10;

const SLICE_NOT_FOUND = "Consensus slice not found.";
const NOTHING_RANKED = "Nothing is ranked in this Community Consensus yet.";

/** The consensus is recomputed within a minute of a change; the ETag makes a recheck a 304. */
const CACHE_CONTROL = "public, max-age=60";

/** "Community Consensus — Seasons 21–40". */
export const consensusShareTitle = (slice: Pick<ConsensusSlice, "title">) =>
  `${CONSENSUS_TEXTS.title} — ${slice.title}`;

/** Where a list's card names its author: the members whose lists made it ("by 132 members"). */
export const consensusShareByline = (ballotCount: number) =>
  ballotCount === 1 ? "1 member" : `${ballotCount} members`;

/** A ranked row's lines as a list's card draws the same season or castaway. */
function linesOf(kind: ConsensusKind, row: ConsensusRow): { name: string; detail: string | null } {
  if (kind === "castaways") {
    return {
      name: row.name,
      detail: row.seasonName === null ? null : seasonDisplayName(row.seasonName, row.seasonNumber),
    };
  }
  const number = `Season ${row.seasonNumber}`;
  const name = stripSurvivorPrefix(seasonDisplayName(row.name, row.seasonNumber));
  return /^\d+$/.test(name) || name === number ? { name: number, detail: null } : { name, detail: number };
}

export interface ConsensusShareDeps {
  media: MediaService;
  logger: Logger;
  /** Scaled pictures by image version, kept across cards; none: each card reads its own. */
  pictures?: LruCache<string>;
}

async function pictureOf(deps: ConsensusShareDeps, kind: ConsensusKind, id: string): Promise<string | null> {
  try {
    const image = kind === "seasons" ? await deps.media.seasonLogo(id) : await deps.media.headshot(id);
    const key = image.kind === "file" ? `file:${image.file.etag}` : `svg:${image.etag}`;
    const cached = deps.pictures?.get(key);
    if (cached) return cached;
    const uri = await pictureDataUri(image);
    if (uri) deps.pictures?.set(key, uri);
    return uri;
  } catch (error) {
    // A picture that cannot be read is drawn as the grey '?', not a failed share.
    deps.logger.error("share picture unreadable", { id, error: String(error) });
    return null;
  }
}

/**
 * The share card of a consensus slice's top 10: titled "Community
 * Consensus — <slice title>", "by N members", its first rows with rank,
 * name, season line and picture as a list's card has them.
 */
export async function consensusShareCard(
  deps: ConsensusShareDeps,
  slice: ConsensusSlice,
  layout: ShareLayout,
  size: ShareSize,
): Promise<ShareCard> {
  const top = slice.ranked.slice(0, CONSENSUS_SHARE_TOP);
  const entries = await Promise.all(
    top.slice(0, LIMITS.shareEntries).map(async (row): Promise<ShareEntry> => ({
      rank: row.rank,
      ...linesOf(slice.kind, row),
      picture: await pictureOf(deps, slice.kind, row.id),
    })),
  );
  return {
    title: consensusShareTitle(slice),
    author: consensusShareByline(slice.ballotCount),
    entries,
    totalEntries: top.length,
    layout,
    size,
  };
}

/**
 * The version of a slice's picture: everything drawn on it. A new fit
 * changes computedAt, a renamed season or castaway changes its row.
 */
export function consensusShareVersion(slice: ConsensusSlice): string {
  const rows = slice.ranked
    .slice(0, CONSENSUS_SHARE_TOP)
    .map((r, i) => (i < LIMITS.shareEntries ? `${r.rank}:${r.id}:${r.name}:${r.seasonName ?? ""}` : r.id));
  return createHash("sha256")
    .update(
      [
        slice.kind,
        slice.slice,
        slice.computedAt ?? "",
        slice.title,
        slice.ballotCount,
        ...rows,
        SHARE_RENDERER_VERSION,
      ].join("\u0000"),
    )
    .digest("base64url")
    .slice(0, 16);
}

export const consensusShareEtag = (slice: ConsensusSlice, layout: ShareLayout, size: ShareSize) =>
  `"consensus-share-${consensusShareVersion(slice)}-${layout}-${size}"`;

export interface ConsensusShareImages {
  /**
   * The PNG of this version of the slice's picture: from memory, else drawn
   * (once, however many ask). Rejects with ShareRendererBusy when it would
   * have to be drawn and too many pictures are waiting already.
   */
  png(slice: ConsensusSlice, layout: ShareLayout, size: ShareSize): Promise<Buffer>;
}

const MiB = 1024 * 1024;

/**
 * Drawn pictures are kept in memory only, not in storage: a slice's picture
 * changes with every fit, and there are few slices (the seasons' eras, all
 * castaways, each season's cast), each drawn again in a worker on a miss.
 */
export function createConsensusShareImages(
  deps: ConsensusShareDeps & {
    shareRenderer: ShareRenderer;
    /** Called before each drawing, with what is drawn: tests count them. */
    onRender?: (etag: string, card: ShareCard) => void;
  },
): ConsensusShareImages {
  const rendered = new LruCache<Buffer>(60, 48 * MiB, (png) => png.length);
  const cardDeps: ConsensusShareDeps = {
    ...deps,
    pictures: deps.pictures ?? new LruCache<string>(300, 16 * MiB, (uri) => uri.length),
  };
  const inFlight = new Map<string, Promise<Buffer>>();
  return {
    png(slice, layout, size) {
      const key = consensusShareEtag(slice, layout, size);
      const cached = rendered.get(key);
      if (cached) return Promise.resolve(cached);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = deps.shareRenderer
          .render(async () => {
            const card = await consensusShareCard(cardDeps, slice, layout, size);
            deps.onRender?.(key, card);
            return card;
          })
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

/** Reads a slice; throws the API's 404 for one that does not exist. */
export type ConsensusSliceReader = (
  store: AppDeps["store"],
  kind: ConsensusKind,
  slice: string,
) => Promise<ConsensusSlice>;

/**
 * GET /:kind/:slice/share?layout=classic|beach&size=portrait|preview, to be
 * chained on the consensus routes (mounted at /consensus) after their
 * /lists/:userId/:listId route: the slice's top 10 as a share picture,
 * public like the slice. 404 for a slice that does not exist or has nothing
 * ranked yet; 304 for a matching If-None-Match; 503 with Retry-After while
 * too many pictures wait to be drawn. `read` is the consensus service's
 * slice reader (a test may hand another).
 */
export function consensusShareRoutes(
  deps: Pick<AppDeps, "store" | "media" | "logger" | "shareRenderer">,
  read: ConsensusSliceReader = consensusSlice,
) {
  const images = createConsensusShareImages(deps);
  return new Hono<AppEnv>().get(
    "/:kind/:slice/share",
    pathParams(consensusParamsSchema, SLICE_NOT_FOUND),
    queryParams(shareImageQuerySchema),
    async (c) => {
      const { kind, slice: sliceId } = c.req.valid("param");
      const { layout, size } = c.req.valid("query");
      const slice = await read(deps.store, kind, sliceId);
      if (slice.computedAt === null) throw notFound(CONSENSUS_TEXTS.notComputed);
      if (slice.ranked.length === 0) throw notFound(NOTHING_RANKED);
      return sendSharePicture(c, consensusShareEtag(slice, layout, size), CACHE_CONTROL, () =>
        images.png(slice, layout, size),
      );
    },
  );
}
