import { Link } from "react-router";
import { useSession } from "#client/lib/queries/session.ts";
import { MyLists } from "#client/features/lists/components/my-lists.tsx";
import { ProfileSummary } from "#client/features/profile/components/profile-summary.tsx";
import { pathTo } from "#shared/routes.ts";

/** /mylists: the signed-in user's profile and own lists. */
export default function MyListsRoute() {
  const { user, isPending } = useSession();

  if (isPending) {
    return (
      <p className="status-text" role="status">
        Loading...
      </p>
    );
  }

  return (
    <section className="page my-lists-page">
      <h1 className="page-title">My Survivor Rankings</h1>
      {user ? (
        <>
          <ProfileSummary />
          <div className="my-lists-head">
            <h2 className="my-lists-subtitle">Your Rankings</h2>
            {/* Keeps a draft in progress: /create restores it. */}
            <Link className="btn" to={pathTo("create")}>
              + Create New Ranking
            </Link>
          </div>
          <MyLists />
        </>
      ) : (
        <div className="card my-lists-visitor">
          <p>Sign in to see your rankings, change your username and build new lists.</p>
          <Link className="btn" to={pathTo("login")}>
            Sign in
          </Link>
        </div>
      )}
    </section>
  );
}
