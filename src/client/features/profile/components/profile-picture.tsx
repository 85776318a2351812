import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { ApiClientError } from "#client/lib/api-client.ts";
import { useSession } from "#client/lib/queries/session.ts";
import { useNow } from "#client/lib/use-now.ts";
import { PICTURE_MESSAGES } from "#shared/pictures.ts";
import {
  pictureQueryOptions,
  useRerollPicture,
  useRestoreHeadshot,
  useUploadPicture,
} from "../api/picture-api.ts";
import {
  isImageType,
  rerollButton,
  rerollFailureMessage,
  uploadFailureMessage,
  uploadRefusal,
} from "../model/picture-rules.ts";

/** The cooldown's 'Nh Nm' is refreshed every 60 seconds. */
const COOLDOWN_REFRESH_MS = 60_000;

const failureOf = (e: unknown) =>
  e instanceof ApiClientError ? { code: e.code, message: e.message } : { message: String(e) };

/**
 * The signed-in user's picture on My Lists: choose a file and upload it (shown
 * at once, put back if the upload fails), or re-roll a random headshot / restore
 * the last rolled one, with the 24-hour cooldown on the button.
 */
export function ProfilePicture({ name, url }: { name: string; url: string | null }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { user } = useSession();
  // My Lists is for members; until the session is known nothing is asked or sent.
  const userId = user?.id ?? "";
  const picture = useQuery({ ...pictureQueryOptions(userId), enabled: Boolean(user) });
  const upload = useUploadPicture(userId);
  const reroll = useRerollPicture(userId);
  const restore = useRestoreHeadshot(userId);
  const now = useNow(COOLDOWN_REFRESH_MS);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The object URL of a chosen picture lives until it is replaced or the page goes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const busy = upload.isPending || reroll.isPending || restore.isPending;

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setError(null);
    if (chosen && !isImageType(chosen.type)) {
      setError(PICTURE_MESSAGES.invalidFile);
      setFile(null);
      e.target.value = "";
      return;
    }
    setFile(chosen);
  };

  const onUpload = () => {
    const refusal = uploadRefusal(file, Boolean(user));
    setError(refusal);
    if (refusal || !file) return;
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = "";
      },
      onError: (e) => setError(uploadFailureMessage(failureOf(e))),
      // Back to the stored picture: the new one on success, the old one on failure.
      onSettled: () => setPreview(null),
    });
  };

  const state = picture.data;
  const button = state ? rerollButton(state, now) : null;
  const onReroll = () => {
    setError(null);
    if (button?.action === "restore") {
      restore.mutate(undefined, { onError: () => setError(PICTURE_MESSAGES.restoreFailed) });
    } else {
      reroll.mutate(undefined, { onError: (e) => setError(rerollFailureMessage(failureOf(e))) });
    }
  };

  return (
    <div className="profile-picture-block">
      <Avatar className="profile-picture" url={preview ?? url} name={name} size={112} />
      <div className="picture-controls">
        <input
          ref={input}
          id={inputId}
          className="sr-only picture-file-input"
          type="file"
          accept="image/*"
          onChange={onChoose}
          disabled={busy}
        />
        <label htmlFor={inputId} className={`btn btn-ghost picture-choose${busy ? " is-disabled" : ""}`}>
          {file ? "Change File" : "Choose File"}
        </label>
        <button
          type="button"
          className="btn picture-upload"
          onClick={onUpload}
          disabled={busy}
          aria-busy={upload.isPending}
        >
          {upload.isPending ? "Uploading..." : PICTURE_MESSAGES.upload}
        </button>
        {file && (
          <span className="picture-file-name" title={file.name}>
            {file.name}
          </span>
        )}
        <button
          type="button"
          className="btn btn-ghost picture-reroll"
          onClick={onReroll}
          disabled={!button || button.disabled || busy}
          aria-busy={reroll.isPending || restore.isPending}
          title={button?.action === "wait" ? PICTURE_MESSAGES.cooldown : undefined}
        >
          {button?.label ?? PICTURE_MESSAGES.reroll}
        </button>
      </div>
      {error && (
        <p className="error-text picture-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
