import { type ComponentProps, lazy, Suspense } from "react";
import { readJson, STORAGE_KEYS } from "#client/lib/storage.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import "./season-picker.css";

const SeasonPicker = lazy(() => import("./season-picker.tsx").then((m) => ({ default: m.SeasonPicker })));

/**
 * The season picker for pages where it is not what the reader came for (the
 * home page): it loads after the page, with dnd-kit, and its place on a
 * desktop is held empty meanwhile so nothing moves when it arrives.
 */
export function LazySeasonPicker(props: ComponentProps<typeof SeasonPicker>) {
  const isMobile = useIsMobile();
  const collapsed = readJson<boolean>("local", STORAGE_KEYS.seasonsPanelCollapsed) === true;
  const placeholder = isMobile ? null : (
    <aside className={`sp-panel${collapsed ? " is-collapsed" : ""}`} aria-hidden="true" />
  );
  return (
    <Suspense fallback={placeholder}>
      <SeasonPicker {...props} />
    </Suspense>
  );
}
