const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * How long ago `iso` was, in the short form comments and the Inbox show:
 * 'just now', '5m ago', '3h ago', '2d ago', '4w ago', '5mo ago', '2y ago'.
 * A time slightly in the future (a clock ahead of ours) reads 'just now'.
 */
export function relativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const ago = now - then;
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  if (ago < WEEK) return `${Math.floor(ago / DAY)}d ago`;
  if (ago < MONTH) return `${Math.floor(ago / WEEK)}w ago`;
  if (ago < YEAR) return `${Math.floor(ago / MONTH)}mo ago`;
  return `${Math.floor(ago / YEAR)}y ago`;
}

/** The full local date and time, for a tooltip beside the short form. */
export function fullTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
