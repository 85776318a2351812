import { useQuery } from "@tanstack/react-query";
import { myProfileQueryOptions } from "#client/lib/queries/profile.ts";
import { ProfilePicture } from "./profile-picture.tsx";
import { UsernameEditor } from "./username-editor.tsx";
import "./profile.css";

/** The signed-in user's picture and username (both changeable) and figures, on My Lists. */
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
      <ProfilePicture name={p.name} url={p.profilePictureUrl} />
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
