import { and, desc, eq, sql } from "drizzle-orm";
import type { Auth } from "../../auth/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { listCreatedAtMs } from "../../db/list-creation-ms.ts";
import { textArray } from "../../db/text-array.ts";
import { writeTransaction } from "../../db/transaction-visibility.ts";
import {
  account,
  comments,
  commentVotes,
  drafts,
  favorites,
  lists,
  listUpvotes,
  notifications,
  rateLimits,
  referenceLists,
  session,
  submissions,
  user,
  verification,
} from "../../db/schema/index.ts";
import { type ListFacts, writeBegins } from "../../events/domain-event-map.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import type { Logger } from "../../logger.ts";
import type { RateLimiter } from "../../rate-limit/rate-limiter.ts";
import type { Store } from "../../store.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { targetOfRow } from "../comments/comment-targets.ts";
import { recountCategoryIn } from "../global-rankings/global-rankings.service.ts";
import { ACCOUNT_MESSAGES, type AccountOverview } from "#shared/account.ts";
import type { CommentTarget } from "#shared/comments.schema.ts";
import { deviceName } from "#shared/user-agent.ts";

// A member's own account (docs/product.md, Your account): what the account
// page shows, ending one of their sessions, and deleting the account.

const CREDENTIAL = "credential";

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(result: unknown) => (result as { rows: T[] }).rows;

/** The member's sign-in methods and sessions; `currentSessionId` is the asking session. */
export async function accountOverview(
  db: Db,
  userId: string,
  currentSessionId: string | null,
): Promise<AccountOverview> {
  const [me] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  if (!me) throw notFound("User profile not found.");
  const methods = await db
    .select({ providerId: account.providerId, hasPassword: sql<boolean>`${account.password} IS NOT NULL` })
    .from(account)
    .where(eq(account.userId, userId));
  const sessions = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), sql`${session.expiresAt} > now()`))
    .orderBy(desc(session.updatedAt), desc(session.id));
  const current = sessions.filter((s) => s.id === currentSessionId);
  return {
    name: me.name,
    email: me.email,
    hasPassword: methods.some((m) => m.providerId === CREDENTIAL && m.hasPassword),
    providers: methods.filter((m) => m.providerId !== CREDENTIAL).map((m) => m.providerId),
    // This device first, then the most recently used.
    sessions: [...current, ...sessions.filter((s) => s.id !== currentSessionId)].map((s) => ({
      id: s.id,
      device: deviceName(s.userAgent),
      ipAddress: s.ipAddress || null,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.updatedAt.toISOString(),
      current: s.id === currentSessionId,
    })),
  };
}

/**
 * Ends one of the member's other sessions, named by its id (never its
 * token): another member's session, or one that is gone, is not found. Every
 * process then stops trusting what it remembers of sessions.
 */
export async function endSession(
  store: Store,
  userId: string,
  sessionId: string,
  currentSessionId: string | null,
): Promise<void> {
  if (sessionId === currentSessionId) {
    throw new ApiError(400, "CURRENT_SESSION", ACCOUNT_MESSAGES.notThisSession);
  }
  const ended = await store.db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (ended.length === 0) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
  await store.events.emit("sessions-changed", {});
}

export interface DeletionConfirmation {
  username: string;
  password?: string | undefined;
}

/** What deleting an account needs besides the store: the password check, the files, the counters. */
export interface DeletionDeps {
  auth: Auth;
  storage: FileStorage;
  limits: RateLimiter;
  logger: Logger;
}

/** Refuses a deletion the member did not confirm: their exact username, and their password if they have one. */
async function checkConfirmation(db: Db, auth: Auth, userId: string, confirm: DeletionConfirmation) {
  const [me] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  if (!me) throw notFound("User profile not found.");
  if (confirm.username.trim() !== me.name) {
    throw new ApiError(400, "WRONG_USERNAME", ACCOUNT_MESSAGES.wrongUsername);
  }
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, CREDENTIAL)));
  if (credential?.hash) {
    if (!confirm.password) throw new ApiError(400, "PASSWORD_REQUIRED", ACCOUNT_MESSAGES.passwordRequired);
    const ctx = await auth.$context;
    const right = await ctx.password.verify({ hash: credential.hash, password: confirm.password });
    if (!right) throw new ApiError(400, "INVALID_PASSWORD", ACCOUNT_MESSAGES.wrongPassword);
  }
  return me;
}

interface Removed {
  /** The lists deleted, each with the deleting transaction (the same for all). */
  lists: { id: string; facts: ListFacts; transactionId: string; createdAtMs: number }[];
  unvoted: { ownerId: string; listId: string; delta: number; upvoteCount: number }[];
  unfavored: { ownerId: string; listId: string }[];
  /** Comments whose votes or existence changed, with their discussion. */
  revoted: { id: string; target: CommentTarget }[];
  gone: { id: string; target: CommentTarget }[];
  categories: string[];
}

