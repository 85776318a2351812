import { useParams } from "react-router";
import { LazyDiscussion } from "#client/features/discussion/components/lazy-discussion.tsx";
import { useSession } from "#client/lib/queries/session.ts";
import { GlobalDetailScreen } from "#client/features/global-rankings/components/global-detail-screen.tsx";
import { PickItemPreview } from "#client/features/seasons/components/pick-item-preview.tsx";
import { LazySeasonPicker } from "#client/features/seasons/components/lazy-season-picker.tsx";
import { SpoilerPrompt } from "#client/features/spoilers/components/spoiler-prompt.tsx";

/**
 * /global-rankings/{id}: a category's results and the member's vote, with the
 * season picker (its season opened, no way back to the grid) as the pick source.
 */
export default function GlobalDetailRoute() {
  const { categoryId = "" } = useParams();
  const { user, isPending } = useSession();
  const signedIn = user !== null;
  return (
    <>
      <SpoilerPrompt />
      <GlobalDetailScreen
        categoryId={categoryId}
        signedIn={signedIn}
        sessionPending={isPending}
        renderPicker={(slot) => (
          <LazySeasonPicker
            mode="global"
            signedIn={signedIn}
            onPick={slot.onPick}
            sheetOpen={slot.sheetOpen}
            onSheetOpenChange={slot.onSheetOpenChange}
            autoSelectSeasonId={slot.seasonId}
            hideBackButton
            draggable
          />
        )}
        renderPickPreview={(item) => <PickItemPreview item={item} />}
        renderDiscussion={(id, open) => (
          <LazyDiscussion target={{ categoryId: id }} variant="global" signedIn={signedIn} readOnly={!open} />
        )}
      />
    </>
  );
}
