/**
 * Operator commands for Global Rankings categories, against the same database
 * the server uses (DATABASE_URL, or the PGlite files in DATA_DIR; with PGlite
 * the server must be stopped first, as one process owns those files).
 *
 *   npm run admin -- list
 *   npm run admin -- open <season number> [--id season-N] [--name "Season N"] [--description "..."]
 *   npm run admin -- close <category id>
 *   npm run admin -- import-legacy <category id> <results.json>
 *   npm run admin -- recount <category id>
 *
 * results.json: { "top10": [{ "id", "name", "image" or "imageUrl", "totalScore"? }], "totalVotes": N }
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { type Database, openPglite, openPostgres } from "../src/server/db/client.ts";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { parseEnv } from "../src/server/env.ts";
import { createDomainEvents } from "../src/server/events/domain-events.ts";
import { createProcessLink } from "../src/server/events/process-link.ts";
import { createLogger } from "../src/server/logger.ts";
import { createStore } from "../src/server/store.ts";
import {
  closeCategory,
  importLegacyResults,
  listCategories,
  openCategory,
  recountCategory,
  seedCategories,
} from "../src/server/modules/global-rankings/global-rankings.service.ts";
import { loadReferenceData } from "../src/server/modules/seasons/reference-data.ts";
import { seedReferenceData } from "../src/server/modules/seasons/seasons.service.ts";

const legacyFileSchema = z.object({
  top10: z
    .array(
      z
        .object({
          id: z.string().min(1).max(200),
          name: z.string().min(1).max(200),
          image: z.string().max(2000).optional(),
          imageUrl: z.string().max(2000).optional(),
          totalScore: z.number().int().nonnegative().optional(),
        })
        .transform(({ image, imageUrl, ...rest }) => ({ ...rest, imageUrl: imageUrl ?? image ?? "" })),
    )
    .max(10),
  totalVotes: z.number().int().nonnegative(),
});

const USAGE = `usage: npm run admin -- list | open <season> [--id ID] [--name NAME] [--description TEXT] | close <id> | import-legacy <id> <file.json> | recount <id>`;

async function openDatabase(): Promise<{ database: Database; release: () => void }> {
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) return { database: await openPostgres(env.DATABASE_URL, 2), release: () => {} };
  const dataDir = resolve(env.DATA_DIR);
  const release = lockDataDir(dataDir);
  return { database: await openPglite(join(dataDir, "pglite")), release };
}

async function run(args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { id: { type: "string" }, name: { type: "string" }, description: { type: "string" } },
  });
  const [command, ...rest] = positionals;
  if (!command) throw new Error(USAGE);
  const { database, release } = await openDatabase();
  // Running servers on the same PostgreSQL database hear what changes here (their cached results drop).
  const logger = createLogger("error");
  const link = await createProcessLink(database.pool, logger);
  const store = createStore(database.db, createDomainEvents(link, logger));
  try {
    await database.migrate();
    await seedReferenceData(database.db, loadReferenceData());
    await seedCategories(database.db);
    switch (command) {
      case "list": {
        const { open, closed } = await listCategories(store);
        for (const c of [...open, ...closed]) {
          console.log(
            `${c.id}\t${c.status}\tseason ${c.seasonNumber}\t${c.totalSubmissions} submissions\t${c.name}`,
          );
        }
        return;
      }
      case "open": {
        const season = Number(rest[0]);
        if (!Number.isInteger(season) || season < 1) throw new Error(`open needs a season number. ${USAGE}`);
        const id = values.id ?? `season-${season}`;
        await openCategory(store, {
          id,
          name: values.name ?? `Season ${season}`,
          description: values.description ?? `Vote for your favorite Survivor ${season} contestants!`,
          seasonNumber: season,
        });
        return console.log(`opened ${id}`);
      }
      case "close":
        if (!rest[0]) throw new Error(USAGE);
        await closeCategory(store, rest[0]);
        return console.log(`closed ${rest[0]}: its results are frozen and shown on the legacy page`);
      case "import-legacy": {
        const [id, file] = rest;
        if (!id || !file) throw new Error(USAGE);
        const parsed = legacyFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
        if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
        await importLegacyResults(store, id, parsed.data);
        return console.log(
          `imported ${parsed.data.top10.length} results and ${parsed.data.totalVotes} votes into ${id}`,
        );
      }
      case "recount":
        if (!rest[0]) throw new Error(USAGE);
        await recountCategory(store, rest[0]);
        return console.log(`recounted ${rest[0]} from its submissions`);
      default:
        throw new Error(`unknown command ${command}. ${USAGE}`);
    }
  } finally {
    await store.events.flush();
    await link.close();
    await database.close();
    release();
  }
}

run(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
