import { spawn } from "node:child_process";
import { once } from "node:events";
import { DERIVED_TABLES } from "./derived-tables.ts";

/**
 * The data of a PostgreSQL database as PostgreSQL's own pg_dump writes it:
 * data only (the schema comes from our migrations at restore), the schema
 * public, COPY blocks, one consistent snapshot taken while the server goes on
 * serving.
 */

const INSTALL_HINT =
  "install PostgreSQL's client programs, the server's major version or newer (on Debian: apt-get install postgresql-client)";

/** Runs a program to its end; its output and exit code, or the error of starting it. */
async function run(program: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(program, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout = (stdout + c.toString()).slice(-10_000)));
  child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-10_000)));
  const [code] = (await Promise.race([
    once(child, "close"),
    once(child, "error").then(([e]) => {
      throw (e as NodeJS.ErrnoException).code === "ENOENT"
        ? new Error(`pg_dump was not found: ${INSTALL_HINT}.`)
        : (e as Error);
    }),
  ])) as [number | null];
  return { code, stdout, stderr };
}

/**
 * The connection for libpq: the URL without its password, which goes in
 * PGPASSWORD instead, where other users of the machine cannot read it (they
 * can read a process's arguments).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: "10" };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
  }
  return { dbname: parsed.toString(), env };
}

/** Writes the data of the database at `url` to `file`; returns pg_dump's version line. */
export async function dumpPostgres(url: string, file: string): Promise<string> {
  const { dbname, env } = connection(url);
  const version = await run("pg_dump", ["--version"], env);
  const dump = await run(
    "pg_dump",
    [
      "--data-only",
      "--schema=public",
      "--quote-all-identifiers",
      "--encoding=UTF8",
      ...[...DERIVED_TABLES].map((table) => `--exclude-table-data=public.${table}`),
      // A migration holding a table's lock makes the backup fail after a minute rather than wait for ever.
      "--lock-wait-timeout=60000",
      `--file=${file}`,
      `--dbname=${dbname}`,
    ],
    env,
  );
  if (dump.code !== 0) {
    const why = dump.stderr.trim() || `exit code ${dump.code}`;
    const hint = /version mismatch/.test(why) ? ` (${INSTALL_HINT})` : "";
    throw new Error(`pg_dump failed: ${why}${hint}`);
  }
  return version.stdout.trim();
}
