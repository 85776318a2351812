import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ListCardDto } from "#server/api-types.ts";
import { imageUrlFor } from "#client/lib/pick-item.ts";
import { listQueryOptions } from "#client/lib/queries/lists.ts";
import {
  type HiddenEntry as HiddenEntryDto,
  seasonNotWatched,
  useSpoilerGate,
  useSpoilerHorizon,
} from "#client/lib/spoiler-horizon.ts";
import { Avatar } from "./avatar.tsx";
import { HiddenEntry, NotWatchedMark, RevealAllButton } from "./hidden-entry.tsx";
import { stripSurvivorPrefix } from "#shared/lists.ts";
import "./list-card.css";
import { pathTo } from "#shared/routes.ts";

interface ListCardProps {
  list: ListCardDto;
  /** Where the card leads; the list page by default. */
  to?: string;
  /** Navigation state for the list page ('source': home or other; docs/product.md, List page). */
  linkState?: unknown;
  /** Controls in the card's top row (favourite star, upvotes), composed by the page. */
  actions?: ReactNode;
  /** Hide the 'By {user}' line (on a user's own profile page). */
  hideAuthor?: boolean;
  footer?: ReactNode;
  /**
   * The title's heading level: one below the heading the cards sit under
   * (2 straight under a page's h1, 3 under a section's h2), so the outline skips none.
   */
  headingLevel?: 2 | 3;
}

/**
 * The list card of browse, home and profiles: title, author, spoiler warning
 * and the first three entries (season names without the 'Survivor' prefix);
 * castaways past the reader's spoiler horizon show hidden (docs/product.md,
 * "Spoiler horizon"), and a tap on one asks for the list whole.
 */
export function ListCard({
  list,
  to,
  linkState,
  actions,
  hideAuthor,
  footer,
  headingLevel = 3,
}: ListCardProps) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  const href = to ?? pathTo("list", { userId: list.userId, listId: list.id });
  const spoiler = list.tags.includes("spoiler");
  const author = list.userName || "Unknown User";
  const sent = list.preview as readonly (ListCardDto["preview"][number] | HiddenEntryDto)[];
  const gate = useSpoilerGate(sent);
  const { horizon } = useSpoilerHorizon();
  const whole = useQuery({
    ...listQueryOptions({ userId: list.userId, listId: list.id }, true),
    enabled: gate.wantsWhole,
  });
  const preview = gate.wantsWhole && whole.data ? whole.data.items.slice(0, sent.length) : sent;
  return (
    <article className="list-card card">
      {actions && <div className="list-card-actions">{actions}</div>}
      <Title className="list-card-title">
        <Link to={href} state={linkState} className="list-card-link">
          {list.name}
        </Link>
      </Title>
      {!hideAuthor && (
        <p className="list-card-author">
          <Link
            to={pathTo("profile", { userId: list.userId })}
            state={{ userName: author }}
            title="View all rankings by this user"
          >
            <Avatar url={list.userPictureUrl} name={author} size={24} nameShown />
            <span className="list-card-author-name">By {author}</span>
          </Link>
        </p>
      )}
      {spoiler && <p className="list-card-spoiler">Contains Spoilers</p>}
      {list.preview.length === 0 ? (
        <p className="list-card-empty">This list is empty</p>
      ) : (
        <>
          <ol
            className={`list-card-entries${spoiler ? " is-blurred" : ""}`}
            aria-hidden={spoiler || undefined}
            inert={spoiler}
          >
            {preview.map((e, i) => {
              const hiddenSeason = gate.hiddenSeason(e, i);
              if (hiddenSeason !== null || "hidden" in e) {
                return (
                  <li key={`hidden-${i}`} className="list-card-hidden">
                    <span className="list-card-rank">{i + 1}</span>
                    <HiddenEntry
                      season={hiddenSeason ?? ("hidden" in e ? e.season : 0)}
                      onReveal={() => gate.reveal(i)}
                      size={32}
                    />
                  </li>
                );
              }
              return (
                <li key={e.id}>
                  <span className="list-card-rank">{i + 1}</span>
                  <img src={imageUrlFor(e.id, e.isSeason)} alt="" width={32} height={32} loading="lazy" />
                  <span className="list-card-name">{e.isSeason ? stripSurvivorPrefix(e.name) : e.name}</span>
                  {e.isSeason && seasonNotWatched(e.seasonNumber, horizon) && <NotWatchedMark />}
                </li>
              );
            })}
          </ol>
          {!spoiler && gate.hiddenCount > 1 && (
            <div className="list-card-reveal-all">
              <RevealAllButton onClick={gate.revealAll} count={gate.hiddenCount} />
            </div>
          )}
        </>
      )}
      {footer}
    </article>
  );
}
