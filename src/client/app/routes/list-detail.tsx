import { useLocation, useParams } from "react-router";
import { useSession } from "#client/lib/queries/session.ts";
import { LazyDiscussion } from "#client/features/discussion/components/lazy-discussion.tsx";
import { ListDetailScreen } from "#client/features/list-detail/components/list-detail-screen.tsx";
import { ShareButton } from "#client/features/list-detail/components/share-button.tsx";
import { readSource } from "#client/features/list-detail/model/list-detail-rules.ts";
import { FavoriteButton } from "#client/features/reactions/components/favorite-button.tsx";
import { UpvoteButton } from "#client/features/reactions/components/upvote-button.tsx";
import { SpoilerPrompt } from "#client/features/spoilers/components/spoiler-prompt.tsx";

/**
 * /list/{userId}/{listId}: the full list, with the reactions, the Share button and the comments composed in.
 * Navigation state may carry `source` ('home' from the home page; 'other' otherwise).
 */
export default function ListDetailRoute() {
  const { userId, listId } = useParams();
  const location = useLocation();
  const { user } = useSession();
  const signedIn = user !== null;

  return (
    <ListDetailScreen
      userId={userId}
      listId={listId}
      source={readSource(location.state)}
      renderReactions={(list) => (
        <>
          <FavoriteButton list={list} signedIn={signedIn} variant="detail" />
          <UpvoteButton list={list} signedIn={signedIn} variant="detail" />
        </>
      )}
      renderShare={(list) => <ShareButton list={list} />}
      renderNotice={(list) => list.kind === "castaways" && <SpoilerPrompt />}
      renderComments={(list) => (
        <LazyDiscussion
          target={{ listUserId: list.userId, listId: list.id }}
          variant="list"
          signedIn={signedIn}
        />
      )}
    />
  );
}
