import { useQuery } from "@tanstack/react-query";
import { inboxQueryOptions, useInboxLive } from "../api/inbox-api.ts";
import { badgeText } from "../model/inbox-entries.ts";
import "./inbox.css";

/**
 * The unread count on the compact header's menu button: there the Inbox sits
 * inside the closed menu, and would otherwise ring unseen. Live as the Inbox is.
 */
export function InboxMenuBadge() {
  const { data } = useQuery(inboxQueryOptions());
  useInboxLive();
  const badge = badgeText(data?.unread ?? 0);
  if (!badge) return null;
  return (
    <span className="inbox-badge is-on-menu" aria-hidden="true" data-testid="inbox-menu-badge">
      {badge}
    </span>
  );
}
