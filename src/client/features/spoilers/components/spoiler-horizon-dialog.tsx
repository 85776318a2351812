import { Modal } from "#client/components/ui/modal.tsx";
import { SPOILER_TEXTS as T } from "#shared/spoiler-horizon.ts";
import { SpoilerHorizonSettings } from "./spoiler-horizon-settings.tsx";

/** The horizon's editor in a dialog (the header's button, the first-visit prompt); loaded when opened. */
export default function SpoilerHorizonDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={T.settingsTitle} onClose={onClose} className="spoiler-dialog">
      <SpoilerHorizonSettings headingLevel={null} onSaved={onClose} />
    </Modal>
  );
}
