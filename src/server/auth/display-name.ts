import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { displayNameFrom } from "#shared/display-name.ts";
import { LIMITS } from "#shared/limits.ts";
import { truncateText } from "#shared/text-rules.ts";

/**
 * Usernames are unique case-insensitively, but two people may share the part
 * of their emails before the at-sign; the second gets a number appended.
 * The name is compared as it will be stored, under the shared text rule
 * (docs/product.md, Names and texts): "bob" plus a zero-width space is "bob".
 */
export async function uniqueDisplayName(db: Db, wanted: string): Promise<string> {
  const base = displayNameFrom(wanted) || "survivor";
  const taken = await db
    .select({ name: sql<string>`lower(${user.name})` })
    .from(user)
    .where(sql`lower(${user.name}) LIKE ${likePrefix(base.toLowerCase())}`);
  const names = new Set(taken.map((r) => r.name));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = truncateText(base, LIMITS.usernameMax - suffix.length, "line") + suffix;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** Names starting like the base, numbered ones (up to six digits) included; cut between characters, never inside one. */
function likePrefix(s: string): string {
  return truncateText(s, LIMITS.usernameMax - 6, "line").replace(/[\\%_]/g, (c) => "\\" + c) + "%";
}
