import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type { Transaction } from "@electric-sql/pglite";
import type { Database } from "../db/client.ts";
import type { PgliteQueryClient } from "../db/pglite-statements.ts";
import { quoteIdent } from "./dump-reader.ts";
import { DERIVED_TABLES } from "./derived-tables.ts";

/**
 * The data of a PGlite database in the format pg_dump --data-only writes
 * (decision 015 says why not PGlite's own pg_dump): the rows come from the
 * database's own COPY ... TO, in its text format, so every type is written
 * by PostgreSQL itself; this module only lists the tables, orders them
 * (a table after the tables it references) and frames each table's rows.
 */

/** Heap pages per COPY: about 8 MB of table at a time, so a large table is never held whole. */
const PAGES_PER_COPY = 1024;

const qualified = (table: string) => `${quoteIdent("public")}.${quoteIdent(table)}`;

interface Table {
  oid: string;
  name: string;
  columns: string[];
  partitioned: boolean;
}

async function rows<T>(tx: Transaction, text: string): Promise<T[]> {
  return (await tx.query<T>(text)).rows;
}

/** The tables of public, each after the tables it references, as a loader must meet them. */
async function tablesInLoadOrder(tx: Transaction): Promise<Table[]> {
  const columns = await rows<{ oid: string; name: string; kind: string; column: string }>(
    tx,
    `SELECT c.oid::text AS oid, c.relname AS name, c.relkind::text AS kind, a.attname AS column
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const c of columns) {
    if (DERIVED_TABLES.has(c.name)) continue;
    const table = tables.get(c.name) ?? {
      oid: c.oid,
      name: c.name,
      columns: [],
      partitioned: c.kind === "p",
    };
    table.columns.push(c.column);
    tables.set(c.name, table);
  }
  const references = await rows<{ child: string; parent: string }>(
    tx,
    `SELECT cc.relname AS child, pc.relname AS parent
     FROM pg_constraint k
     JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
     JOIN pg_class pc ON pc.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
     WHERE k.contype = 'f' AND k.conrelid <> k.confrelid AND cn.nspname = 'public' AND pn.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const pending = [...tables.values()];
  while (pending.length > 0) {
    const i = pending.findIndex((t) => [...(parents.get(t.name) ?? [])].every((p) => placed.has(p)));
    if (i < 0) {
      throw new Error(
        `Foreign keys form a cycle among ${pending.map((t) => t.name).join(", ")}: a data-only dump cannot order them.`,
      );
    }
    const [next] = pending.splice(i, 1);
    placed.add(next!.name);
    ordered.push(next!);
  }
  return ordered;
}

/** Writes the data of the PGlite database to `file`, from one snapshot; returns what wrote it. */
export async function dumpPglite(database: Database, file: string): Promise<string> {
  const client = (database.db as unknown as { $client: PgliteQueryClient }).$client;
  const out = createWriteStream(file, { mode: 0o600 });
  const write = async (data: string | Uint8Array) => {
    if (!out.write(data)) await once(out, "drain");
  };
  try {
    const version = await client.transaction(async (tx) => {
      await tx.exec(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      // As pg_dump sets its session: output that reads back the same on any server.
      await tx.exec(
        `SET LOCAL datestyle = 'ISO'; SET LOCAL intervalstyle = 'postgres'; SET LOCAL extra_float_digits = 3`,
      );
      const [{ version } = { version: "" }] = await rows<{ version: string }>(tx, `SELECT version()`);
      const engine = /^PostgreSQL [^ ]+ \(PGlite [^)]+\)/.exec(version)?.[0] ?? "PGlite";
      await write(
        `--\n-- Data of a Survivor Rankings database, written from ${engine} with COPY\n--\n\n` +
          `SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n`,
      );
      for (const table of await tablesInLoadOrder(tx)) {
        const columns = table.columns.map(quoteIdent).join(", ");
        await write(
          `\n--\n-- Data for Name: ${table.name}; Type: TABLE DATA; Schema: public\n--\n\n` +
            `COPY ${qualified(table.name)} (${columns}) FROM stdin;\n`,
        );
        const select = `SELECT ${columns} FROM ${qualified(table.name)}`;
        if (table.partitioned) {
          await copyOut(tx, select, write);
        } else {
          // By ranges of the table's pages (a TID range scan reads only those).
          const [{ pages } = { pages: 0 }] = await rows<{ pages: number }>(
            tx,
            `SELECT (pg_relation_size(${Number(table.oid)}::oid) / current_setting('block_size')::int)::int AS pages`,
          );
          for (let from = 0; from < pages; from += PAGES_PER_COPY) {
            const to = from + PAGES_PER_COPY;
            await copyOut(
              tx,
              `${select} WHERE ctid >= '(${from},0)'::tid AND ctid < '(${to},0)'::tid`,
              write,
            );
          }
        }
        await write("\\.\n");
      }
      const sequences = await rows<{ name: string; value: string }>(
        tx,
        `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
         WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY sequencename`,
      );
      for (const s of sequences) {
        const name = qualified(s.name).replaceAll("'", "''");
        await write(`\nSELECT pg_catalog.setval('${name}', ${BigInt(s.value)}, true);\n`);
      }
      return engine;
    });
    out.end();
    await finished(out);
    return `${version} COPY`;
  } catch (e) {
    out.destroy();
    throw e;
  }
}

async function copyOut(tx: Transaction, select: string, write: (data: Uint8Array) => Promise<void>) {
  const [result] = await tx.exec(`COPY (${select}) TO '/dev/blob'`);
  if (result?.blob && result.blob.size > 0) await write(new Uint8Array(await result.blob.arrayBuffer()));
}
