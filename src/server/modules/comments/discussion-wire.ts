import type { SharedDiscussion } from "../../cache/discussion-cache.ts";
import { asJsonBytes, type JsonBytes } from "../../http/json-bytes.ts";
import type { Discussion } from "#shared/comments.ts";

// A discussion goes out as JSON text encoded once per change and shared by
// every reader: one object for every visitor, so the response compression
// keeps its compressed copy too (http/compression.ts). A member's copy is the
// shared bytes with only their own comments' and votes' fields replaced.

/** How a visitor's copy ends each comment (CommentView's last two fields); JSON text cannot hold it inside a string. */
const VISITOR_FIELDS = Buffer.from('"myVote":0,"canDelete":false');

/** A reader's fields as bytes, encoded once for each vote (-1, 0, 1) and delete right. */
const READER_FIELDS = new Map(
  [-1, 0, 1].flatMap((myVote) =>
    [false, true].map((canDelete) => [
      `${myVote}:${canDelete}`,
      Buffer.from(`"myVote":${myVote},"canDelete":${canDelete}`),
    ]),
  ),
);

/** The discussion as visitors see it, encoded, with what a member's copy needs to find its fields. */
export function encodeDiscussion(discussion: Discussion): SharedDiscussion {
  const bytes = Buffer.from(JSON.stringify(discussion));
  const inOrder = discussion.threads.flatMap((t) => [t, ...t.replies]);
  const fieldsAt: number[] = [];
  for (let at = bytes.indexOf(VISITOR_FIELDS); at >= 0; at = bytes.indexOf(VISITOR_FIELDS, at + 1)) {
    fieldsAt.push(at);
  }
  // Comment text is escaped JSON and cannot hold the marker: one per comment.
  if (fieldsAt.length !== inOrder.length) throw new Error("discussion text out of step with its comments");
  const placesBy = new Map<string, number[]>();
  inOrder.forEach((c, place) => {
    if (c.deleted || !c.author) return;
    const places = placesBy.get(c.author.id);
    if (places) places.push(place);
    else placesBy.set(c.author.id, [place]);
  });
  return {
    discussion,
    bytes,
    fieldsAt,
    inOrder,
    placeOf: new Map(inOrder.map((c, place) => [c.id, place])),
    placesBy,
  };
}

export interface Reader {
  id: string;
  /** Editors may delete any comment. */
  isEditor: boolean;
}

/** The shared bytes with the reader's own votes and delete rights laid over them. */
export function forReader(
  shared: SharedDiscussion,
  reader: Reader,
  votes: ReadonlyMap<string, number>,
): JsonBytes<Discussion> {
  const changed = new Map<number, { myVote: number; canDelete: boolean }>();
  const deletable = reader.isEditor
    ? shared.inOrder.flatMap((c, place) => (c.deleted ? [] : [place]))
    : (shared.placesBy.get(reader.id) ?? []);
  for (const place of deletable) changed.set(place, { myVote: 0, canDelete: true });
  for (const [id, myVote] of votes) {
    const place = shared.placeOf.get(id);
    if (place === undefined || myVote === 0 || shared.inOrder[place]!.deleted) continue;
    changed.set(place, { myVote, canDelete: changed.has(place) });
  }
  if (changed.size === 0) return asJsonBytes(shared.bytes);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const place of [...changed.keys()].sort((a, b) => a - b)) {
    const at = shared.fieldsAt[place]!;
    const { myVote, canDelete } = changed.get(place)!;
    parts.push(shared.bytes.subarray(from, at), READER_FIELDS.get(`${myVote}:${canDelete}`)!);
    from = at + VISITOR_FIELDS.length;
  }
  parts.push(shared.bytes.subarray(from));
  return asJsonBytes(Buffer.concat(parts));
}
