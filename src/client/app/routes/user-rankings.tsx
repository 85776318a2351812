import { useLocation, useParams } from "react-router";
import { useSession } from "#client/lib/queries/session.ts";
import {
  MissingProfileScreen,
  PublicProfileScreen,
} from "#client/features/public-profile/components/public-profile-screen.tsx";
import { UpvoteTally } from "#client/features/public-profile/components/upvote-tally.tsx";
import { headingVariant, linkedUserName } from "#client/features/public-profile/model/profile-heading.ts";
import { FavoriteButton } from "#client/features/reactions/components/favorite-button.tsx";
import { UpvoteButton } from "#client/features/reactions/components/upvote-button.tsx";

/**
 * /rankings/user/:userId: a user's public profile and lists. A creator link
 * passes { userName } as navigation state: the name shows while loading and
 * the page wears the browse heading 'Rankings by {name}'; any other arrival
 * gets the profile heading '{name}'s Rankings' (see headingVariant).
 */
export default function UserRankingsRoute() {
  const { userId } = useParams();
  const location = useLocation();
  const { user } = useSession();
  const signedIn = user !== null;

  if (!userId) return <MissingProfileScreen />;
  return (
    <PublicProfileScreen
      key={userId}
      userId={userId}
      variant={headingVariant(location.state)}
      knownName={linkedUserName(location.state)}
      renderActions={(list) =>
        // A toggle needs to know whether the reader already favourited or
        // upvoted; without those flags the count is shown read-only rather
        // than risk a toggle that undoes what the reader did.
        signedIn && !list.viewer ? (
          <UpvoteTally count={list.upvoteCount} />
        ) : (
          <>
            <FavoriteButton list={list} signedIn={signedIn} variant="card" />
            <UpvoteButton list={list} signedIn={signedIn} variant="card" />
          </>
        )
      }
    />
  );
}
