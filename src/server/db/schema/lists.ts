import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** A ranked list. Its id ('list_' + ms) is unique per owner; URLs carry both. */
export const lists = pgTable(
  "lists",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: ["seasons", "castaways"] }),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublic: boolean("is_public").notNull().default(true),
    upvoteCount: integer("upvote_count").notNull().default(0),
    itemCount: integer("item_count").notNull().default(0),
    /**
     * The entries' item ids in order, space-separated: list_items as one
     * value, written with them (lists.service.ts), so the consensus reads a
     * million lists as a scan of this table (docs/performance.md).
     */
    ranking: text("ranking").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    // All-ascending keys: scanned forwards they serve 'oldest', backwards
    // 'newest' and 'most votes', each with the same tie-breakers as the ORDER BY.
    index("lists_created_idx").on(t.createdAt, t.userId, t.id),
    index("lists_votes_idx").on(t.upvoteCount, t.createdAt, t.userId, t.id),
    // No index on (user_id, updated_at): a member's lists (at most 500) are
    // found by the primary key and sorted, and every upvote rewrote an entry
    // in it (docs/performance.md, "One index fewer on lists").
    index("lists_tags_idx").using("gin", t.tags),
  ],
);

/**
 * Public lists of each kind ('' for a list without one), kept by triggers on
 * lists (migration 0015) in the transaction that changed them, so browse's
 * count of every public list is a read of a few rows instead of a scan: a
 * million lists took 0.5-0.8 s to count on PGlite, blocking its one thread
 * (decision 024).
 */
export const publicListCounts = pgTable("public_list_counts", {
  kind: text("kind").primaryKey(),
  lists: bigint("lists", { mode: "number" }).notNull(),
});

/** Entries in order; item_id is a season id ('s12') or an appearance id ('s12-...'). */
export const listItems = pgTable(
  "list_items",
  {
    userId: text("user_id").notNull(),
    listId: text("list_id").notNull(),
    position: integer("position").notNull(),
    itemId: text("item_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listId, t.position] }),
    foreignKey({ columns: [t.userId, t.listId], foreignColumns: [lists.userId, lists.id] }).onDelete(
      "cascade",
    ),
    // No index on item_id: nothing finds entries by castaway or season alone,
    // and every save wrote ten entries into one (docs/performance.md).
  ],
);

export const listUpvotes = pgTable(
  "list_upvotes",
  {
    listUserId: text("list_user_id").notNull(),
    listId: text("list_id").notNull(),
    voterId: text("voter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listUserId, t.listId, t.voterId] }),
    foreignKey({ columns: [t.listUserId, t.listId], foreignColumns: [lists.userId, lists.id] }).onDelete(
      "cascade",
    ),
    // A member's own upvotes: their flags on every card (browse.service.ts), and their account's removal.
    index("list_upvotes_voter_idx").on(t.voterId),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listUserId: text("list_user_id").notNull(),
    listId: text("list_id").notNull(),
    favoritedAt: timestamp("favorited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listUserId, t.listId] }),
    foreignKey({ columns: [t.listUserId, t.listId], foreignColumns: [lists.userId, lists.id] }).onDelete(
      "cascade",
    ),
    index("favorites_user_idx").on(t.userId, t.favoritedAt.desc()),
  ],
);

/** One server-side draft per user, autosaved from the create screen. */
export const drafts = pgTable("drafts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull().default(""),
  description: text("description").notNull().default(""),
  tags: text("tags")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  items: jsonb("items").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    listUserId: text("list_user_id"),
    listId: text("list_id"),
    commentId: text("comment_id"),
    categoryId: text("category_id"),
    content: text("content"),
    isNew: boolean("is_new").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipientId, t.createdAt.desc()),
    // One like notification per actor and thing liked: unliking and liking
    // again does not notify twice.
    uniqueIndex("notifications_like_once_idx")
      .on(
        t.type,
        t.actorId,
        sql`coalesce(${t.listUserId}, '')`,
        sql`coalesce(${t.listId}, '')`,
        sql`coalesce(${t.commentId}, '')`,
      )
      .where(sql`${t.type} IN ('list_like', 'comment_like')`),
    index("notifications_list_idx").on(t.listUserId, t.listId),
    index("notifications_comment_idx").on(t.commentId),
  ],
);

/** The home page's three named reference lists, edited by editors only. */
export const referenceLists = pgTable("reference_lists", {
  id: text("id", { enum: ["maddysList", "andrewsList", "kendallsList"] }).primaryKey(),
  items: jsonb("items").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});
