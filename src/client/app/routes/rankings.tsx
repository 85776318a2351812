import { useSession } from "#client/lib/queries/session.ts";
import { BrowseScreen } from "#client/features/browse/components/browse-screen.tsx";
import { FavoriteButton } from "#client/features/reactions/components/favorite-button.tsx";
import { UpvoteButton } from "#client/features/reactions/components/upvote-button.tsx";

/** /rankings: every public list, with the reactions composed into each card. */
export default function RankingsRoute() {
  const { user } = useSession();
  const signedIn = user !== null;
  return (
    <section className="page">
      <h1 className="page-title">Browse All Rankings</h1>
      <BrowseScreen
        signedIn={signedIn}
        renderActions={(list) => (
          <>
            <FavoriteButton list={list} signedIn={signedIn} variant="card" />
            <UpvoteButton list={list} signedIn={signedIn} variant="card" />
          </>
        )}
      />
    </section>
  );
}