interface CommentRow extends Row {
  id: string;
  list_user_id: string | null;
  list_id: string | null;
  category_id: string | null;
}

const targetOf = (r: CommentRow) =>
  targetOfRow({ listUserId: r.list_user_id, listId: r.list_id, categoryId: r.category_id });

/**
 * Removes everything of a member's in one transaction (docs/product.md, Your
 * account): lists (with what others gave them), what they gave others (the
 * counts moved back), comments (a placeholder where others replied),
 * Global Rankings submissions (categories recounted), notifications by,
 * to and about them, sign-in methods and sessions, drafts, counters keyed
 * on them, and the user row, which frees the name. After the commit: each
 * change is announced, and their uploaded pictures are removed from storage.
 */
export async function deleteAccount(
  store: Store,
  deps: DeletionDeps,
  userId: string,
  confirm: DeletionConfirmation,
): Promise<void> {
  const { db } = store;
  const me = await checkConfirmation(db, deps.auth, userId, confirm);
  const began = writeBegins();
  const removed = await db.transaction((tx) => removeEverything(tx, userId, me.email.toLowerCase()));

  for (const list of removed.lists) {
    await store.events.emit("list-deleted", {
      ownerId: userId,
      listId: list.id,
      local: { began, transactionId: list.transactionId, before: list.facts, createdAtMs: list.createdAtMs },
    });
  }
  for (const u of removed.unvoted) {
    await store.events.emit("upvote-toggled", {
      ownerId: u.ownerId,
      listId: u.listId,
      voterId: userId,
      delta: u.delta,
      upvoteCount: u.upvoteCount,
      notified: [],
      local: { began },
    });
  }
  for (const f of removed.unfavored) {
    await store.events.emit("favorite-toggled", { ownerId: f.ownerId, listId: f.listId, userId });
  }
  for (const c of removed.revoted) {
    await store.events.emit("comment-voted", {
      target: c.target,
      commentId: c.id,
      voterId: userId,
      notified: [],
    });
  }
  for (const c of removed.gone) {
    await store.events.emit("comment-deleted", { target: c.target, commentId: c.id });
  }
  for (const categoryId of removed.categories) {
    await store.events.emit("category-changed", { categoryId });
  }
  await store.events.emit("member-changed", { userId });
  await store.events.emit("sessions-changed", {});
  await deps.limits.forgetKeysContaining([userId, me.email.toLowerCase()]);
  await removePictures(deps, userId);
}

async function removeEverything(tx: Tx, userId: string, email: string): Promise<Removed> {
  const [locked] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  if (!locked) throw notFound("User profile not found.");

  // Their lists, with entries, the upvotes and favourites others gave them,
  // and their discussions (by cascade); notifications about them go too.
  await tx.delete(notifications).where(eq(notifications.listUserId, userId));
  const ownLists = await tx.delete(lists).where(eq(lists.userId, userId)).returning({
    id: lists.id,
    name: lists.name,
    description: lists.description,
    kind: lists.kind,
    tags: lists.tags,
    isPublic: lists.isPublic,
    transactionId: writeTransaction,
    createdAtMs: listCreatedAtMs,
  });

  // Upvotes they gave: each list's count moves back by exactly the rows removed.
  const unvoted = rowsOf<{ user_id: string; id: string; n: number; upvote_count: number }>(
    await tx.execute(sql`
      WITH gone AS (
        DELETE FROM ${listUpvotes} WHERE voter_id = ${userId} RETURNING list_user_id, list_id
      ), counted AS (
        SELECT list_user_id, list_id, count(*)::int AS n FROM gone GROUP BY list_user_id, list_id
      )
      UPDATE ${lists} l SET upvote_count = l.upvote_count - c.n
      FROM counted c WHERE l.user_id = c.list_user_id AND l.id = c.list_id
      RETURNING l.user_id, l.id, c.n, l.upvote_count`),
  );
  const unfavored = await tx
    .delete(favorites)
    .where(eq(favorites.userId, userId))
    .returning({ ownerId: favorites.listUserId, listId: favorites.listId });

  // Votes they gave on comments: each comment's counts move back.
  const revoted = rowsOf<CommentRow>(
    await tx.execute(sql`
      WITH gone AS (
        DELETE FROM ${commentVotes} WHERE user_id = ${userId} RETURNING comment_id, value
      ), summed AS (
        SELECT comment_id, count(*) FILTER (WHERE value = 1)::int AS up,
          count(*) FILTER (WHERE value = -1)::int AS down
        FROM gone GROUP BY comment_id
      )
      UPDATE ${comments} c SET upvotes = c.upvotes - s.up, downvotes = c.downvotes - s.down
      FROM summed s WHERE c.id = s.comment_id
      RETURNING c.id, c.list_user_id, c.list_id, c.category_id`),
  );

  const gone = await removeComments(tx, userId);

  // Notifications they caused in others' Inboxes (likes, comments, replies)
  // would name or point at what is gone; their own go with the user row.
  await tx.delete(notifications).where(eq(notifications.actorId, userId));
  await tx.delete(notifications).where(eq(notifications.recipientId, userId));

  // Their Global Rankings submissions, each category's totals recounted from what remains.
  const left = await tx
    .delete(submissions)
    .where(eq(submissions.userId, userId))
    .returning({ categoryId: submissions.categoryId });
  const categories = [...new Set(left.map((s) => s.categoryId))].sort();
  for (const categoryId of categories) await recountCategoryIn(tx, categoryId);

  await tx.delete(drafts).where(eq(drafts.userId, userId));
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  // Password-reset tokens name the user (value) or their email (identifier).
  await tx
    .delete(verification)
    .where(sql`${verification.value} = ${userId} OR strpos(lower(${verification.identifier}), ${email}) > 0`);
  await tx.update(referenceLists).set({ updatedBy: null }).where(eq(referenceLists.updatedBy, userId));
  await tx
    .delete(rateLimits)
    .where(sql`strpos(${rateLimits.key}, ${userId}) > 0 OR strpos(lower(${rateLimits.key}), ${email}) > 0`);
  await tx.delete(user).where(eq(user.id, userId));

  return {
    lists: ownLists.map(({ id, transactionId, createdAtMs, ...facts }) => ({
      id,
      facts,
      transactionId,
      createdAtMs,
    })),
    unvoted: unvoted.map((u) => ({
      ownerId: u.user_id,
      listId: u.id,
      delta: -u.n,
      upvoteCount: u.upvote_count,
    })),
    unfavored: unfavored.filter((f) => f.ownerId !== userId),
    revoted: revoted.map((r) => ({ id: r.id, target: targetOf(r) })),
    gone,
    categories,
  };
}

