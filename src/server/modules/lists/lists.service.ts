import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { batchedRead } from "../../db/batched-reads.ts";
import { textArray, textArrayLiteral, textArrayParam } from "../../db/text-array.ts";
import { builtQuery } from "../../db/built-query.ts";
import { writeTransaction } from "../../db/transaction-visibility.ts";
import { listCreatedAtMs } from "../../db/list-creation-ms.ts";
import { type ListFacts, type ListWriteLocal, writeBegins } from "../../events/domain-event-map.ts";
import type { Store } from "../../store.ts";
import { favorites, lists, listUpvotes, user } from "../../db/schema/index.ts";
import { ApiError, forbidden, notFound } from "../../http/errors.ts";
import { forgetListNotifications } from "../notifications/notifications.service.ts";
import { getCatalog } from "../seasons/catalog.ts";
import { effectiveTags, LIST_MESSAGES, type ListKind, type ListSummary } from "#shared/lists.ts";
import { type listInputSchema } from "#shared/lists.schema.ts";
import { LIMITS } from "#shared/limits.ts";
import type { z } from "zod";
import { type ListEntry, toEntries, validateEntries } from "./list-entries.ts";

type ListInput = z.output<typeof listInputSchema>;

export type { ListSummary };

export interface ListDetail extends ListSummary {
  items: ListEntry[];
  viewer: { isOwner: boolean; upvoted: boolean; favorited: boolean };
}

export const UNKNOWN_USER = "Unknown User";

/** Columns every list view needs, with the owner's current name. */
export const summaryColumns = {
  id: lists.id,
  userId: lists.userId,
  userName: user.name,
  userPictureUrl: user.profilePictureUrl,
  name: lists.name,
  description: lists.description,
  tags: lists.tags,
  kind: lists.kind,
  upvoteCount: lists.upvoteCount,
  itemCount: lists.itemCount,
  createdAt: lists.createdAt,
  updatedAt: lists.updatedAt,
  // The entries in order as the row keeps them: a card's first few come from
  // here, with no query of list_items (docs/performance.md).
  ranking: lists.ranking,
};

interface SummaryRow {
  id: string;
  userId: string;
  userName: string | null;
  userPictureUrl: string | null;
  name: string;
  description: string;
  tags: string[];
  kind: "seasons" | "castaways" | null;
  upvoteCount: number;
  itemCount: number;
  createdAt: Date;
  updatedAt: Date;
  ranking: string;
}

/** A list row's entries in order, from its `ranking` column. */
const entryIdsOf = (ranking: string) => (ranking ? ranking.split(" ") : []);

export async function withPreviews(store: Store, rows: SummaryRow[]): Promise<ListSummary[]> {
  const catalog = await getCatalog(store);
  return rows.map((r) =>
    toSummary(r, toEntries(catalog, entryIdsOf(r.ranking).slice(0, LIMITS.cardPreviewEntries))),
  );
}

function toSummary(r: SummaryRow, preview: ListEntry[]): ListSummary {
  return {
    id: r.id,
    userId: r.userId,
    userName: r.userName ?? UNKNOWN_USER,
    userPictureUrl: r.userPictureUrl,
    name: r.name,
    description: r.description,
    tags: r.tags,
    kind: r.kind ?? null,
    upvoteCount: r.upvoteCount,
    itemCount: r.itemCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    preview,
  };
}

/** The entries as the list row keeps them beside list_items (the `ranking` column): written together, always. */
export const rankingOf = (ids: readonly string[]) => ids.join(" ");

/**
 * The list's entries become `ids`: each position set to its entry, positions
 * past the last removed (the database's `write_list_items`, migration 0013,
 * which a save over an old version runs too).
 */
async function writeItems(tx: Tx, userId: string, listId: string, ids: string[]) {
  await tx.execute(sql`SELECT write_list_items(${userId}, ${listId}, ${textArray(ids)})`);
}

/** What browse filters will read of a list saved from `input`. */
function factsOf(input: ListInput, kind: ListKind | null): ListFacts {
  return {
    name: input.name,
    description: input.description,
    kind,
    tags: effectiveTags(input.tags, kind),
    isPublic: true,
  };
}

/**
 * Saves a new public list. Its id is 'list_' plus the current millisecond; two
 * saves by one user in the same millisecond take the next free one.
 */
