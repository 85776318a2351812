import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { ReplyIcon, TrashIcon } from "#client/components/ui/icons.tsx";
import type { CommentDto } from "#server/api-types.ts";
import { fullTime, relativeTime } from "#client/lib/relative-time.ts";
import { COMMENT_MESSAGES } from "#shared/comments.ts";
import { useDeleteComment, useVoteComment } from "../api/discussion-api.ts";
import { type DiscussionTarget, profilePath } from "../model/discussion-target.ts";
import { type DiscussionTexts, failureMessage } from "../model/discussion-texts.ts";
import { CommentForm } from "./comment-form.tsx";
import { CommentVotes } from "./comment-votes.tsx";

export interface CommentItemProps {
  comment: CommentDto;
  target: DiscussionTarget;
  texts: DiscussionTexts;
  signedIn: boolean;
  now: number;
  /** Whether the one open reply form is this comment's. */
  replying: boolean;
  onReplyingChange: (commentId: string | null) => void;
  /** A closed category's discussion: no reply, no vote (deleting one's own stays). */
  readOnly?: boolean;
  /** A thread's replies, listed under its top-level comment. */
  children?: ReactNode;
}

interface AuthorLinkProps {
  author: { id: string; name: string };
  className: string;
  /** '@' before the name of the author a reply answers. */
  prefix?: string;
}

function AuthorLink({ author, className, prefix = "" }: AuthorLinkProps) {
  return (
    <Link className={className} to={profilePath(author.id)} state={{ userName: author.name }}>
      {prefix}
      {author.name}
    </Link>
  );
}

/** One comment or reply: author, time, text, votes, Reply and Delete; a deleted one with replies is a placeholder. */
export function CommentItem(props: CommentItemProps) {
  const { comment, children } = props;
  const isReply = comment.parentId !== null;
  return (
    <li className={`comment${isReply ? " is-reply" : ""}`} id={`comment-${comment.id}`}>
      {comment.deleted || !comment.author ? (
        <p className="comment-text is-deleted">{COMMENT_MESSAGES.deleted}</p>
      ) : (
        <CommentBody {...props} author={comment.author} />
      )}
      {children}
    </li>
  );
}

/** A comment that is not deleted: it has its author (a placeholder names nobody). */
function CommentBody({
  comment,
  author,
  target,
  texts,
  signedIn,
  now,
  replying,
  onReplyingChange,
  readOnly = false,
}: CommentItemProps & { author: NonNullable<CommentDto["author"]> }) {
  const vote = useVoteComment(target, comment.id);
  const remove = useDeleteComment(target);
  const [error, setError] = useState<string | null>(null);

  const onVote = (value: 1 | -1) => {
    setError(null);
    vote.mutate(
      { current: comment, value },
      { onError: (err) => setError(failureMessage(err, texts.voteMustLogIn, texts.voteFailed)) },
    );
  };

  const onDelete = () => {
    if (!window.confirm(COMMENT_MESSAGES.confirmDelete)) return;
    setError(null);
    remove.mutate(comment.id, {
      onError: (err) => setError(failureMessage(err, texts.deleteMustLogIn, texts.deleteFailed)),
    });
  };

  return (
    <article className="comment-body" aria-label={`Comment by ${author.name}`}>
      <header className="comment-meta">
        <Avatar url={author.pictureUrl} name={author.name} size={28} nameShown />
        <AuthorLink author={author} className="comment-author" />
        <time className="comment-time" dateTime={comment.createdAt} title={fullTime(comment.createdAt)}>
          {relativeTime(comment.createdAt, now)}
        </time>
      </header>
      <p className="comment-text">
        {comment.replyTo && (
          <>
            <AuthorLink author={comment.replyTo} className="comment-mention" prefix="@" />{" "}
          </>
        )}
        {comment.text}
      </p>
      <div className="comment-actions">
        <CommentVotes
          votes={comment}
          signedIn={signedIn && !readOnly}
          busy={vote.isPending}
          onVote={onVote}
          {...(readOnly ? { disabledReason: COMMENT_MESSAGES.closedDiscussion } : {})}
        />
        {signedIn && !readOnly && (
          <button
            type="button"
            className="comment-action"
            aria-expanded={replying}
            onClick={() => onReplyingChange(replying ? null : comment.id)}
          >
            <ReplyIcon size={16} />
            Reply
          </button>
        )}
        {comment.canDelete && (
          <button
            type="button"
            className="comment-action is-danger"
            onClick={onDelete}
            disabled={remove.isPending}
          >
            <TrashIcon size={16} />
            {remove.isPending ? "Deleting..." : "Delete"}
          </button>
        )}
      </div>
      {error && (
        <p className="discussion-error" role="alert">
          {error}
        </p>
      )}
      {replying && (
        <CommentForm
          target={target}
          texts={texts}
          signedIn={signedIn}
          replyTo={{ id: comment.id, authorName: author.name }}
          onClose={() => onReplyingChange(null)}
        />
      )}
    </article>
  );
}
