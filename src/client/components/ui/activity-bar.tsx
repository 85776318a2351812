import { useIsMutating } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import "./activity-bar.css";

/** Quicker actions need no sign: a bar that flashes for 100 ms only distracts. */
export const ACTIVITY_DELAY_MS = 300;

/**
 * A thin bar across the top of the window while any action (a save, a vote,
 * an upvote, a comment, an upload: every mutation) has taken longer than
 * 300 ms. Fixed in place, so its coming and going moves nothing.
 */
export function ActivityBar() {
  const busy = useIsMutating() > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setShown(true), ACTIVITY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [busy]);
  if (!busy || !shown) return null;
  return <div className="activity-bar" role="progressbar" aria-label="Working..." />;
}
