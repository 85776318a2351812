import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { LIMITS } from "#shared/limits.ts";

/**
 * Usernames are unique case-insensitively, but two people may share the part
 * of their emails before the at-sign; the second gets a number appended.
 */
export async function uniqueDisplayName(db: Db, wanted: string): Promise<string> {
  const base = wanted.trim().slice(0, LIMITS.usernameMax) || "survivor";
  const taken = await db
    .select({ name: sql<string>`lower(${user.name})` })
    .from(user)
    .where(sql`lower(${user.name}) LIKE ${likePrefix(base.toLowerCase())}`);
  const names = new Set(taken.map((r) => r.name));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = base.slice(0, LIMITS.usernameMax - suffix.length) + suffix;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

function likePrefix(s: string): string {
  return s.replace(/[\\%_]/g, (c) => "\\" + c).slice(0, LIMITS.usernameMax - 6) + "%";
}
