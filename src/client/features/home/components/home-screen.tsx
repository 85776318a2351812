import { DndContext } from "@dnd-kit/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import type { ListCardDto } from "#server/api-types.ts";
import type { PickItem } from "#client/lib/pick-item.ts";
import { favoritesQueryOptions, homeQueryOptions } from "#client/lib/queries/home.ts";
import { referenceListsQueryOptions, useReferenceListsLive } from "../api/home-api.ts";
import { HOME_MESSAGES, REFERENCE_MESSAGES } from "../model/home-messages.ts";
import { REFERENCE_LIST_IDS, type ReferenceListsSnapshot, updatedLabel } from "../model/reference-lists.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import { ClockIcon, FlameIcon, StarIcon, TrophyIcon } from "#client/components/ui/icons.tsx";
import { HomeListBlock } from "./home-list-block.tsx";
import { RankingDragOverlay } from "#client/components/ui/ranking-rows.tsx";
import { REFERENCE_ROW_LOOK } from "./reference-entry.ts";
import { ReferenceListEditor } from "./reference-list-editor.tsx";
import { filledReferenceLists, ReferenceListsView } from "./reference-lists-view.tsx";
import { useReferenceEditor } from "./use-reference-editor.ts";
import "./home.css";

/** What the page hands the season picker it composes beside the reference lists. */
export interface HomePickerSlot {
  /** Editors pick into the reference lists (create mode, draggable); everyone else browses. */
  editable: boolean;
  onPick?: (item: PickItem) => void;
  /** Phone layout for editors: the sheet is opened from the list being edited. */
  sheetOpen?: boolean;
  onSheetOpenChange?: (open: boolean) => void;
}

export interface HomeScreenProps {
  signedIn: boolean;
  /** Whether the session is still being read (favourites wait for it). */
  sessionPending: boolean;
  /** The card's top-row controls (favourite, upvote), composed by the page. */
  renderActions?: (list: ListCardDto) => ReactNode;
  renderPicker: (slot: HomePickerSlot) => ReactNode;
  /** What follows the pointer while a picker item is dragged. */
  renderPickPreview: (item: PickItem) => ReactNode;
}

const NO_LISTS = Object.fromEntries(
  REFERENCE_LIST_IDS.map((id) => [id, []]),
) as unknown as ReferenceListsSnapshot["lists"];

/**
 * Home: this week's top voted lists, the newest lists, the reader's
 * favourites, and the three reference lists with the season picker beside them.
 */
export function HomeScreen({
  signedIn,
  sessionPending,
  renderActions,
  renderPicker,
  renderPickPreview,
}: HomeScreenProps) {
  const isMobile = useIsMobile();
  const home = useQuery(homeQueryOptions());
  const favorites = useQuery({ ...favoritesQueryOptions(), enabled: signedIn });
  const reference = useQuery(referenceListsQueryOptions());
  useReferenceListsLive();
  const editor = useReferenceEditor(reference.data, isMobile);
  const [sheetOpen, setSheetOpen] = useState(false);
  const refHeadingId = useId();

  const loading = sessionPending || home.isPending || reference.isPending;
  // Spec: an unreadable rankings document shows as empty lists.
  const lists = reference.data?.lists ?? NO_LISTS;
  const updated = updatedLabel(reference.data?.lastUpdated ?? null);
  const homeStatus = home.isError ? ({ text: HOME_MESSAGES.loadFailed, kind: "error" } as const) : null;
  const favoritesStatus = favorites.isError
    ? ({ text: HOME_MESSAGES.loadFailed, kind: "error" } as const)
    : favorites.isPending
      ? ({ text: HOME_MESSAGES.favoritesLoading, kind: "loading" } as const)
      : null;

  return (
    <DndContext {...editor.drag.dndProps}>
      <div className="home-layout">
        <div className="home-main">
          <h1 className="sr-only">Survivor Rankings</h1>
          {loading ? (
            <p className="status-text home-loading" role="status">
              {HOME_MESSAGES.loading}
            </p>
          ) : (
            <>
              <HomeListBlock
                testId="home-top-week"
                title={HOME_MESSAGES.topWeekTitle}
                icon={<FlameIcon size={22} />}
                lists={home.data?.topWeek}
                emptyText={HOME_MESSAGES.topWeekEmpty}
                status={homeStatus}
                renderActions={renderActions}
              />
              <HomeListBlock
                testId="home-recent"
                title={HOME_MESSAGES.recentTitle}
                icon={<ClockIcon size={22} />}
                lists={home.data?.recent}
                emptyText={HOME_MESSAGES.recentEmpty}
                status={homeStatus}
                renderActions={renderActions}
              />
              {signedIn && (
                <HomeListBlock
                  testId="home-favorites"
                  title={HOME_MESSAGES.favoritesTitle}
                  icon={<StarIcon size={22} />}
                  lists={favorites.data?.lists}
                  emptyText={HOME_MESSAGES.favoritesEmpty}
                  status={favoritesStatus}
                  renderActions={renderActions}
                />
              )}

              {(editor.canEdit || filledReferenceLists(lists).length > 0) && (
                <section
                  className="home-section ref-section"
                  aria-labelledby={refHeadingId}
                  data-testid="home-reference"
                >
                  <div className="ref-section-head">
                    <h2 className="home-section-title" id={refHeadingId}>
                      <span className="home-section-icon" aria-hidden="true">
                        <TrophyIcon size={22} strokeWidth={2.2} />
                      </span>
                      {REFERENCE_MESSAGES.title}
                    </h2>
                    {updated && <span className="ref-updated">{updated}</span>}
                  </div>
                  <p className="ref-intro">{REFERENCE_MESSAGES.intro}</p>
                  {editor.canEdit ? (
                    <ReferenceListEditor
                      lists={lists}
                      editor={editor}
                      isMobile={isMobile}
                      onOpenPicker={() => setSheetOpen(true)}
                    />
                  ) : (
                    <ReferenceListsView lists={lists} />
                  )}
                </section>
              )}
            </>
          )}
        </div>

        <div className="home-picker">
          {renderPicker(
            editor.canEdit
              ? {
                  editable: true,
                  onPick: (item) => editor.add(item),
                  sheetOpen,
                  onSheetOpenChange: setSheetOpen,
                }
              : { editable: false },
          )}
        </div>
      </div>

      <RankingDragOverlay
        activeDrag={editor.drag.activeDrag}
        entries={editor.entries}
        {...REFERENCE_ROW_LOOK}
        renderPickPreview={renderPickPreview}
      />
    </DndContext>
  );
}
