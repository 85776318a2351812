import { Link } from "react-router";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { CommentIcon, LikeIcon } from "#client/components/ui/icons.tsx";
import type { InboxEntryDto } from "#server/api-types.ts";
import { fullTime, relativeTime } from "#client/lib/relative-time.ts";
import { notificationText } from "#shared/notifications.ts";
import { iconKind, inboxPath } from "../model/inbox-entries.ts";

export interface InboxEntryProps {
  entry: InboxEntryDto;
  now: number;
  /** Marks it read and closes the Inbox; a link then goes to the list or the global ranking. */
  onPick: () => void;
}

/** One notification: its line with its icon, how long ago, and a mark while unread. */
export function InboxEntry({ entry, now, onPick }: InboxEntryProps) {
  const path = inboxPath(entry.link);
  const kind = iconKind(entry.type);
  const className = `inbox-entry${entry.isNew ? " is-new" : ""}`;
  const icon = (
    <span className={`inbox-entry-icon${kind ? ` is-${kind}` : ""}`} aria-hidden="true">
      {kind === "like" ? <LikeIcon size={16} /> : kind === "comment" ? <CommentIcon size={16} /> : null}
    </span>
  );
  const content = (
    <>
      {entry.actorId ? (
        // Who did it, with what they did as a small badge on the picture; the line names them.
        <span className="inbox-entry-actor">
          <Avatar url={entry.actorPictureUrl} name={entry.actorName ?? ""} size={36} nameShown />
          {icon}
        </span>
      ) : (
        icon
      )}
      <span className="inbox-entry-text">
        <span className="inbox-entry-line">
          {notificationText(entry.type, entry.actorName, entry.content)}
        </span>
        <time className="inbox-entry-time" dateTime={entry.createdAt} title={fullTime(entry.createdAt)}>
          {relativeTime(entry.createdAt, now)}
        </time>
      </span>
      {entry.isNew && (
        <span className="inbox-entry-new">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </>
  );
  // A notification whose comment is gone leads nowhere: it is only marked read.
  return path ? (
    <Link to={path} className={className} onClick={onPick}>
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onPick}>
      {content}
    </button>
  );
}
