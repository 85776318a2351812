import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useAddComment } from "../api/discussion-api.ts";
import { canPost, checkDraft, remainingCharacters } from "../model/comment-draft.ts";
import type { DiscussionTarget } from "../model/discussion-target.ts";
import { type DiscussionTexts, failureMessage } from "../model/discussion-texts.ts";

export interface CommentFormProps {
  target: DiscussionTarget;
  texts: DiscussionTexts;
  signedIn: boolean;
  /** Set for a reply form: the comment answered. */
  replyTo?: { id: string; authorName: string };
  /** A reply form closes after posting and on Cancel. */
  onClose?: () => void;
}

/** The comment form, or a reply form: textarea, characters left, post (and Cancel for a reply). */
export function CommentForm({ target, texts, signedIn, replyTo, onClose }: CommentFormProps) {
  const add = useAddComment(target);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const remaining = remainingCharacters(text);
  const isReply = replyTo !== undefined;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (add.isPending) return;
    if (!signedIn) return setError(texts.postMustLogIn);
    const draft = checkDraft(text);
    if (!draft.ok) return setError(draft.message);
    setError(null);
    add.mutate(
      { text: draft.text, replyTo: replyTo?.id },
      {
        onSuccess: () => {
          setText("");
          onClose?.();
        },
        onError: (err) => setError(failureMessage(err, texts.postMustLogIn, texts.postFailed)),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Ctrl/Cmd+Enter posts, as in most comment boxes; Escape leaves a reply.
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (canPost(text)) submit();
    } else if (e.key === "Escape" && isReply) {
      e.preventDefault();
      onClose?.();
    }
  };

  return (
    <form className={`comment-form${isReply ? " is-reply" : ""}`} onSubmit={submit} noValidate>
      <label className="sr-only" htmlFor={fieldId}>
        {isReply ? `Reply to ${replyTo.authorName}` : "Add a comment"}
      </label>
      <textarea
        id={fieldId}
        className="input comment-input"
        rows={isReply ? 2 : 3}
        value={text}
        placeholder={isReply ? `Reply to ${replyTo.authorName}...` : "Add a comment..."}
        disabled={!signedIn}
        // A reply form opens on purpose: the reader means to type in it.
        autoFocus={isReply}
        aria-describedby={`${counterId}${error ? ` ${errorId}` : ""}`}
        aria-invalid={remaining < 0 || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      {error && (
        <p id={errorId} className="discussion-error" role="alert">
          {error}
        </p>
      )}
      <div className="comment-form-footer">
        <span id={counterId} className={`comment-counter${remaining < 0 ? " is-over" : ""}`}>
          {remaining} characters remaining
        </span>
        <div className="comment-form-buttons">
          {isReply && (
            <button type="button" className="btn btn-ghost comment-form-cancel" onClick={onClose}>
              Cancel
            </button>
          )}
          <button type="submit" className="btn comment-form-submit" disabled={!signedIn || !canPost(text)}>
            {add.isPending ? "Posting..." : isReply ? "Post Reply" : "Post Comment"}
          </button>
        </div>
      </div>
    </form>
  );
}
