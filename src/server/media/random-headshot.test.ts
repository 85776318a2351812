import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { PICTURE_LIMITS } from "#shared/pictures.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { loadReferenceData } from "#server/modules/seasons/reference-data.ts";
import { createMediaService, type MediaService } from "./media.service.ts";

// The sign-up headshot (docs/product.md, Profiles and pictures): a random season folder among 1 to
// 46, up to 2 retries when the folder holds no castaway's face, then any
// castaway of those seasons (drawn). `random` is scripted to steer the picks.

/** A `random` that answers `values` in turn (the last one for ever), counting its calls. */
function scripted(...values: number[]) {
  let calls = 0;
  const random = () => values[Math.min(calls++, values.length - 1)]!;
  return { random, calls: () => calls };
}

const seasonOf = (url: string | null) => Number(/^\/media\/headshots\/s(\d+)-/.exec(url ?? "")?.[1]);

let database: TestDatabase;
let dir: string;
let withFiles: MediaService;
let drawnOnly: MediaService;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "sr-random-headshot-"));
  const face = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#a52" } })
    .png()
    .toBuffer();
  // Season 1's folder has a picture of no castaway; season 2's has Tina's;
  // season 47's has a real face, but 47 is past the range.
  for (const [season, file] of [
    [1, "nobody-at-all.png"],
    [2, "tina.png"],
    [47, "andy.png"],
  ] as const) {
    const folder = join(dir, "Headshots", `Season ${season}`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, file), face);
  }
  const logger = createLogger("silent");
  withFiles = createMediaService({ env: parseEnv({ HEADSHOTS_DIR: dir }), db: database.db, logger });
  drawnOnly = createMediaService({ env: parseEnv({}), db: database.db, logger });
});

afterAll(async () => {
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe("random headshot at sign-up", () => {
  it("retries when the season picked has no castaway's face, and finds one on the last try", async () => {
    // Seasons with files, in range: [1, 2]. Season 1, season 1, then season 2 and its only face.
    const r = scripted(0, 0, 0.9, 0);
    expect(await withFiles.randomHeadshotUrl(r.random)).toBe("/media/headshots/s2-tina-wesson");
    expect(r.calls()).toBe(4);
  });

  it("gives up after 2 retries and takes any castaway of seasons 1 to 46", async () => {
    const r = scripted(0);
    const url = await withFiles.randomHeadshotUrl(r.random);
    // Three picks of season 1 (one try and two retries), then one pick among all castaways.
    expect(r.calls()).toBe(PICTURE_LIMITS.headshotRetries + 2);
    expect(url).not.toBe("/media/headshots/s2-tina-wesson");
    expect(seasonOf(url)).toBeGreaterThanOrEqual(1);
    expect(seasonOf(url)).toBeLessThanOrEqual(46);
  });

  it("never picks a season past 46, whatever the random number or the files", async () => {
    // The highest random number picks the last season with files: 2, not 47.
    expect(await withFiles.randomHeadshotUrl(scripted(0.999, 0.999).random)).toBe(
      "/media/headshots/s2-tina-wesson",
    );
    // Without files: any castaway, over the whole range of random numbers.
    const seasons = new Set<number>();
    for (let i = 0; i < 400; i++) seasons.add(seasonOf(await drawnOnly.randomHeadshotUrl(() => i / 400)));
    expect(Math.min(...seasons)).toBe(1);
    expect(Math.max(...seasons)).toBe(PICTURE_LIMITS.headshotSeasons);
    // The reference data goes further: the range is a rule, not the data's end.
    expect(loadReferenceData().some((s) => s.number > PICTURE_LIMITS.headshotSeasons)).toBe(true);
  });
});
