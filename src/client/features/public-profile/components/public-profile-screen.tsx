import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { ListCard } from "#client/components/ui/list-card.tsx";
import { Pagination } from "#client/components/ui/pagination.tsx";
import { ApiClientError } from "#client/lib/api-client.ts";
import type { ListCardDto } from "#server/api-types.ts";
import { publicProfileQueryOptions } from "#client/lib/queries/profile.ts";
import {
  emptyProfileText,
  itemCountText,
  PROFILE_MESSAGES,
  profileProblem,
  type ProfileHeadingVariant,
  profileHeading,
  rankingsCreatedText,
} from "../model/profile-heading.ts";
import { MostRanked } from "./most-ranked.tsx";
import "./public-profile.css";
import { pathTo } from "#shared/routes.ts";

interface PublicProfileScreenProps {
  userId: string;
  variant: ProfileHeadingVariant;
  /** The name a creator link passed along, shown while the profile loads. */
  knownName?: string;
  /** The card's top-row controls (favourite, upvote), composed by the page. */
  renderActions?: (list: ListCardDto) => ReactNode;
}

/** A user's public profile: picture, name, figures and their public lists. */
export function PublicProfileScreen({ userId, variant, knownName, renderActions }: PublicProfileScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedPage = Math.max(1, Math.floor(Number(searchParams.get("page")) || 1));
  const result = useQuery(publicProfileQueryOptions(userId, requestedPage));

  if (result.isPending) {
    return (
      <section className="page public-profile" aria-busy="true">
        {knownName ? (
          <h1 className="page-title">{profileHeading(knownName, variant)}</h1>
        ) : (
          <h1 className="page-title">
            <span className="sr-only">Loading profile</span>
            <span className="public-profile-title-skeleton" aria-hidden="true" />
          </h1>
        )}
        <div className="card public-profile-summary">
          <div className="public-profile-picture public-profile-picture-skeleton" />
          <p className="status-text public-profile-loading" role="status">
            Loading rankings...
          </p>
        </div>
      </section>
    );
  }

  if (result.isError) {
    const notFound = result.error instanceof ApiClientError && result.error.status === 404;
    const name = notFound ? PROFILE_MESSAGES.unknownUser : (knownName ?? PROFILE_MESSAGES.unknownUser);
    return (
      <section className="page public-profile">
        <h1 className="page-title">{profileHeading(name, variant)}</h1>
        <div className="card public-profile-problem">
          <p className="error-text" role="alert">
            {profileProblem(notFound, requestedPage)}
          </p>
          <Link className="btn btn-ghost" to={pathTo("rankings")}>
            Browse All Rankings
          </Link>
        </div>
      </section>
    );
  }

  const { profile, lists, page, pageCount } = result.data;
  const turning = result.isPlaceholderData && result.isFetching;
  const name = profile.name || PROFILE_MESSAGES.unknownUser;
  return (
    <section className="page public-profile">
      <h1 className="page-title">{profileHeading(name, variant)}</h1>
      <section className="card public-profile-summary" aria-label={`${name}'s profile`}>
        <Avatar className="public-profile-picture" url={profile.profilePictureUrl} name={name} size={112} />
        <div className="public-profile-body">
          <p className="public-profile-name">{name}</p>
          <p className="public-profile-count">{rankingsCreatedText(profile.listCount)}</p>
          <ul className="public-profile-stats">
            <li>
              Hidden Immunity Idols: <strong>{profile.idolsFound}</strong>
            </li>
            <li>
              Total Upvotes: <strong>{profile.totalUpvotes}</strong>
            </li>
            <li>
              Most Ranked: <MostRanked userId={userId} page={page} mostRanked={profile.mostRanked} />
            </li>
          </ul>
        </div>
      </section>
      {lists.length === 0 ? (
        <p className="status-text public-profile-empty">{emptyProfileText(name)}</p>
      ) : (
        <div
          className={`list-card-grid public-profile-grid${turning ? " is-stale" : ""}`}
          aria-busy={turning}
        >
          {lists.map((list) => (
            <ListCard
              key={list.id}
              list={list}
              hideAuthor
              headingLevel={2}
              actions={renderActions?.(list)}
              footer={
                list.itemCount > 0 ? (
                  <p className="public-profile-card-count">{itemCountText(list.itemCount, list.kind)}</p>
                ) : undefined
              }
            />
          ))}
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        disabled={turning}
        onPage={(next) => {
          setSearchParams(
            (params) => {
              if (next > 1) params.set("page", String(next));
              else params.delete("page");
              return params;
            },
            { preventScrollReset: false },
          );
          window.scrollTo({ top: 0 });
        }}
      />
    </section>
  );
}

/** /rankings/user without an id. */
export function MissingProfileScreen() {
  return (
    <section className="page public-profile">
      <h1 className="page-title">Rankings</h1>
      <div className="card public-profile-problem">
        <p className="error-text" role="alert">
          {PROFILE_MESSAGES.noUserId}
        </p>
        <Link className="btn" to={pathTo("rankings")}>
          Browse All Rankings
        </Link>
      </div>
    </section>
  );
}
