import { RedoIcon, UndoIcon } from "./icons.tsx";
import "./history-buttons.css";

interface HistoryButtonsProps {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}

/** Every editor's Undo and Redo (docs/product.md, Undo and redo); the keys are useUndoShortcuts. */
export function HistoryButtons(props: HistoryButtonsProps) {
  return (
    <div className="history-buttons" role="group" aria-label="History">
      <button
        type="button"
        className="btn btn-ghost history-button"
        onClick={props.onUndo}
        disabled={!props.canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        title="Undo (Ctrl+Z)"
      >
        <UndoIcon size={18} />
        <span className="history-label">Undo</span>
      </button>
      <button
        type="button"
        className="btn btn-ghost history-button"
        onClick={props.onRedo}
        disabled={!props.canRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
        title="Redo (Ctrl+Shift+Z)"
      >
        <RedoIcon size={18} />
        <span className="history-label">Redo</span>
      </button>
    </div>
  );
}