export async function createList(store: Store, userId: string, input: ListInput, now = Date.now()) {
  const began = writeBegins();
  const { db } = store;
  const { ids, kind } = validateEntries(await getCatalog(store), input.items);
  const { listId, transactionId, createdAtMs } = await db.transaction(async (tx) => {
    // The count and the insert in one transaction, the owner's row locked
    // first: two creates at the cap would otherwise both count 499 and both
    // insert. NO KEY UPDATE serialises this member's creates only; the foreign
    // keys of other writes (their KEY SHARE) are not held up.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
    const [owned] = await tx.select({ n: count() }).from(lists).where(eq(lists.userId, userId));
    if (Number(owned?.n ?? 0) >= LIMITS.listsPerUser) {
      throw new ApiError(409, "TOO_MANY_LISTS", LIST_MESSAGES.tooManyLists);
    }
    for (let ms = now; ms < now + 1000; ms++) {
      const id = `list_${ms}`;
      const inserted = await tx
        .insert(lists)
        .values({
          userId,
          id,
          name: input.name,
          description: input.description,
          kind,
          tags: effectiveTags(input.tags, kind),
          itemCount: ids.length,
          ranking: rankingOf(ids),
          isPublic: true,
        })
        .onConflictDoNothing()
        .returning({ transactionId: writeTransaction, createdAtMs: listCreatedAtMs });
      if (inserted.length === 0) continue;
      await writeItems(tx, userId, id, ids);
      return { listId: id, ...inserted[0]! };
    }
    throw new ApiError(409, "ID_EXHAUSTED", "Could not allocate a list id. Please try again.");
  });
  await store.events.emit("list-saved", {
    ownerId: userId,
    listId,
    created: true,
    local: { began, transactionId, before: null, after: factsOf(input, kind), createdAtMs },
  });
  return getListDetail(store, userId, listId, userId);
}

async function requireOwnedList(db: Db, actorId: string, ownerId: string, listId: string) {
  const [row] = await db
    .select({ userId: lists.userId })
    .from(lists)
    .where(and(eq(lists.userId, ownerId), eq(lists.id, listId)));
  if (!row) throw notFound("List not found");
  if (ownerId !== actorId) throw forbidden("You can only change your own lists.");
}

/** What browse filters read of a list. */
const filterableColumns = {
  name: lists.name,
  description: lists.description,
  kind: lists.kind,
  tags: lists.tags,
  isPublic: lists.isPublic,
};

/** Saves a list over its old version. */
export async function updateList(
  store: Store,
  actorId: string,
  ownerId: string,
  listId: string,
  input: ListInput,
) {
  const began = writeBegins();
  const { db } = store;
  // Another member's list: 404 or 403, whichever applies (the owner's own
  // save learns that the list exists from the save itself).
  if (actorId !== ownerId) await requireOwnedList(db, actorId, ownerId, listId);
  const { ids, kind } = validateEntries(await getCatalog(store), input.items);
  // One call: the row locked, its facts before the save kept, the row and
  // its entries written (the database's `save_list`, migration 0013). The
  // browse counts are moved by exactly what this save changed, even when two
  // saves of it cross; the lock is held only while the database works.
  const { rows } = (await db.execute(sql`
    SELECT save_list(${ownerId}, ${listId}, ${input.name}, ${input.description}, ${kind},
      ${textArray(effectiveTags(input.tags, kind))}, ${rankingOf(ids)}, ${textArray(ids)}) AS before,
      ${writeTransaction} AS "transactionId"`)) as unknown as {
    rows: { before: (ListFacts & { createdAtMs: number }) | null; transactionId: string }[];
  };
  const saved = rows[0]?.before ?? null;
  if (saved === null) throw notFound("List not found");
  const { transactionId } = rows[0]!;
  const { createdAtMs, ...before } = saved;
  await store.events.emit("list-saved", {
    ownerId,
    listId,
    created: false,
    local: { began, transactionId, before, after: factsOf(input, kind), createdAtMs },
  });
  return getListDetail(store, ownerId, listId, actorId);
}

/** Deletes a list. */
export async function deleteList(store: Store, actorId: string, ownerId: string, listId: string) {
  const began = writeBegins();
  const { db } = store;
  await requireOwnedList(db, actorId, ownerId, listId);
  // Its comments and votes go by cascade; its notifications are only tagged with it.
  const gone = await db.transaction(async (tx) => {
    await forgetListNotifications(tx, ownerId, listId);
    const [row] = await tx
      .delete(lists)
      .where(and(eq(lists.userId, ownerId), eq(lists.id, listId)))
      .returning({ ...filterableColumns, createdAtMs: listCreatedAtMs, transactionId: writeTransaction });
    return row;
  });
  let local: ListWriteLocal = { began, before: null };
  if (gone) {
    const { createdAtMs, transactionId, ...before } = gone;
    local = { began, transactionId, before, createdAtMs };
  }
  await store.events.emit("list-deleted", { ownerId, listId, local });
}

