// What an open page listens to. Each public live event is published on one
// topic, and a stream hears only the topics its page named when it opened
// (GET /api/events?topic=...), besides its own member's private events. A
// comment on one list thus reaches the pages showing that list, not every
// open tab on the site (docs/product.md, "Live updates").
//
// No zod here: the browser needs the topics with the page, the schemas only
// with the first event (live-events.schema.ts).

/** A discussion's owner: a list (its owner and id) or a Global Rankings category. */
export type TopicTarget = { listUserId: string; listId: string } | { categoryId: string };

/** The live events that go to everyone who listens to their topic. */
export type PublicLiveEventName = "comments" | "global-rankings" | "reference-lists" | "consensus";

/** At most this many topics a stream; a page names one to three. */
export const MAX_STREAM_TOPICS = 16;
/** A topic's longest form: "comments/list/" and two ids of at most 128 characters. */
export const MAX_TOPIC_LENGTH = 300;

/** The topic of a discussion's events. */
export function discussionTopic(target: TopicTarget): string {
  return "categoryId" in target
    ? `comments/category/${target.categoryId}`
    : `comments/list/${target.listUserId}/${target.listId}`;
}

/**
 * The topic a public event is published on. Discussions have one each;
 * Global Rankings (at most one event a second per category, and the overview
 * shows every category), the home page's reference lists and the consensus
 * have one topic each.
 */
export function topicOf(type: PublicLiveEventName, data: unknown): string {
  return type === "comments" ? discussionTopic(data as TopicTarget) : type;
}
