import * as z from "zod/mini";
import { REFERENCE_LIST_IDS } from "./reference-lists.ts";

// The events the server pushes to open pages over /api/events, one schema
// each: the server publishes them typed by LiveEventMap, and the browser
// checks each one against its schema as it arrives (src/client/lib/
// server-events.ts), so a feature's handler receives the type, never unknown.
// They say what changed, never how it looks now: a page that cares refetches
// (what changed may be large, and a pushed copy could overtake a newer one).
// zod/mini keeps the browser's share small (the client loads it with the
// first event, not with the page).

const id = z.string().check(z.minLength(1), z.maxLength(128));

export const LIVE_EVENT_SCHEMAS = {
  /** The reader's Inbox has something new (sent to that member's streams only). */
  notifications: z.strictObject({}),
  /** A discussion changed: a comment posted, voted on or deleted. */
  comments: z.union([z.strictObject({ listUserId: id, listId: id }), z.strictObject({ categoryId: id })]),
  /** A Global Rankings category's results changed (at most about once a second per category). */
  "global-rankings": z.strictObject({ categoryId: id }),
  /** An editor saved one of the home page's reference lists. */
  "reference-lists": z.strictObject({ id: z.enum(REFERENCE_LIST_IDS), updatedAt: z.string() }),
  /** A new Community Consensus was computed (every slice, and the Global Rankings ranges). */
  consensus: z.strictObject({ computedAt: z.string() }),
};

export type LiveEventName = keyof typeof LIVE_EVENT_SCHEMAS;
export type LiveEventMap = { [K in LiveEventName]: z.infer<(typeof LIVE_EVENT_SCHEMAS)[K]> };

/** The event's data if it has its type's shape, else null (a malformed push is dropped, not passed on). */
export function parseLiveEvent<K extends LiveEventName>(type: K, data: unknown): LiveEventMap[K] | null {
  const parsed = LIVE_EVENT_SCHEMAS[type].safeParse(data);
  return parsed.success ? (parsed.data as LiveEventMap[K]) : null;
}

export const isLiveEventName = (name: string): name is LiveEventName =>
  Object.prototype.hasOwnProperty.call(LIVE_EVENT_SCHEMAS, name);
