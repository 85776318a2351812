import { useQuery } from "@tanstack/react-query";
import { placeholderUrl } from "#shared/media-urls.ts";
import { myProfileQueryOptions } from "#client/lib/queries/profile.ts";
import { UsernameEditor } from "./username-editor.tsx";
import "./profile.css";

/** The signed-in user's picture, username (changeable) and figures, on My Lists. */
export function ProfileSummary() {
  const profile = useQuery(myProfileQueryOptions());

  if (profile.isPending) {
    return (
      <section className="card profile-summary is-loading" aria-busy="true">
        <div className="profile-picture profile-picture-skeleton" />
        <p className="status-text profile-loading">Loading profile...</p>
      </section>
    );
  }
  if (profile.isError) {
    return (
      <section className="card profile-summary">
        <p className="error-text" role="alert">
          Could not load user profile.
        </p>
      </section>
    );
  }

  const p = profile.data;
  return (
    <section className="card profile-summary" aria-label="Your profile">
      <img
        className="profile-picture"
        src={p.profilePictureUrl || placeholderUrl()}
        alt={`${p.name}'s profile picture`}
        width={112}
        height={112}
      />
      <div className="profile-body">
        <UsernameEditor name={p.name} />
        <ul className="profile-stats">
          <li className="profile-stat">
            <span>
              Hidden Immunity Idols: <strong>{p.idolsFound}</strong>
            </span>
          </li>
          <li className="profile-stat">
            <span>
              Total Upvotes: <strong>{p.totalUpvotes}</strong>
            </span>
          </li>
          <li className="profile-stat">
            <span>
              Most Ranked: <strong>{p.mostRanked ? p.mostRanked.name : "—"}</strong>
            </span>
          </li>
        </ul>
      </div>
    </section>
  );
}
