import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { headshotUrl, seasonNumberOf } from "#shared/media-urls.ts";
import type { Db } from "../db/client.ts";
import { castaways, seasons } from "../db/schema/index.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { builtInAliases, headshotCandidates } from "./file-names.ts";
import { colourFor, headshotSvg, placeholderSvg, seasonSvg } from "./generated-images.ts";
import { type OperatorFile, OperatorImages } from "./operator-images.ts";
import { PICTURE_LIMITS } from "#shared/pictures.ts";

/** What a media URL answers with: an operator's file (read lazily) or a drawn SVG. */
export type MediaImage =
  | { kind: "file"; file: OperatorFile; fallback: () => MediaImage }
  | { kind: "svg"; svg: string; etag: string };

interface MediaAppearance {
  id: string;
  seasonId: string;
  seasonNumber: number;
  slug: string;
  name: string;
}

interface MediaCatalog {
  appearances: Map<string, MediaAppearance>;
  seasons: Map<string, { id: string; number: number; name: string }>;
  builtIn: Map<string, string>;
}

async function loadCatalog(db: Db): Promise<MediaCatalog> {
  const seasonRows = await db
    .select({ id: seasons.id, number: seasons.number, name: seasons.name })
    .from(seasons);
  const castRows = await db
    .select({
      id: castaways.id,
      seasonId: castaways.seasonId,
      slug: castaways.slug,
      name: castaways.name,
      seasonNumber: seasons.number,
    })
    .from(castaways)
    .innerJoin(seasons, eq(seasons.id, castaways.seasonId));
  return {
    seasons: new Map(seasonRows.map((s) => [s.id, s])),
    appearances: new Map(castRows.map((c) => [c.id, c])),
    builtIn: builtInAliases(castRows),
  };
}

function svgImage(svg: string): MediaImage {
  return { kind: "svg", svg, etag: `"g-${createHash("sha1").update(svg).digest("base64url")}"` };
}

export interface MediaService {
  /** A syntactically valid appearance id; unknown ones get a generic image. */
  headshot(appearanceId: string): Promise<MediaImage>;
  /** A syntactically valid season id; unknown ones get their number on a colour. */
  seasonLogo(seasonId: string): Promise<MediaImage>;
  placeholder(): Promise<MediaImage>;
  /**
   * A random castaway's headshot URL for a profile picture: drawn from the
   * operator's files when there are any, else from every appearance.
   */
  randomHeadshotUrl(random?: () => number): Promise<string | null>;
}

/**
 * The appearances a random headshot is drawn from, once per catalogue: a
 * start-up that gives 20,000 members their pictures spent half a second
 * filtering the catalogue again for each.
 */
const drawableOf = new WeakMap<MediaCatalog, MediaAppearance[]>();
function drawable(catalog: MediaCatalog) {
  let all = drawableOf.get(catalog);
  if (!all) {
    // docs/product.md, Profiles and pictures: random headshots come from seasons 1 to 46.
    all = [...catalog.appearances.values()].filter((a) => a.seasonNumber <= PICTURE_LIMITS.headshotSeasons);
    drawableOf.set(catalog, all);
  }
  return all;
}

export function createMediaService(deps: { env: Env; db: Db; logger: Logger }): MediaService {
  const files = new OperatorImages(deps.env.HEADSHOTS_DIR, deps.logger);
  // Reference data changes only at start-up (the seed runs before the app
  // listens), so the service loads it once, on first use.
  let catalog: Promise<MediaCatalog> | null = null;
  const catalogOf = (db: Db): Promise<MediaCatalog> => {
    if (!catalog) {
      const pending = loadCatalog(db);
      catalog = pending;
      pending.catch(() => {
        if (catalog === pending) catalog = null;
      });
    }
    return catalog;
  };

  const orDrawn = (file: OperatorFile | null, drawn: () => MediaImage): MediaImage =>
    file ? { kind: "file", file, fallback: drawn } : drawn();

  return {
    async headshot(appearanceId) {
      const catalog = await catalogOf(deps.db);
      const a = catalog.appearances.get(appearanceId);
      if (!a) return svgImage(placeholderSvg("Unknown castaway", colourFor(appearanceId)));
      const drawn = () => svgImage(headshotSvg(a.id, a.name));
      if (!files.configured) return drawn();
      const candidates = headshotCandidates(a, catalog.builtIn, await files.aliases());
      return orDrawn(await files.headshot(a.seasonNumber, candidates), drawn);
    },

    async seasonLogo(seasonId) {
      const catalog = await catalogOf(deps.db);
      const season = catalog.seasons.get(seasonId);
      const number = season?.number ?? seasonNumberOf(seasonId) ?? 0;
      const drawn = () => svgImage(seasonSvg(seasonId, number, season?.name ?? null));
      if (!season || !files.configured) return drawn();
      return orDrawn(await files.seasonLogo(season.number), drawn);
    },

    async placeholder() {
      return orDrawn(await files.placeholder(), () => svgImage(placeholderSvg()));
    },

    async randomHeadshotUrl(random = Math.random) {
      const catalog = await catalogOf(deps.db);
      const all = drawable(catalog);
      if (all.length === 0) return null;
      if (files.configured) {
        // Only appearances whose file is there, so the pick shows a real face.
        const aliases = await files.aliases();
        const seasonNumbers: number[] = [];
        for (const n of new Set(all.map((a) => a.seasonNumber))) {
          if ((await files.headshotFiles(n)).length > 0) seasonNumbers.push(n);
        }
        // As docs/media.md describes: a random season folder, up to three tries.
        for (
          let attempt = 0;
          attempt <= PICTURE_LIMITS.headshotRetries && seasonNumbers.length > 0;
          attempt++
        ) {
          const n = seasonNumbers[Math.floor(random() * seasonNumbers.length)]!;
          const present = [];
          for (const a of all) {
            if (a.seasonNumber !== n) continue;
            if (await files.headshot(n, headshotCandidates(a, catalog.builtIn, aliases))) present.push(a);
          }
          if (present.length > 0) return headshotUrl(present[Math.floor(random() * present.length)]!.id);
        }
      }
      return headshotUrl(all[Math.floor(random() * all.length)]!.id);
    },
  };
}
