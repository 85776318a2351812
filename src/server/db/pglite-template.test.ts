import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./client.ts";
import { templateFor, writePgliteTemplate } from "./pglite-template.ts";

const dir = mkdtempSync(join(tmpdir(), "sr-template-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const template = join(dir, "empty.tar.gz");

describe("the empty database kept for a first start", () => {
  it("starts a new data directory that migrates, keeps its data and reopens without the template", async () => {
    await writePgliteTemplate(template);
    const dataDir = join(dir, "pglite");
    expect(templateFor(dataDir, template)).toBeInstanceOf(Blob);

    const first = await openPglite(dataDir, null, template);
    await first.migrate();
    await first.db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('u1', 'Ann', 'ann@example.com')`);
    await first.close();
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    // A directory with a database in it is never overwritten by the template.
    expect(templateFor(dataDir, template)).toBeUndefined();

    const again = await openPglite(dataDir, null, template);
    const { rows } = (await again.db.execute(sql`SELECT name FROM "user" WHERE id = 'u1'`)) as unknown as {
      rows: { name: string }[];
    };
    expect(rows).toEqual([{ name: "Ann" }]);
    await again.close();
  });

  it("is not used when there is none: PGlite makes the database itself", async () => {
    const dataDir = join(dir, "no-template");
    expect(templateFor(dataDir, join(dir, "missing.tar.gz"))).toBeUndefined();
    const database = await openPglite(dataDir, null, join(dir, "missing.tar.gz"));
    await database.migrate();
    await database.close();
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
  });
});
