import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useId } from "react";
import type { ListCardDto } from "#server/api-types.ts";
import type { PickItem } from "#client/lib/pick-item.ts";
import { favoritesQueryOptions, homeQueryOptions } from "#client/lib/queries/home.ts";
import { referenceListsQueryOptions, useReferenceListsLive } from "../api/home-api.ts";
import { HOME_MESSAGES, REFERENCE_MESSAGES } from "../model/home-messages.ts";
import type { HomePickerSlot } from "../model/picker-slot.ts";
import { REFERENCE_LIST_IDS, type ReferenceListsSnapshot, updatedLabel } from "../model/reference-lists.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import { ClockIcon, FlameIcon, StarIcon, TrophyIcon } from "#client/components/ui/icons.tsx";
import { ListCardSkeletons } from "#client/components/ui/list-card-skeletons.tsx";
import { HomeListBlock } from "./home-list-block.tsx";
import { filledReferenceLists, ReferenceListsView } from "./reference-lists-view.tsx";
import "./home.css";

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

  const loading = sessionPending || home.isPending || reference.isPending;
  // Reference lists that cannot be read show as empty lists.
  const lists = reference.data?.lists ?? NO_LISTS;
  const updated = updatedLabel(reference.data?.lastUpdated ?? null);
  const homeStatus = home.isError ? ({ text: HOME_MESSAGES.loadFailed, kind: "error" } as const) : null;
  const favoritesStatus = favorites.isError
    ? ({ text: HOME_MESSAGES.loadFailed, kind: "error" } as const)
    : favorites.isPending
      ? ({ text: HOME_MESSAGES.favoritesLoading, kind: "loading" } as const)
      : null;

  const blocks = (
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
    </>
  );

  if (reference.data?.canEdit) {
    // Only editors drag and drop here: dnd-kit loads for them alone.
    const frame = (editorArea: ReactNode, picker: ReactNode) => (
      <HomeFrame loading={loading} blocks={blocks} picker={picker}>
        <ReferenceSection updated={updated}>{editorArea}</ReferenceSection>
      </HomeFrame>
    );
    return (
      <Suspense fallback={frame(null, null)}>
        <EditableReferenceLists
          snapshot={reference.data}
          lists={lists}
          isMobile={isMobile}
          frame={frame}
          renderPicker={renderPicker}
          renderPickPreview={renderPickPreview}
        />
      </Suspense>
    );
  }
  return (
    <HomeFrame loading={loading} blocks={blocks} picker={renderPicker({ editable: false })}>
      {filledReferenceLists(lists).length > 0 && (
        <ReferenceSection updated={updated}>
          <ReferenceListsView lists={lists} />
        </ReferenceSection>
      )}
    </HomeFrame>
  );
}

const EditableReferenceLists = lazy(() => import("./editable-reference-lists.tsx"));

/** The page around its parts: list blocks and reference lists, the picker beside them. */
function HomeFrame(props: { loading: boolean; blocks: ReactNode; picker: ReactNode; children: ReactNode }) {
  return (
    <div className="home-layout">
      <div className="home-main">
        <h1 className="sr-only">Survivor Rankings</h1>
        {props.loading ? (
          <>
            <p className="status-text home-loading" role="status">
              {HOME_MESSAGES.loading}
            </p>
            <ListCardSkeletons count={6} className="home-grid" />
          </>
        ) : (
          <>
            {props.blocks}
            {props.children}
          </>
        )}
      </div>
      <div className="home-picker">{props.picker}</div>
    </div>
  );
}

/** The reference lists' heading and intro, around the read-only or the editable lists. */
function ReferenceSection({ updated, children }: { updated: string | null; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="home-section ref-section" aria-labelledby={headingId} data-testid="home-reference">
      <div className="ref-section-head">
        <h2 className="home-section-title" id={headingId}>
          <span className="home-section-icon" aria-hidden="true">
            <TrophyIcon size={22} strokeWidth={2.2} />
          </span>
          {REFERENCE_MESSAGES.title}
        </h2>
        {updated && <span className="ref-updated">{updated}</span>}
      </div>
      <p className="ref-intro">{REFERENCE_MESSAGES.intro}</p>
      {children}
    </section>
  );
}
