import { asc, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { castaways, seasons } from "../../db/schema/index.ts";
import { appearanceId, type ReferenceSeason } from "./reference-data.ts";

export interface SeedResult {
  seasonsWritten: number;
  castawaysWritten: number;
}

/**
 * Inserts what is new and corrects what changed; rows that already match are
 * left alone, so a second run writes nothing.
 */
export async function seedReferenceData(db: Db, data: ReferenceSeason[]): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    let seasonsWritten = 0;
    let castawaysWritten = 0;
    for (const s of data) {
      const written = await tx
        .insert(seasons)
        .values({ id: s.id, number: s.number, name: s.name, premiered: s.premiered ?? null })
        .onConflictDoUpdate({
          target: seasons.id,
          set: { number: s.number, name: s.name, premiered: s.premiered ?? null },
          setWhere: sql`(${seasons.number}, ${seasons.name}, ${seasons.premiered}) IS DISTINCT FROM (excluded.number, excluded.name, excluded.premiered)`,
        })
        .returning({ id: seasons.id });
      seasonsWritten += written.length;
      if (s.castaways.length === 0) continue;
      const rows = s.castaways.map((c, position) => ({
        id: appearanceId(s.id, c.id),
        seasonId: s.id,
        slug: c.id,
        castawayId: c.castawayId,
        name: c.name,
        shortName: c.shortName,
        position,
      }));
      const cast = await tx
        .insert(castaways)
        .values(rows)
        .onConflictDoUpdate({
          target: castaways.id,
          set: {
            castawayId: sql`excluded.castaway_id`,
            name: sql`excluded.name`,
            shortName: sql`excluded.short_name`,
            position: sql`excluded.position`,
          },
          setWhere: sql`(${castaways.castawayId}, ${castaways.name}, ${castaways.shortName}, ${castaways.position}) IS DISTINCT FROM (excluded.castaway_id, excluded.name, excluded.short_name, excluded.position)`,
        })
        .returning({ id: castaways.id });
      castawaysWritten += cast.length;
    }
    return { seasonsWritten, castawaysWritten };
  });
}

export interface SeasonWithCast {
  id: string;
  number: number;
  name: string;
  castaways: { id: string; slug: string; name: string; shortName: string }[];
}

export async function listSeasons(db: Db): Promise<SeasonWithCast[]> {
  const seasonRows = await db.select().from(seasons).orderBy(asc(seasons.number));
  const castRows = await db
    .select({
      id: castaways.id,
      seasonId: castaways.seasonId,
      slug: castaways.slug,
      name: castaways.name,
      shortName: castaways.shortName,
    })
    .from(castaways)
    .orderBy(asc(castaways.seasonId), asc(castaways.position));
  const bySeason = new Map<string, SeasonWithCast["castaways"]>();
  for (const c of castRows) {
    const list = bySeason.get(c.seasonId) ?? [];
    list.push({ id: c.id, slug: c.slug, name: c.name, shortName: c.shortName });
    bySeason.set(c.seasonId, list);
  }
  return seasonRows.map((s) => ({
    id: s.id,
    number: s.number,
    name: s.name,
    castaways: bySeason.get(s.id) ?? [],
  }));
}
