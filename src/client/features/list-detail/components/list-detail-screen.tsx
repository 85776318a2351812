import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useDeferredValue, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Avatar } from "#client/components/ui/avatar.tsx";
import type { ListDetailDto, ListEntryDto } from "#server/api-types.ts";
import { HiddenEntry, NotWatchedMark, RevealAllButton } from "#client/components/ui/hidden-entry.tsx";
import {
  type HiddenEntry as HiddenEntryDto,
  seasonNotWatched,
  useSpoilerGate,
  useSpoilerHorizon,
} from "#client/lib/spoiler-horizon.ts";
import { imageUrlFor } from "#client/lib/pick-item.ts";
import { listQueryOptions } from "#client/lib/queries/lists.ts";
import {
  authorPath,
  editListPath,
  entrySeasonLine,
  entryTitle,
  isSpoilerList,
  LIST_DETAIL_MESSAGES as M,
  listDetailErrorMessage,
  type ListSource,
  visibleTags,
} from "../model/list-detail-rules.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import { ListDownload } from "./list-download.tsx";
import "./list-detail.css";
import { pathTo } from "#shared/routes.ts";

// Below the entries, asked for after the list is drawn: its code loads then too.
const ListCloseness = lazy(() => import("./list-closeness.tsx").then((m) => ({ default: m.ListCloseness })));

/** Controls other features render into the page; the route composes them. */
export interface ListDetailSlots {
  /** The favourite star and the upvote button (features/reactions). */
  renderReactions?: (list: ListDetailDto) => ReactNode;
  /** The Share button (desktop) / Share List (mobile) and its modal (ShareButton, beside this file). */
  renderShare?: (list: ListDetailDto) => ReactNode;
  /** The 'Comments' section (features/discussion). */
  renderComments?: (list: ListDetailDto) => ReactNode;
  /** A note above the entries (the spoiler horizon's first-visit question). */
  renderNotice?: (list: ListDetailDto) => ReactNode;
}

export interface ListDetailScreenProps extends ListDetailSlots {
  userId: string | undefined;
  listId: string | undefined;
  /** Where the visitor came from; decides where the back link leads. */
  source: ListSource;
}

/** Back one step; a tab opened on this page (nothing to go back to) goes to `fallback` instead. */
function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0 || window.history.length > 1) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

/** /list/{userId}/{listId}: loading, then the list or the reason it cannot be shown. */
export function ListDetailScreen({ userId, listId, ...rest }: ListDetailScreenProps) {
  if (!userId || !listId) return <ListDetailProblem message={M.missingParams} />;
  // A new address starts afresh (spoilers blurred again).
  return <ListDetailLoader key={`${userId}/${listId}`} userId={userId} listId={listId} {...rest} />;
}

function ListDetailLoader({
  userId,
  listId,
  source,
  ...slots
}: ListDetailSlots & { userId: string; listId: string; source: ListSource }) {
  // Asked again whole once a castaway hidden by the server is tapped (docs/product.md, "Spoiler horizon").
  const [whole, setWhole] = useState(false);
  const query = useQuery({
    ...listQueryOptions({ userId, listId }, whole),
    placeholderData: keepPreviousData,
  });
  // The list draws in a deferred, time-sliced pass: no long task when it arrives (decision 013).
  const list = useDeferredValue(query.data);
  if (query.isError) return <ListDetailProblem message={listDetailErrorMessage(query.error)} />;
  if (list === undefined) {
    return (
      <p className="status-text list-detail-status" role="status">
        {M.loading}
      </p>
    );
  }
  return <ListDetailView list={list} source={source} onWantsWhole={() => setWhole(true)} {...slots} />;
}

function ListDetailProblem({ message }: { message: string }) {
  const goBack = useGoBack("/");
  return (
    <section className="list-detail-problem card" aria-labelledby="list-detail-problem-text">
      <span className="list-detail-problem-icon" aria-hidden="true">
        🔥
      </span>
      {/* The page's one heading: the message is all there is to the page. */}
      <h1 id="list-detail-problem-text" className="error-text list-detail-problem-text">
        <span role="alert">{message}</span>
      </h1>
      <button type="button" className="btn" onClick={goBack}>
        {M.goBack}
      </button>
    </section>
  );
}

function BackLink({ source }: { source: ListSource }) {
  const goBack = useGoBack(pathTo("rankings"));
  if (source === "home") {
    return (
      <Link to="/" className="list-detail-back">
        <span aria-hidden="true">←</span> Back to Home
      </Link>
    );
  }
  return (
    <button type="button" className="list-detail-back" onClick={goBack}>
      <span aria-hidden="true">←</span> Back
    </button>
  );
}

