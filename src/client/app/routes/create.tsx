import { useDeferredValue, useState } from "react";
import { useSession } from "#client/lib/queries/session.ts";
import { CreateListScreen } from "#client/features/lists/components/create-list-screen.tsx";
import { PickItemPreview } from "#client/features/seasons/components/pick-item-preview.tsx";
import { SeasonPicker } from "#client/features/seasons/components/season-picker.tsx";

/**
 * /create: the list builder with the season picker as its pick source, both
 * inside the builder's drag-and-drop context. Edit mode is
 * `/create?edit={listId}&user={ownerId}` (or navigation state `{ editListId, userId }`).
 */
export default function CreateRoute() {
  const { user, isPending } = useSession();
  // Phone layout: the picker is a bottom sheet, opened from the empty ranking.
  const [sheetOpen, setSheetOpen] = useState(false);
  // The builder mounts in a deferred, time-sliced pass once the session is known (decision 013).
  const sessionKnown = useDeferredValue(!isPending);

  if (!sessionKnown) {
    return (
      <p className="status-text" role="status">
        Loading...
      </p>
    );
  }
  const signedIn = user !== null;
  return (
    <CreateListScreen
      signedIn={signedIn}
      userId={user?.id ?? null}
      onOpenPicker={() => setSheetOpen(true)}
      renderPicker={(onPick) => (
        <SeasonPicker
          mode="create"
          signedIn={signedIn}
          onPick={onPick}
          sheetOpen={sheetOpen}
          onSheetOpenChange={setSheetOpen}
          draggable
        />
      )}
      renderPickPreview={(item) => <PickItemPreview item={item} />}
    />
  );
}
