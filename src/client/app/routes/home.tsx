import { useSession } from "#client/lib/queries/session.ts";
import { HomeScreen } from "#client/features/home/components/home-screen.tsx";
import { FavoriteButton } from "#client/features/reactions/components/favorite-button.tsx";
import { UpvoteButton } from "#client/features/reactions/components/upvote-button.tsx";
import { PickItemPreview } from "#client/features/seasons/components/pick-item-preview.tsx";
import { LazySeasonPicker } from "#client/features/seasons/components/lazy-season-picker.tsx";

/**
 * /: the home page's list blocks with the reactions in each card, and the
 * reference lists with the season picker beside them (the pick source for editors).
 */
export default function HomeRoute() {
  const { user, isPending } = useSession();
  const signedIn = user !== null;
  return (
    <HomeScreen
      signedIn={signedIn}
      sessionPending={isPending}
      renderActions={(list) => (
        <>
          <FavoriteButton list={list} signedIn={signedIn} variant="card" />
          <UpvoteButton list={list} signedIn={signedIn} variant="card" />
        </>
      )}
      renderPicker={(slot) => (
        <LazySeasonPicker
          mode={slot.editable ? "create" : "browse"}
          signedIn={signedIn}
          onPick={slot.onPick}
          sheetOpen={slot.sheetOpen}
          onSheetOpenChange={slot.onSheetOpenChange}
          draggable={slot.editable}
        />
      )}
      renderPickPreview={(item) => <PickItemPreview item={item} />}
    />
  );
}
