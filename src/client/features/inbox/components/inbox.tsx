import { useQuery } from "@tanstack/react-query";
import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { InboxIcon } from "#client/components/ui/icons.tsx";
import { useNow } from "#client/lib/use-now.ts";
import { NOTIFICATION_MESSAGES } from "#shared/notifications.ts";
import { inboxQueryOptions, useInboxLive, useMarkAllRead, useMarkRead } from "../api/inbox-api.ts";
import { badgeText } from "../model/inbox-entries.ts";
import { InboxEntry } from "./inbox-entry.tsx";
import "./inbox.css";

/**
 * The Inbox (signed-in only): a button with the unread count, and a dropdown
 * of the newest notifications. It opens on hover (a mouse), on a click or tap,
 * and from the keyboard; it closes when the pointer leaves, on a press
 * outside, on Escape and after a notification is picked. Leaving it after it
 * was open marks every notification read (docs/product.md, Inbox (notifications)).
 */
export function Inbox() {
  const { data } = useQuery(inboxQueryOptions());
  useInboxLive();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const now = useNow();
  const [open, setOpen] = useState(false);
  // Opened by the mouse resting on it: a click then keeps it open instead of closing it.
  const openedByHover = useRef(false);
  // Open since the pointer came in: leaving then reads the notifications shown.
  const seen = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = data?.unread ?? 0;
  const badge = badgeText(unread);

  const show = (byHover: boolean) => {
    openedByHover.current = byHover;
    seen.current = true;
    setOpen(true);
  };

  /** `leaving`: the reader is done with the Inbox (pointer out, Escape, a press elsewhere): all read. */
  const hide = (leaving: boolean) => {
    setOpen(false);
    openedByHover.current = false;
    if (!leaving) return;
    if (seen.current && unread > 0) markAllRead.mutate();
    seen.current = false;
  };

  // The document listener below outlives a render; it calls the latest `hide`.
  const latestHide = useRef(hide);
  useEffect(() => {
    latestHide.current = hide;
  });

  // A press outside closes it, on touch screens above all (no pointer leaves there).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) latestHide.current(true);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && !open) show(true);
  };
  const onPointerLeave = (e: PointerEvent) => {
    // A finger "leaves" as it lifts: only a mouse leaving means the reader moved on.
    if (e.pointerType === "mouse") hide(true);
  };
  const onButtonClick = () => {
    if (!open) show(false);
    else if (openedByHover.current) openedByHover.current = false;
    else hide(true);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open) return;
    // Only the Inbox closes, not the compact header's menu around it.
    e.stopPropagation();
    hide(true);
    buttonRef.current?.focus();
  };
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) hide(true);
  };

  const onPick = (id: string, isNew: boolean) => {
    if (isNew) markRead.mutate(id);
    hide(false);
  };

  return (
    <div
      ref={rootRef}
      className={`inbox${open ? " is-open" : ""}`}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost header-link inbox-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onButtonClick}
      >
        <InboxIcon size={18} />
        {NOTIFICATION_MESSAGES.inbox}
        {badge && (
          <>
            <span className="inbox-badge" aria-hidden="true" data-testid="inbox-badge">
              {badge}
            </span>
            <span className="sr-only">{`, ${unread} unread`}</span>
          </>
        )}
      </button>
      {open && (
        <div className="inbox-panel" id={panelId}>
          <div className="inbox-box" role="region" aria-label="Notifications">
            {data === undefined ? (
              <p className="inbox-empty">Loading...</p>
            ) : data.notifications.length === 0 ? (
              <p className="inbox-empty">{NOTIFICATION_MESSAGES.empty}</p>
            ) : (
              <ul className="inbox-list">
                {data.notifications.map((entry) => (
                  <li key={entry.id}>
                    <InboxEntry entry={entry} now={now} onPick={() => onPick(entry.id, entry.isNew)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
