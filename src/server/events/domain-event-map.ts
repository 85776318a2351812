import type { CommentTarget } from "#shared/comments.schema.ts";
import type { ReferenceListId } from "#shared/reference-lists.ts";

/** What browse filters and counts read of a list: enough to tell which cached answers a save touches. */
export interface ListFacts {
  name: string;
  description: string;
  kind: string | null;
  tags: readonly string[];
  isPublic: boolean;
}

/** What the process that saved or deleted a list knows of the write (the events' `local`). */
export interface ListWriteLocal {
  began: number;
  /**
   * The write's transaction (db/transaction-visibility.ts): a count whose
   * snapshot saw it counted the list as it is now, and one that did not is
   * moved by it. Absent where the write changed no list (a deletion that
   * found it gone).
   */
  transactionId?: string;
  /** The list's facts before the write; null when it did not exist. */
  before: ListFacts | null;
  /**
   * When the list was created, in whole milliseconds rounded down
   * (db/list-creation-ms.ts), where the write changed a list (a creation, a
   * save, a deletion): browse pages in creation order that end before the
   * list are untouched by it joining or leaving their filter, and keep
   * their cards.
   */
  createdAtMs?: number;
}

/**
 * Every write that changes what some reader sees, as the service that made
 * it announces it once its transaction has committed. Caches, the live
 * streams of open pages and other derived views subscribe to the events they
 * derive from; none of them is called by the write itself.
 *
 * An event crosses to the other server processes (PostgreSQL's NOTIFY) with
 * ids and counts only: everything of unbounded size stays in `local`, which
 * only the process that made the write sees (there, caches patch their
 * copies in place; elsewhere they drop what the ids name). The largest event
 * on the wire is measured in domain-events.test.ts against NOTIFY's limit.
 */
export interface DomainEventMap {
  /** A list was created (`created`) or saved over. */
  "list-saved": {
    ownerId: string;
    listId: string;
    created: boolean;
    local?: ListWriteLocal & { after: ListFacts };
  };
  "list-deleted": { ownerId: string; listId: string; local?: ListWriteLocal };
  /**
   * A member upvoted a list (`delta` 1) or took the upvote back (-1), leaving
   * it at `upvoteCount`; `notified` are the members whose Inbox rang.
   */
  "upvote-toggled": {
    ownerId: string;
    listId: string;
    voterId: string;
    delta: number;
    upvoteCount: number;
    notified: string[];
    local?: { began: number };
  };
  "favorite-toggled": { ownerId: string; listId: string; userId: string };
  "comment-posted": { target: CommentTarget; commentId: string; notified: string[] };
  /** `voterId`'s vote on a comment changed (or went, with their account). */
  "comment-voted": { target: CommentTarget; commentId: string; voterId: string; notified: string[] };
  "comment-deleted": { target: CommentTarget; commentId: string };
  /** A member's Global Rankings top 10 was saved. */
  "submission-saved": { categoryId: string; userId: string };
  /** An operator opened, closed, recounted or imported a category. */
  "category-changed": { categoryId: string };
  /** A member's name or picture changed: it shows on their cards, comments and session. */
  "member-changed": { userId: string };
  /** A member set or cleared their spoiler horizon: it rides on their session. */
  "spoiler-horizon-changed": { userId: string };
  "reference-list-saved": { id: ReferenceListId; updatedAt: string };
  /** A new Community Consensus (every slice, and the Global Rankings ranges) was stored. */
  "consensus-computed": { computedAt: string };
  /** Sessions were ended or rewritten (sign-out, revocation, a new password): none may be trusted from memory. */
  "sessions-changed": Record<string, never>;
}

export type DomainEventName = keyof DomainEventMap;

/** Every event name, for tests that go through them all. */
export const DOMAIN_EVENT_NAMES = [
  "list-saved",
  "list-deleted",
  "upvote-toggled",
  "favorite-toggled",
  "comment-posted",
  "comment-voted",
  "comment-deleted",
  "submission-saved",
  "category-changed",
  "member-changed",
  "spoiler-horizon-changed",
  "reference-list-saved",
  "sessions-changed",
  "consensus-computed",
] as const satisfies readonly DomainEventName[];
type Unlisted = Exclude<DomainEventName, (typeof DOMAIN_EVENT_NAMES)[number]>;
// A new event must be listed above: this line fails to compile until it is.
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;

/** When a write began, on the clock cached answers are stamped with (finer than milliseconds). */
export const writeBegins = (): number => performance.now();