interface DetailAsked {
  ownerId: string;
  listId: string;
  /** '' for a visitor: an id no member has. */
  viewerId: string;
}

/**
 * List pages asked for at the same moment, read in one query (batchedRead):
 * each list with its entries, its author and the reader's upvote and
 * favourite. Each is a primary-key probe, and most of a probe's cost is the
 * statement's own (on PGlite 0.4 ms, most of a list page's time under load;
 * docs/performance.md). The query is built once (db/built-query.ts), and
 * its text never changes, so the database prepares it once and keeps it.
 */
function listDetailsReaderOf(db: Db) {
  const keys = sql`unnest(${textArrayParam("owners")}, ${textArrayParam("lists")}, ${textArrayParam("viewers")}) WITH ORDINALITY AS k(owner_id, list_id, viewer_id, n)`;
  const query = builtQuery(
    db
      .select({
        ...summaryColumns,
        n: sql<string>`k.n`,
        upvoted: sql<boolean>`EXISTS (SELECT 1 FROM ${listUpvotes} WHERE ${listUpvotes.listUserId} = ${lists.userId} AND ${listUpvotes.listId} = ${lists.id} AND ${listUpvotes.voterId} = k.viewer_id)`,
        favorited: sql<boolean>`EXISTS (SELECT 1 FROM ${favorites} WHERE ${favorites.userId} = k.viewer_id AND ${favorites.listUserId} = ${lists.userId} AND ${favorites.listId} = ${lists.id})`,
      })
      .from(keys)
      .innerJoin(lists, sql`${lists.userId} = k.owner_id AND ${lists.id} = k.list_id AND ${lists.isPublic}`)
      .leftJoin(user, eq(user.id, lists.userId)),
  );
  return batchedRead(async (asked: DetailAsked[]) => {
    const rows = await query.execute({
      owners: textArrayLiteral(asked.map((a) => a.ownerId)),
      lists: textArrayLiteral(asked.map((a) => a.listId)),
      viewers: textArrayLiteral(asked.map((a) => a.viewerId)),
    });
    return new Map(rows.map(({ n, ...row }) => [asked[Number(n) - 1]!, row]));
  });
}

export async function getListDetail(
  store: Store,
  ownerId: string,
  listId: string,
  viewerId: string | null,
): Promise<ListDetail> {
  const { db } = store;
  const found = await store.perApp(listDetailsReaderOf)({ ownerId, listId, viewerId: viewerId ?? "" });
  if (!found) {
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.id, ownerId));
    if (!owner) throw notFound("User not found");
    const [any] = await db.select({ id: lists.id }).from(lists).where(eq(lists.userId, ownerId)).limit(1);
    throw notFound(any ? "List not found" : "No lists found for this user");
  }
  const { upvoted, favorited, ...row } = found;
  const items = toEntries(await getCatalog(store), entryIdsOf(row.ranking));
  return {
    ...toSummary(row, items.slice(0, LIMITS.cardPreviewEntries)),
    items,
    viewer: { isOwner: viewerId === ownerId, upvoted: Boolean(upvoted), favorited: Boolean(favorited) },
  };
}

/** A user's public lists as cards, newest-updated first (all of them: at most LIMITS.listsPerUser). */
export async function listsOfUser(store: Store, userId: string): Promise<ListSummary[]> {
  return withPreviews(store, await userListRows(store.db, userId));
}

/**
 * One page of a user's public lists, 12 like browse; `total` is their
 * count of public lists. A page past the end is the last page.
 */
export async function listsOfUserPage(store: Store, userId: string, wantedPage: number, total: number) {
  const pageSize = LIMITS.browsePageSize;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(wantedPage, pageCount);
  const rows = await userListRows(store.db, userId, { limit: pageSize, offset: (page - 1) * pageSize });
  return { lists: await withPreviews(store, rows), page, pageCount, total };
}

function userListRows(db: Db, userId: string, window?: { limit: number; offset: number }) {
  const query = db
    .select(summaryColumns)
    .from(lists)
    .leftJoin(user, eq(user.id, lists.userId))
    .where(and(eq(lists.userId, userId), eq(lists.isPublic, true)))
    .orderBy(desc(lists.updatedAt), desc(lists.id))
    .$dynamic();
  return window ? query.limit(window.limit).offset(window.offset) : query;
}
