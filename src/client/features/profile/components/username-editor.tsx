import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiClientError } from "#client/lib/api-client.ts";
import { LIMITS, TIMERS_MS } from "#shared/limits.ts";
import { PROFILE_MESSAGES, USERNAME_RULE } from "#shared/profile.ts";
import { checkText } from "#shared/text-rules.ts";
import { useChangeUsername } from "../api/profile-api.ts";

/** View, edit, saved (a 3-second success flag) or cancel. */
export function UsernameEditor({ name }: { name: string }) {
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const change = useChangeUsername();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = () => {
    setValue(name);
    setError(null);
    setSaved(false);
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's rule, shared: empty once invisible characters are gone, too long, control characters.
    const checked = checkText(value, USERNAME_RULE);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    change.mutate(checked.text, {
      onSuccess: () => {
        setEditing(false);
        setSaved(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setSaved(false), TIMERS_MS.usernameSuccess);
      },
      onError: (err) => {
        // The server's own words for a refusal (empty, too long, taken); a lost connection gets the failure text.
        const known = err instanceof ApiClientError && err.status >= 400 && err.status < 500 && err.message;
        setError(known ? err.message : PROFILE_MESSAGES.usernameFailed);
      },
    });
  };

  if (!editing) {
    return (
      <div className="username">
        <div className="username-view">
          <span className="username-label">Username</span>
          <span className="username-name">{name}</span>
          <button type="button" className="btn btn-ghost username-change" onClick={start}>
            Change Username
          </button>
        </div>
        {saved && (
          <p className="success-text username-feedback" role="status">
            {PROFILE_MESSAGES.usernameUpdated}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="username" onSubmit={submit} noValidate>
      <label className="username-label" htmlFor={inputId}>
        New username
      </label>
      <div className="username-edit">
        <input
          id={inputId}
          className="input username-input"
          type="text"
          value={value}
          maxLength={LIMITS.usernameMax}
          autoComplete="nickname"
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") cancel();
          }}
        />
        <button type="submit" className="btn" disabled={change.isPending}>
          Save
        </button>
        <button type="button" className="btn btn-ghost" onClick={cancel} disabled={change.isPending}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="error-text username-feedback" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
