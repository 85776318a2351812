import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useNow } from "#client/lib/use-now.ts";
import { COMMENT_MESSAGES, type CommentSort } from "#shared/comments.ts";
import { discussionQueryOptions, useDiscussionLive } from "../api/discussion-api.ts";
import { readSort, withSort } from "../model/comment-sort.ts";
import type { DiscussionTarget } from "../model/discussion-target.ts";
import { DISCUSSION_TEXTS, type DiscussionVariant } from "../model/discussion-texts.ts";
import { CommentForm } from "./comment-form.tsx";
import { CommentItem } from "./comment-item.tsx";
import { DiscussionSort } from "./discussion-sort.tsx";
import "./discussion.css";
import { pathTo } from "#shared/routes.ts";

export interface DiscussionProps {
  /** A list's comments, or a global ranking category's discussion. */
  target: DiscussionTarget;
  /** Chooses the texts: the list page's or the Global Rankings discussion's. */
  variant: DiscussionVariant;
  /** Visitors read everything; the form and the arrows are disabled for them. */
  signedIn: boolean;
  /** A closed category's discussion: read, never added to or voted on (docs/product.md, Comments). */
  readOnly?: boolean;
}

/**
 * A discussion: the comment form, then the threads (a comment and its
 * replies, oldest reply first) in the order kept in the URL (`?sort=`), kept
 * live by the server's `comments` event.
 */
export function Discussion({ target, variant, signedIn, readOnly = false }: DiscussionProps) {
  const texts = DISCUSSION_TEXTS[variant];
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const sort = readSort(searchParams);
  const query = useQuery(discussionQueryOptions(target, sort));
  useDiscussionLive(target);
  const now = useNow();
  // One reply form open at a time.
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const headingId = useId();

  const changeSort = (next: CommentSort) => {
    if (next === sort) return;
    // The page's navigation state (e.g. where the list was opened from) stays as it was.
    setSearchParams(withSort(searchParams, next), {
      replace: true,
      preventScrollReset: true,
      state: location.state,
    });
  };

  const threads = query.data?.threads ?? [];
  const itemProps = { target, texts, signedIn, readOnly, now, onReplyingChange: setReplyingTo };

  return (
    <section className={`discussion is-${variant}`} aria-labelledby={headingId}>
      <header className="discussion-header">
        <h2 id={headingId} className="discussion-title">
          {texts.heading}
        </h2>
        {query.data && query.data.count > 0 && (
          <span className="discussion-count" aria-label={`${query.data.count} comments`}>
            {query.data.count}
          </span>
        )}
        {threads.length > 1 && <DiscussionSort sort={sort} onChange={changeSort} />}
      </header>

      {readOnly ? (
        <p className="discussion-visitor">{COMMENT_MESSAGES.closedDiscussion}</p>
      ) : (
        <>
          {!signedIn && (
            <p className="discussion-visitor">
              <span>{texts.visitorHint}</span>
              <Link className="btn btn-ghost discussion-login" to={pathTo("login")}>
                Login
              </Link>
            </p>
          )}
          <CommentForm target={target} texts={texts} signedIn={signedIn} />
        </>
      )}

      {query.isPending ? (
        <p className="discussion-status" role="status">
          {COMMENT_MESSAGES.loading}
        </p>
      ) : threads.length === 0 ? (
        // A discussion that cannot be loaded shows as an empty one (docs/product.md, Comments).
        <p className="discussion-status">{COMMENT_MESSAGES.empty}</p>
      ) : (
        <ol className={`comment-list${query.isPlaceholderData ? " is-stale" : ""}`}>
          {threads.map((thread) => (
            <CommentItem key={thread.id} comment={thread} replying={replyingTo === thread.id} {...itemProps}>
              {thread.replies.length > 0 && (
                <ol className="comment-replies">
                  {thread.replies.map((reply) => (
                    <CommentItem
                      key={reply.id}
                      comment={reply}
                      replying={replyingTo === reply.id}
                      {...itemProps}
                    />
                  ))}
                </ol>
              )}
            </CommentItem>
          ))}
        </ol>
      )}
    </section>
  );
}
