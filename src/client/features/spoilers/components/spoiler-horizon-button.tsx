import { lazy, Suspense } from "react";
import { useSpoilerHorizon } from "#client/lib/spoiler-horizon.ts";
import { describeHorizonShort, SPOILER_TEXTS as T } from "#shared/spoiler-horizon.ts";

// The editor and its dialog load when first opened: the header is in every page.
const SpoilerHorizonDialog = lazy(() => import("./spoiler-horizon-dialog.tsx"));

/** The editor in a dialog, loaded when first shown; for the header's button and the first-visit prompt. */
export function LazySpoilerHorizonDialog({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <SpoilerHorizonDialog onClose={onClose} />
    </Suspense>
  );
}

/**
 * The header's way to the spoiler horizon, naming the one set ("Spoilers: Up
 * to S30"). The header holds the dialog: the phone menu closes as it opens.
 */
export function SpoilerHorizonButton({ onClick }: { onClick: () => void }) {
  const { horizon } = useSpoilerHorizon();
  return (
    <button
      type="button"
      className="btn btn-ghost header-link spoiler-button"
      onClick={onClick}
      aria-haspopup="dialog"
    >
      <span aria-hidden="true">🙈</span>
      {T.headerButton}
      {horizon && <span className="spoiler-button-value">: {describeHorizonShort(horizon)}</span>}
    </button>
  );
}
