import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fullTime, relativeTime } from "#client/lib/relative-time.ts";
import { useNow } from "#client/lib/use-now.ts";
import type { AccountSession } from "#shared/account.ts";
import { accountQueryOptions, refusalText, useEndOtherSessions, useEndSession } from "../api/account-api.ts";
import { AccountSection } from "./account-section.tsx";

const FAILED = "Failed to sign that session out. Please try again.";

function SessionRow({
  session,
  now,
  onEnd,
  ending,
}: {
  session: AccountSession;
  now: number;
  onEnd: (id: string) => void;
  ending: boolean;
}) {
  return (
    <li className={`account-session${session.current ? " is-current" : ""}`}>
      <div className="account-session-text">
        <span className="account-session-device">
          {session.device}
          {session.current && <span className="account-session-badge">This device</span>}
        </span>
        <span className="account-session-detail">
          {session.ipAddress ? `${session.ipAddress} · ` : ""}
          Last active{" "}
          <time dateTime={session.lastUsedAt} title={fullTime(session.lastUsedAt)}>
            {relativeTime(session.lastUsedAt, now)}
          </time>
        </span>
      </div>
      {!session.current && (
        <button
          type="button"
          className="btn btn-ghost account-session-end"
          onClick={() => onEnd(session.id)}
          disabled={ending}
          aria-label={`Sign out ${session.device}`}
        >
          Sign out
        </button>
      )}
    </li>
  );
}

/** The member's signed-in sessions, this device first; any other can be signed out. */
export function SessionsSection() {
  const account = useQuery(accountQueryOptions());
  const now = useNow();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [error, setError] = useState<string | null>(null);

  const sessions = account.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  const onError = (err: unknown) => setError(refusalText(err, FAILED));

  return (
    <AccountSection
      title="Where you're signed in"
      intro="Devices signed in to your account. The address is the one recorded at sign-in."
    >
      {account.isPending ? (
        <p className="account-note">Loading...</p>
      ) : account.isError ? (
        <p className="error-text" role="alert">
          Failed to load your sessions. Please try again.
        </p>
      ) : (
        <ul className="account-sessions">
          {sessions.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              now={now}
              ending={endOne.isPending}
              onEnd={(id) => {
                setError(null);
                endOne.mutate(id, { onError });
              }}
            />
          ))}
        </ul>
      )}
      {others > 0 && (
        <div className="account-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={endOthers.isPending}
            onClick={() => {
              setError(null);
              endOthers.mutate(undefined, { onError });
            }}
          >
            Sign out everywhere else
          </button>
        </div>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </AccountSection>
  );
}
