import { lazy, Suspense } from "react";
import { EyeOffIcon } from "#client/components/ui/icons.tsx";
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
 * The header's way to the spoiler horizon. In the phone menu it names the
 * horizon set ("Spoilers: Up to S30"); in the desktop row, which has no room
 * to spare, it is an icon whose name and tooltip say the same. The header
 * holds the dialog: the phone menu closes as it opens.
 */
export function SpoilerHorizonButton({
  onClick,
  iconOnly = false,
}: {
  onClick: () => void;
  iconOnly?: boolean;
}) {
  const { horizon } = useSpoilerHorizon();
  const name = horizon ? `${T.headerButton}: ${describeHorizonShort(horizon)}` : T.headerButton;
  if (iconOnly) {
    return (
      <button
        type="button"
        className={`btn btn-ghost btn-icon spoiler-button${horizon ? " is-set" : ""}`}
        onClick={onClick}
        aria-haspopup="dialog"
        aria-label={name}
        title={name}
      >
        <EyeOffIcon />
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-ghost header-link spoiler-button"
      onClick={onClick}
      aria-haspopup="dialog"
    >
      <EyeOffIcon size={18} />
      {name}
    </button>
  );
}
