import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsensusRow, ConsensusSlice } from "#shared/consensus.ts";
import { SHARE_SIZES } from "#shared/share-images.ts";
import { parseEnv } from "#server/env.ts";
import type { AppEnv } from "#server/http/context.ts";
import { ApiError, type ErrorBody, notFound } from "#server/http/errors.ts";
import { createLogger } from "#server/logger.ts";
import { createMediaService, type MediaService } from "#server/media/media.service.ts";
import { createShareRenderer, type ShareRenderer } from "#server/share-drawing/share-render-pool.ts";
import { pngSize } from "#testing/png-size.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import {
  consensusShareCard,
  consensusShareEtag,
  consensusShareRoutes,
  type ConsensusSliceReader,
} from "./consensus-share.ts";

const castaway = (
  rank: number,
  id: string,
  name: string,
  seasonName: string,
  seasonNumber: number,
): ConsensusRow => ({
  id,
  name,
  imageUrl: `/media/headshots/${id}`,
  seasonName,
  seasonNumber,
  rank,
  low: Math.max(1, rank - 1),
  high: rank + 2,
  ballots: 12,
  top3Share: 0.2,
  divisiveness: null,
});

const season = (rank: number, n: number, name: string): ConsensusRow => ({
  id: `s${n}`,
  name,
  imageUrl: `/media/seasons/s${n}`,
  seasonName: null,
  seasonNumber: n,
  rank,
  low: rank,
  high: rank + 1,
  ballots: 30,
  top3Share: 0.1,
  divisiveness: 0.3,
});

const CASTAWAYS = [
  castaway(1, "s20-parvati-shallow", "Parvati Shallow", "Survivor: Heroes vs. Villains", 20),
  castaway(2, "s40-tony-vlachos", "Tony Vlachos", "Survivor: Winners at War", 40),
  castaway(3, "s7-sandra-diaz-twine", "Sandra Diaz-Twine", "Survivor: Pearl Islands", 7),
  castaway(4, "s1-richard-hatch", "Richard Hatch", "Survivor: Borneo", 1),
  castaway(5, "s45-dee-valladares", "Dee Valladares", "Survivor 45", 45),
  castaway(6, "s2-colby-donaldson", "Colby Donaldson", "Survivor: The Australian Outback", 2),
  castaway(7, "s8-rob-mariano", "Rob Mariano", "Survivor: All-Stars", 8),
  castaway(8, "s28-tony-vlachos", "Tony Vlachos", "Survivor: Cagayan", 28),
  castaway(9, "s16-parvati-shallow", "Parvati Shallow", "Survivor: Micronesia", 16),
  castaway(10, "s13-yul-kwon", "Yul Kwon", "Survivor: Cook Islands", 13),
  castaway(11, "s12-earl-cole", "Earl Cole", "Survivor: Fiji", 12),
];

const slice = (overrides: Partial<ConsensusSlice> = {}): ConsensusSlice => ({
  kind: "castaways",
  slice: "all",
  title: "All castaways",
  computedAt: "2026-11-27T07:00:00.000Z",
  ballotCount: 132,
  minBallots: 5,
  ranked: CASTAWAYS,
  rankedCount: CASTAWAYS.length,
  unranked: [],
  unrankedCount: 0,
  divisive: [],
  ...overrides,
});

let t: TestApp;
let media: MediaService;
const logger = createLogger("silent");

beforeAll(async () => {
  t = await createTestApp();
  media = createMediaService({
    env: parseEnv({ DATA_DIR: "/nonexistent", LOG_LEVEL: "silent" }),
    db: t.database.db,
    logger,
  });
});
afterAll(() => t.close());

