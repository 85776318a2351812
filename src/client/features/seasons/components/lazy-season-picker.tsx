import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import { readJson, STORAGE_KEYS } from "#client/lib/storage.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import "./season-picker.css";

const SeasonPicker = lazy(() => import("./season-picker.tsx").then((m) => ({ default: m.SeasonPicker })));

/** True once the page has had its first paint and the browser is idle: what can wait for it, waits. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/**
 * The season picker for pages where it is not what the reader came for (the
 * home page): it loads once the page is shown and the browser is idle, with
 * dnd-kit, and its place on a desktop is held empty meanwhile so nothing
 * moves when it arrives.
 */
export function LazySeasonPicker(props: ComponentProps<typeof SeasonPicker>) {
  const isMobile = useIsMobile();
  const idle = useIdle();
  const collapsed = readJson<boolean>("local", STORAGE_KEYS.seasonsPanelCollapsed) === true;
  const placeholder = isMobile ? null : (
    <aside className={`sp-panel${collapsed ? " is-collapsed" : ""}`} aria-hidden="true" />
  );
  if (!idle) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SeasonPicker {...props} />
    </Suspense>
  );
}
