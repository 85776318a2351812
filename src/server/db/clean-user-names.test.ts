import { readFileSync } from "node:fs";
import { asc, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#testing/test-db.ts";
import { displayNameFrom } from "#shared/display-name.ts";
import { user } from "./schema/index.ts";

const migration = readFileSync(new URL("./migrations/0007_clean_user_names.sql", import.meta.url), "utf8");
const database = await createTestDatabase({ seed: false });
afterAll(() => database.dispose());

describe("migration 0007: usernames saved before the shared text rule", () => {
  it("cleans them as the rule does, numbering a name another member already has", async () => {
    // Oldest first; [name as saved, name after the migration].
    const rows: [string, string][] = [
      ["Alice", "Alice"],
      ["alice\u200B", "alice2"],
      ["\u202EBob\u0007", "Bob"],
      ["Dan\u200B", "Dan"],
      ["DAN\u2060\uFEFF", "DAN2"],
      ["Ame\u0301lie", "Amélie"],
      ["Eve\u00A0\u00A0Smith ", "Eve Smith"],
      ["\u200B\u3164", "survivor"],
      ["Fan\u200D\uFE0F", "Fan"],
      ["👩‍💻 Dev ❤️", "👩‍💻 Dev ❤️"],
      ["🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scot", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scot"],
      ["Tag\u{E0041}\u{E0042}", "Tag"],
    ];
    const start = Date.parse("2025-01-01T00:00:00Z");
    await database.db.insert(user).values(
      rows.map(([name], i) => ({
        id: `u${i}`,
        name,
        email: `u${i}@example.test`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    await database.db.execute(sql.raw(migration));
    const after = await database.db.select({ name: user.name }).from(user).orderBy(asc(user.createdAt));
    expect(after.map((r) => r.name)).toEqual(rows.map(([, cleaned]) => cleaned));
    // The SQL agrees with the rule itself (before numbering).
    for (const [raw, cleaned] of rows) {
      expect(cleaned.startsWith(displayNameFrom(raw) || "survivor"), JSON.stringify(raw)).toBe(true);
    }
    // Run again (a second process, a restore): nothing changes.
    await database.db.execute(sql.raw(migration));
    const again = await database.db.select({ name: user.name }).from(user).orderBy(asc(user.createdAt));
    expect(again).toEqual(after);
  });
});