describe("consensusShareCard", () => {
  it("makes a list's card of the slice's top 10: title, members, the first five with pictures, five more", async () => {
    const card = await consensusShareCard({ media, logger }, slice(), "beach", "portrait");
    expect(card.title).toBe("Community Consensus — All castaways");
    expect(card.author).toBe("132 members");
    expect(card.layout).toBe("beach");
    expect(card.size).toBe("portrait");
    // Ten places, of which the layouts draw five and "+ 5 more".
    expect(card.totalEntries).toBe(10);
    expect(card.entries.map(({ rank, name, detail }) => ({ rank, name, detail }))).toEqual([
      { rank: 1, name: "Parvati Shallow", detail: "Survivor: Heroes vs. Villains" },
      { rank: 2, name: "Tony Vlachos", detail: "Survivor: Winners at War" },
      { rank: 3, name: "Sandra Diaz-Twine", detail: "Survivor: Pearl Islands" },
      { rank: 4, name: "Richard Hatch", detail: "Survivor: Borneo" },
      // Seasons 41 to 48 by number, as on a list's card.
      { rank: 5, name: "Dee Valladares", detail: "Season 45" },
    ]);
    for (const e of card.entries) expect(e.picture).toMatch(/^data:image\//);
  });

  it("names seasons as a list's card does: without the show's name, the number under it", async () => {
    const card = await consensusShareCard(
      { media, logger },
      slice({
        kind: "seasons",
        slice: "21-40",
        title: "Seasons 21–40",
        ballotCount: 1,
        ranked: [season(1, 28, "Survivor: Cagayan"), season(2, 40, "Survivor: Winners at War")],
      }),
      "classic",
      "preview",
    );
    expect(card.title).toBe("Community Consensus — Seasons 21–40");
    expect(card.author).toBe("1 member");
    expect(card.totalEntries).toBe(2);
    expect(card.entries.map(({ name, detail }) => [name, detail])).toEqual([
      ["Cagayan", "Season 28"],
      ["Winners at War", "Season 40"],
    ]);
    for (const e of card.entries) expect(e.picture).toMatch(/^data:image\//);
  });

  it("draws the grey '?' for a picture that cannot be read", async () => {
    const broken: MediaService = {
      ...media,
      headshot: () => Promise.reject(new Error("disk gone")),
    };
    const card = await consensusShareCard({ media: broken, logger }, slice(), "classic", "portrait");
    expect(card.entries).toHaveLength(5);
    expect(card.entries.every((e) => e.picture === null)).toBe(true);
  });
});

describe("consensusShareEtag", () => {
  it("names the version: a new fit, a renamed row, another layout or size is another picture", () => {
    const etag = consensusShareEtag(slice(), "classic", "portrait");
    expect(etag).toMatch(/^"consensus-share-[\w-]{16}-classic-portrait"$/);
    expect(consensusShareEtag(slice(), "classic", "portrait")).toBe(etag);
    expect(
      consensusShareEtag(slice({ computedAt: "2026-11-27T07:01:00.000Z" }), "classic", "portrait"),
    ).not.toBe(etag);
    const renamed = CASTAWAYS.map((r, i) => (i === 0 ? { ...r, name: "Parvati" } : r));
    expect(consensusShareEtag(slice({ ranked: renamed }), "classic", "portrait")).not.toBe(etag);
    // Rows past the top 10 are not drawn.
    expect(consensusShareEtag(slice({ ranked: CASTAWAYS.slice(0, 10) }), "classic", "portrait")).toBe(etag);
    expect(consensusShareEtag(slice(), "beach", "portrait")).not.toBe(etag);
    expect(consensusShareEtag(slice(), "classic", "preview")).not.toBe(etag);
  });
});

describe("consensusShareRoutes", () => {
  let answer: ConsensusSlice | null = slice();
  const read: ConsensusSliceReader = (_store, kind, sliceId) => {
    if (!answer || answer.kind !== kind || answer.slice !== sliceId)
      throw notFound("Consensus slice not found.");
    return Promise.resolve(answer);
  };
  const appWith = (shareRenderer: ShareRenderer) =>
    new Hono<AppEnv>()
      .route("/api/consensus", consensusShareRoutes({ store: t.store, media, logger, shareRenderer }, read))
      .onError((err, c) =>
        err instanceof ApiError ? c.json(err.toBody(), err.status) : c.text(String(err), 500),
      );

  it("answers the PNG of each size, with its ETag and a short cache, and 304 to a matching If-None-Match", async () => {
    answer = slice();
    const app = appWith(t.shareRenderer);
    for (const size of ["portrait", "preview"] as const) {
      const res = await app.request(`/api/consensus/castaways/all/share?layout=beach&size=${size}`);
      expect(res.status, size).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
      expect(res.headers.get("etag")).toBe(consensusShareEtag(answer, "beach", size));
      expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual(SHARE_SIZES[size]);
    }
    const first = await app.request("/api/consensus/castaways/all/share");
    expect(first.headers.get("etag")).toMatch(/-classic-portrait"$/);
    const etag = first.headers.get("etag")!;
    const again = await app.request("/api/consensus/castaways/all/share", {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("answers 404 for a slice that does not exist, is not computed yet or ranks nothing; 400 for a bad query", async () => {
    const app = appWith(t.shareRenderer);
    answer = slice();
    const messageOf = async (path: string) => {
      const res = await app.request(path);
      return [res.status, ((await res.json()) as ErrorBody).error.message];
    };
    expect(await messageOf("/api/consensus/tribes/all/share")).toEqual([404, "Consensus slice not found."]);
    expect(await messageOf("/api/consensus/castaways/season-99/share")).toEqual([
      404,
      "Consensus slice not found.",
    ]);
    answer = slice({ computedAt: null, ranked: [], ballotCount: 0 });
    expect(await messageOf("/api/consensus/castaways/all/share")).toEqual([
      404,
      "The community consensus has not been computed yet. Check back in a minute.",
    ]);
    answer = slice({ ranked: [] });
    expect(await messageOf("/api/consensus/castaways/all/share")).toEqual([
      404,
      "Nothing is ranked in this Community Consensus yet.",
    ]);
    answer = slice();
    expect((await app.request("/api/consensus/castaways/all/share?layout=poster")).status).toBe(400);
  });

  it("reads the slice through the consensus service by default: 404 before the first fit and for a season the show has not had", async () => {
    const app = new Hono<AppEnv>()
      .route(
        "/api/consensus",
        consensusShareRoutes({ store: t.store, media, logger, shareRenderer: t.shareRenderer }),
      )
      .onError((err, c) =>
        err instanceof ApiError ? c.json(err.toBody(), err.status) : c.text(String(err), 500),
      );
    const before = await app.request("/api/consensus/seasons/all/share");
    expect(before.status).toBe(404);
    expect(((await before.json()) as ErrorBody).error.message).toBe(
      "The community consensus has not been computed yet. Check back in a minute.",
    );
    const missing = await app.request("/api/consensus/castaways/season-999/share");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.message).toBe("Consensus slice not found.");
  });

  it("answers 503 with Retry-After while too many pictures wait, and draws it when asked again", async () => {
    answer = slice({ computedAt: "2026-11-27T08:00:00.000Z" });
    const renderer = createShareRenderer({ threads: 1, queue: 0 });
    try {
      const app = appWith(renderer);
      const sizes = ["portrait", "preview"] as const;
      const layouts = ["classic", "beach"] as const;
      const all = await Promise.all(
        layouts.flatMap((layout) =>
          sizes.map((size) =>
            app.request(`/api/consensus/castaways/all/share?layout=${layout}&size=${size}`),
          ),
        ),
      );
      const statuses = all.map((r) => r.status);
      expect(statuses).toContain(503);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      const busy = all.find((r) => r.status === 503)!;
      expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(busy.headers.get("cache-control")).toBe("no-store");
      expect(((await busy.json()) as ErrorBody).error.code).toBe("SHARE_IMAGE_BUSY");
      for (const layout of layouts) {
        for (const size of sizes) {
          const res = await app.request(`/api/consensus/castaways/all/share?layout=${layout}&size=${size}`);
          expect(res.status, `${layout} ${size}`).toBe(200);
        }
      }
    } finally {
      await renderer.close();
    }
  });
});
