import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { lists } from "./lists.ts";

/**
 * A comment on a list (list_user_id + list_id) or on a global ranking
 * category (category_id). Replies point at their thread's top-level comment
 * (parent_id) and name the author they answer (reply_to_user_id). Vote counts
 * are kept here, moved in the vote's own transaction.
 */
export const comments = pgTable(
  "comments",
  {
    id: text("id").primaryKey(),
    listUserId: text("list_user_id"),
    listId: text("list_id"),
    categoryId: text("category_id"),
    /** Null only on a placeholder whose author deleted their account (docs/product.md, Your account). */
    authorId: text("author_id").references(() => user.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    replyToUserId: text("reply_to_user_id").references(() => user.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    /** A deleted comment that still has replies stays, without its text. */
    deleted: boolean("deleted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.listUserId, t.listId], foreignColumns: [lists.userId, lists.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete("cascade"),
    check(
      "comments_one_target",
      sql`(${t.listId} IS NOT NULL AND ${t.listUserId} IS NOT NULL AND ${t.categoryId} IS NULL) OR (${t.listId} IS NULL AND ${t.listUserId} IS NULL AND ${t.categoryId} IS NOT NULL)`,
    ),
    // A discussion is read whole, newest first: one index scan per target.
    index("comments_list_idx").on(t.listUserId, t.listId, t.createdAt.desc()),
    index("comments_category_idx").on(t.categoryId, t.createdAt.desc()),
    index("comments_parent_idx").on(t.parentId),
  ],
);

/** One row per reader and comment: +1 or -1. */
export const commentVotes = pgTable(
  "comment_votes",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    value: smallint("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    check("comment_votes_value", sql`${t.value} IN (1, -1)`),
    index("comment_votes_user_idx").on(t.userId, t.commentId),
  ],
);
