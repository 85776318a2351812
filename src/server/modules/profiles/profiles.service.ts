import { and, count, desc, asc, eq, ne, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { castaways, listItems, lists, seasons, user } from "../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import type { Store } from "../../store.ts";
import { IDOL_CHANCE } from "#shared/limits.ts";
import { PROFILE_MESSAGES } from "#shared/profile.ts";

export interface ProfileStats {
  id: string;
  name: string;
  profilePictureUrl: string | null;
  idolsFound: number;
  listCount: number;
  totalUpvotes: number;
  /** `id`: the person's earliest appearance among those counted. */
  mostRanked: { id: string; name: string; count: number } | null;
}

export async function getProfile(db: Db, userId: string): Promise<ProfileStats> {
  const [u] = await db
    .select({
      id: user.id,
      name: user.name,
      profilePictureUrl: user.profilePictureUrl,
      idolsFound: user.idolsFound,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!u) throw notFound("User profile not found.");
  const [totals] = await db
    .select({ listCount: count(), totalUpvotes: sum(lists.upvoteCount) })
    .from(lists)
    .where(and(eq(lists.userId, userId), eq(lists.isPublic, true)));
  // docs/product.md, Profiles and pictures: counts castaway entries (not seasons) across the user's lists; ties
  // go to the alphabetically first name. The same person in two seasons counts once.
  // Named by the person's earliest appearance among those ranked, so a
  // reader's spoiler horizon can hide someone they have not met yet
  // (docs/product.md, "Spoiler horizon").
  const [top] = await db
    .select({
      name: castaways.name,
      count: count(),
      firstId: sql<string>`(array_agg(${castaways.id} ORDER BY ${seasons.number}))[1]`,
    })
    .from(listItems)
    .innerJoin(castaways, eq(castaways.id, listItems.itemId))
    .innerJoin(seasons, eq(seasons.id, castaways.seasonId))
    .where(eq(listItems.userId, userId))
    .groupBy(castaways.name)
    .orderBy(desc(count()), asc(castaways.name))
    .limit(1);
  return {
    ...u,
    listCount: Number(totals?.listCount ?? 0),
    totalUpvotes: Number(totals?.totalUpvotes ?? 0),
    mostRanked: top ? { id: top.firstId, name: top.name, count: Number(top.count) } : null,
  };
}

/** Renames a user; the name on every list follows because lists join the user row. */
export async function changeUsername(store: Store, userId: string, displayName: string): Promise<string> {
  const { db } = store;
  const [clash] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.name}) = lower(${displayName})`, ne(user.id, userId)))
    .limit(1);
  if (clash) throw new ApiError(409, "USERNAME_TAKEN", PROFILE_MESSAGES.usernameTaken);
  try {
    await db
      .update(user)
      .set({ name: displayName, updatedAt: sql`now()` })
      .where(eq(user.id, userId));
  } catch (e) {
    // Two people taking one name at the same moment: the unique index decides.
    if (isUniqueViolation(e)) throw new ApiError(409, "USERNAME_TAKEN", PROFILE_MESSAGES.usernameTaken);
    throw e;
  }
  await store.events.emit("member-changed", { userId });
  return displayName;
}

function isUniqueViolation(e: unknown): boolean {
  const code =
    (e as { code?: string; cause?: { code?: string } })?.code ??
    (e as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

export const IDOL_DRAW_LIMIT = { max: 30, windowMs: 60_000 };

export const IDOL_DRAW_MESSAGE = "Slow down! The idols will still be hidden in a minute.";

/**
 * A season-card click: the 5 % draw happens here so a client cannot mint
 * idols (and the route limits draws per member, so a script cannot either).
 */
export async function drawIdol(
  db: Db,
  userId: string,
  random: () => number = Math.random,
): Promise<{ found: boolean; idolsFound: number }> {
  const found = random() < IDOL_CHANCE;
  const [row] = found
    ? await db
        .update(user)
        .set({ idolsFound: sql`${user.idolsFound} + 1` })
        .where(eq(user.id, userId))
        .returning({ idolsFound: user.idolsFound })
    : await db.select({ idolsFound: user.idolsFound }).from(user).where(eq(user.id, userId));
  return { found, idolsFound: row?.idolsFound ?? 0 };
}
