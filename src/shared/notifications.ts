/** Notification texts (docs/product.md, Inbox (notifications)). */
export const NOTIFICATION_TYPES = ["list_like", "comment_like", "comment", "comment_reply"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_MESSAGES = {
  inbox: "Inbox",
  empty: "No notifications yet",
  fallbackName: "Someone",
  other: "New notification",
} as const;

/** The line an Inbox entry shows. `content` is the comment text of comment and reply types. */
export function notificationText(type: string, actorName: string | null, content: string | null): string {
  const name = actorName?.trim() || NOTIFICATION_MESSAGES.fallbackName;
  // "{first 10 chars}...": the comment's first ten characters and an ellipsis.
  const snippet = `${(content ?? "").slice(0, 10)}...`;
  switch (type) {
    case "list_like":
      return `${name} liked your list!`;
    case "comment_like":
      return `${name} liked your comment!`;
    case "comment":
      return `${name} commented "${snippet}"`;
    case "comment_reply":
      return `${name} replied to your comment: "${snippet}"`;
    default:
      return NOTIFICATION_MESSAGES.other;
  }
}
