import type { InboxDto, InboxEntryDto } from "#server/api-types.ts";
import { pathTo } from "#shared/routes.ts";

export type InboxLink = InboxEntryDto["link"];

/** Where a click on a notification leads: the list, or the global ranking; nowhere when its comment is gone. */
export function inboxPath(link: InboxLink): string | null {
  if (!link) return null;
  if (link.kind === "list") return pathTo("list", { userId: link.userId, listId: link.listId });
  return pathTo("globalCategory", { categoryId: link.categoryId });
}

/** The icons: a like for likes, a comment for comments and replies, none otherwise. */
export function iconKind(type: string): "like" | "comment" | null {
  if (type === "list_like" || type === "comment_like") return "like";
  if (type === "comment" || type === "comment_reply") return "comment";
  return null;
}

/** The badge's text; hidden (null) when nothing is unread. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "99+" : String(unread);
}

/** The Inbox with one notification read: what the screen shows until the server answers. */
export function withRead(inbox: InboxDto, id: string): InboxDto {
  const entry = inbox.notifications.find((n) => n.id === id);
  if (!entry?.isNew) return inbox;
  return {
    notifications: inbox.notifications.map((n) => (n.id === id ? { ...n, isNew: false } : n)),
    unread: Math.max(0, inbox.unread - 1),
  };
}

/** The Inbox with everything read. */
export function withAllRead(inbox: InboxDto): InboxDto {
  if (inbox.unread === 0 && inbox.notifications.every((n) => !n.isNew)) return inbox;
  return { notifications: inbox.notifications.map((n) => ({ ...n, isNew: false })), unread: 0 };
}