/**
 * Their comments on others' lists and categories (those on their own lists
 * went with the lists): replies are removed; a thread they started that has
 * others' replies stays as the deleted-comment placeholder, naming nobody,
 * as when a comment is deleted (docs/product.md, Comments); the rest are
 * removed, with placeholders their replies were the last ones of.
 */
async function removeComments(tx: Tx, userId: string): Promise<{ id: string; target: CommentTarget }[]> {
  const replies = rowsOf<CommentRow & { parent_id: string }>(
    await tx.execute(sql`
      DELETE FROM ${comments} WHERE author_id = ${userId} AND parent_id IS NOT NULL
      RETURNING id, parent_id, list_user_id, list_id, category_id`),
  );
  const held = rowsOf<CommentRow>(
    await tx.execute(sql`
      UPDATE ${comments} c SET deleted = true, text = '', upvotes = 0, downvotes = 0,
        author_id = NULL, reply_to_user_id = NULL
      WHERE c.author_id = ${userId} AND c.parent_id IS NULL
        AND EXISTS (SELECT 1 FROM ${comments} r WHERE r.parent_id = c.id)
      RETURNING c.id, c.list_user_id, c.list_id, c.category_id`),
  );
  if (held.length > 0) {
    const ids = textArray(held.map((h) => h.id));
    await tx.execute(sql`DELETE FROM ${commentVotes} WHERE comment_id = ANY(${ids})`);
    await tx.execute(sql`UPDATE ${notifications} SET content = NULL WHERE comment_id = ANY(${ids})`);
  }
  const removed = rowsOf<CommentRow>(
    await tx.execute(sql`
      DELETE FROM ${comments} WHERE author_id = ${userId}
      RETURNING id, list_user_id, list_id, category_id`),
  );
  const parents = [...new Set(replies.map((r) => r.parent_id))];
  const orphans =
    parents.length === 0
      ? []
      : rowsOf<CommentRow>(
          await tx.execute(sql`
            DELETE FROM ${comments} p WHERE p.id = ANY(${textArray(parents)}) AND p.deleted
              AND NOT EXISTS (SELECT 1 FROM ${comments} r WHERE r.parent_id = p.id)
            RETURNING p.id, p.list_user_id, p.list_id, p.category_id`),
        );
  // Replies by others that answered them no longer name them.
  await tx.update(comments).set({ replyToUserId: null }).where(eq(comments.replyToUserId, userId));
  return [...replies, ...held, ...removed, ...orphans].map((r) => ({ id: r.id, target: targetOf(r) }));
}

/** Their uploaded pictures (both sizes of every upload); best effort, after the commit. */
async function removePictures(deps: DeletionDeps, userId: string): Promise<void> {
  const folder = `avatars/${userId}/`;
  try {
    for await (const key of deps.storage.keys(folder)) await deps.storage.delete(key);
  } catch (error) {
    deps.logger.error("pictures of a deleted account not removed", { folder, error: String(error) });
  }
}
