import { useEffect, useId, useRef, useState } from "react";
import type { PickItem } from "#client/lib/pick-item.ts";
import { readJson, STORAGE_KEYS, writeJson } from "#client/lib/storage.ts";
import { useIdolDraw } from "../api/idol-draws.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import { BottomSheet } from "./bottom-sheet.tsx";
import { ChevronLeftIcon, ChevronRightIcon, SeasonsIcon } from "#client/components/ui/icons.tsx";
import { SeasonPickerContent } from "./season-picker-content.tsx";
import "./season-picker.css";

export const PICKER_TITLE = "Survivor Seasons";

export interface SeasonPickerProps {
  /** create: hint, '+' on seasons, picks go to the list. global: castaways for a vote. browse: look around. */
  mode: "create" | "global" | "browse";
  /** Season-card clicks of signed-in people draw for a Hidden Immunity Idol. */
  signedIn: boolean;
  /** A castaway tapped (or Entered), or a season's '+' in create mode. */
  onPick?: (item: PickItem) => void;
  /** Phone layout: whether the bottom sheet is up. Omit both for the built-in floating button. */
  sheetOpen?: boolean;
  onSheetOpenChange?: (open: boolean) => void;
  /** Opens this season at first (global detail: 's49'). */
  autoSelectSeasonId?: string;
  hideBackButton?: boolean;
  /** Desktop mouse only: castaways (and seasons in create mode) become dnd-kit draggables. */
  draggable?: boolean;
}

/**
 * The panel of seasons and castaways to pick from: a sticky side panel on
 * desktop (collapsible, remembered), a bottom sheet at 768 px and narrower.
 * The page places it: on desktop it is a grid/flex item beside the content.
 */
export function SeasonPicker({
  mode,
  signedIn,
  onPick,
  sheetOpen,
  onSheetOpenChange,
  autoSelectSeasonId,
  hideBackButton = false,
  draggable = false,
}: SeasonPickerProps) {
  const isMobile = useIsMobile();
  const titleId = useId();
  const [query, setQuery] = useState("");
  const [selectedSeasonId, setSelectedSeasonId] = useState<string | null>(autoSelectSeasonId ?? null);
  const [prevAutoSelect, setPrevAutoSelect] = useState(autoSelectSeasonId);
  if (autoSelectSeasonId !== prevAutoSelect) {
    setPrevAutoSelect(autoSelectSeasonId);
    if (autoSelectSeasonId) setSelectedSeasonId(autoSelectSeasonId);
  }
  const gridScrollRef = useRef(0);
  const idolDraw = useIdolDraw();

  const [collapsed, setCollapsed] = useState(
    () => readJson<boolean>("local", STORAGE_KEYS.seasonsPanelCollapsed) === true,
  );
  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    writeJson("local", STORAGE_KEYS.seasonsPanelCollapsed, next);
  };

  const [ownSheetOpen, setOwnSheetOpen] = useState(false);
  const controlled = sheetOpen !== undefined;
  const isSheetOpen = controlled ? sheetOpen : ownSheetOpen;
  const setSheetOpen = (open: boolean) => {
    if (!controlled) setOwnSheetOpen(open);
    onSheetOpenChange?.(open);
  };

  const openSeason = (season: PickItem) => {
    setQuery("");
    setSelectedSeasonId(season.id);
    if (signedIn && !idolDraw.isPending) idolDraw.mutate();
  };

  // The floating button covers the page's foot: the page makes room for it
  // (a class on <body>, not a :has() rule, which would re-check the whole
  // page's style on every change, as during a drag).
  const showsFab = isMobile && !controlled && !isSheetOpen;
  useEffect(() => {
    if (!showsFab) return;
    document.body.classList.add("has-seasons-fab");
    return () => document.body.classList.remove("has-seasons-fab");
  }, [showsFab]);

  const content = (
    <SeasonPickerContent
      mode={mode}
      query={query}
      onQueryChange={setQuery}
      selectedSeasonId={selectedSeasonId}
      onOpenSeason={openSeason}
      onBack={() => setSelectedSeasonId(null)}
      // Someone who searched their way to another season still gets back to the grid.
      hideBackButton={hideBackButton && (!autoSelectSeasonId || selectedSeasonId === autoSelectSeasonId)}
      onPick={onPick}
      // Touch screens scroll the sheet; only the desktop panel hands out drags.
      dragEnabled={draggable && !isMobile}
      isMobile={isMobile}
      gridScrollRef={gridScrollRef}
    />
  );

  if (isMobile) {
    return (
      <>
        {!controlled && !isSheetOpen && (
          <button type="button" className="btn sp-fab" onClick={() => setSheetOpen(true)}>
            <SeasonsIcon />
            {PICKER_TITLE}
          </button>
        )}
        <BottomSheet open={isSheetOpen} onOpenChange={setSheetOpen} title={PICKER_TITLE}>
          {content}
        </BottomSheet>
      </>
    );
  }

  if (collapsed) {
    return (
      <aside className="sp-panel is-collapsed" aria-label={PICKER_TITLE} data-mode={mode}>
        <button
          type="button"
          className="sp-rail"
          aria-label="Expand seasons menu"
          title="Expand seasons menu"
          aria-expanded={false}
          onClick={toggleCollapsed}
        >
          <span className="sp-rail-icon">
            <ChevronLeftIcon />
          </span>
          <span className="sp-rail-label" aria-hidden="true">
            {PICKER_TITLE}
          </span>
        </button>
      </aside>
    );
  }

  return (
    <aside className="sp-panel" aria-labelledby={titleId} data-mode={mode}>
      <div className="sp-head">
        <h2 className="sp-title" id={titleId}>
          {PICKER_TITLE}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-icon sp-icon-button"
          aria-label="Collapse seasons menu"
          title="Collapse seasons menu"
          aria-expanded={true}
          onClick={toggleCollapsed}
        >
          <ChevronRightIcon />
        </button>
      </div>
      {content}
    </aside>
  );
}