function ListDetailView({
  list,
  source,
  renderReactions,
  renderShare,
  renderComments,
  renderNotice,
  onWantsWhole,
}: ListDetailSlots & { list: ListDetailDto; source: ListSource; onWantsWhole: () => void }) {
  const isMobile = useIsMobile();
  // Castaways past the reader's spoiler horizon arrive hidden (members) or are hidden here (visitors).
  const items = list.items as readonly (ListEntryDto | HiddenEntryDto)[];
  const gate = useSpoilerGate(items, onWantsWhole);
  const { horizon } = useSpoilerHorizon();
  const [revealed, setRevealed] = useState(false);
  const tags = visibleTags(list.tags);
  const spoiler = isSpoilerList(list.tags);
  const blurred = spoiler && !revealed && list.items.length > 0;
  const author = list.userName || M.unknownUser;

  return (
    <article className="list-detail" data-source={source}>
      <title>{`${list.name} | Survivor Rankings`}</title>
      <BackLink source={source} />

      <header className="list-detail-header card">
        <div className="list-detail-heading">
          <h1 className="page-title list-detail-title">{list.name}</h1>
          <p className="list-detail-author">
            <Link to={authorPath(list.userId)} state={{ userName: author }} title={M.authorTitle}>
              <Avatar url={list.userPictureUrl} name={author} size={32} nameShown />
              <span className="list-detail-author-name">By {author}</span>
            </Link>
          </p>
        </div>

        <div className="list-detail-actions">
          {renderReactions?.(list)}
          <div className="list-detail-share-slot" data-slot="share">
            {renderShare?.(list)}
          </div>
          <ListDownload list={list} />
          {list.viewer.isOwner && (
            <Link className="btn btn-ghost list-detail-edit" to={editListPath(list.id, list.userId)}>
              <span aria-hidden="true">✎</span>
              {isMobile ? M.editMobile : M.editDesktop}
            </Link>
          )}
        </div>

        {list.description && <p className="list-detail-description">{list.description}</p>}

        {tags.length > 0 && (
          <ul className="list-detail-tags" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag.id} className={`list-detail-tag${tag.id === "spoiler" ? " is-spoiler" : ""}`}>
                {tag.label}
              </li>
            ))}
          </ul>
        )}
      </header>

      {renderNotice?.(list)}

      {list.items.length === 0 ? (
        <p className="list-detail-empty">{M.empty}</p>
      ) : (
        <div className={`list-detail-entries-wrap${blurred ? " is-blurred" : ""}`}>
          {gate.hiddenCount > 0 && !blurred && (
            <div className="list-detail-reveal-all">
              <RevealAllButton onClick={gate.revealAll} count={gate.hiddenCount} />
            </div>
          )}
          <ol className="list-detail-entries" aria-hidden={blurred || undefined} inert={blurred}>
            {items.map((entry, i) => {
              const rowClass = `list-detail-entry${i < 3 ? ` is-top is-top-${i + 1}` : ""}`;
              const hiddenSeason = gate.hiddenSeason(entry, i);
              if (hiddenSeason !== null || "hidden" in entry) {
                return (
                  <li key={`hidden-${i}`} className={`${rowClass} is-hidden-entry`}>
                    <span className="list-detail-rank">{i + 1}</span>
                    <HiddenEntry
                      season={hiddenSeason ?? ("hidden" in entry ? entry.season : 0)}
                      onReveal={() => gate.reveal(i)}
                      size={56}
                    />
                  </li>
                );
              }
              const season = entrySeasonLine(entry);
              return (
                <li key={entry.id} className={rowClass}>
                  <span className="list-detail-rank">{i + 1}</span>
                  <img
                    className={`list-detail-image${entry.isSeason ? " is-season" : ""}`}
                    src={imageUrlFor(entry.id, entry.isSeason)}
                    alt=""
                    width={56}
                    height={56}
                    loading={i < 12 ? "eager" : "lazy"}
                  />
                  <span className="list-detail-entry-text">
                    <span className="list-detail-entry-name">
                      {entryTitle(entry)}
                      {entry.isSeason && seasonNotWatched(entry.seasonNumber, horizon) && <NotWatchedMark />}
                    </span>
                    {season && <span className="list-detail-entry-season">{season}</span>}
                  </span>
                </li>
              );
            })}
          </ol>
          {blurred && (
            <div className="list-detail-spoiler-cover">
              <div className="list-detail-spoiler-card card">
                <span className="list-detail-spoiler-icon" aria-hidden="true">
                  ⚠️
                </span>
                <p className="list-detail-spoiler-title">{M.spoilers}</p>
                <button type="button" className="btn" onClick={() => setRevealed(true)}>
                  {M.revealSpoilers}
                </button>
              </div>
            </div>
          )}
        </div>
      )}

      {/* Asked for after the list is drawn; nothing for a list without a kind. */}
      {list.kind && (
        <Suspense fallback={null}>
          <ListCloseness list={list} />
        </Suspense>
      )}

      {/* The 'Comments' section, below the entries. */}
      <div className="list-detail-comments-slot" data-slot="comments">
        {renderComments?.(list)}
      </div>
    </article>
  );
}
