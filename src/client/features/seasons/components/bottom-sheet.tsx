import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import {
  clampSheetHeight,
  defaultSheetHeight,
  dragHeight,
  releaseClosesSheet,
  SHEET_KEY_STEP_PX,
  SHEET_MIN_PX,
  sheetMaxHeight,
} from "../sheet-height.ts";
import { CloseIcon } from "#client/components/ui/icons.tsx";

interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

interface DragState {
  pointerId: number;
  startY: number;
  startHeight: number;
  requested: number;
}

/**
 * The phone layout of the picker: a sheet of 85vh that slides up from the
 * bottom over a backdrop. Its handle resizes it between 100 px and 95 % of the
 * window; pulling it below 100 px puts it away. Its content mounts when it
 * first opens (a phone that never opens it draws no season cards and fetches
 * no pictures), then stays mounted while hidden (inert), so search and scroll
 * survive closing and reopening.
 */
export function BottomSheet({ open, onOpenChange, title, children }: BottomSheetProps) {
  // null: the default 85vh. A number: what the handle set, in px.
  const [height, setHeight] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<DragState | null>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const titleId = `${title.replace(/\W+/g, "-").toLowerCase()}-sheet-title`;

  // Each opening starts at 85vh again, and takes focus so keys and readers land in it.
  const [wasOpen, setWasOpen] = useState(open);
  const [everOpened, setEverOpened] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setHeight(null);
      setEverOpened(true);
    }
  }
  useEffect(() => {
    if (open) sheetRef.current?.focus({ preventScroll: true });
  }, [open]);

  const currentHeight = () =>
    sheetRef.current?.getBoundingClientRect().height ?? defaultSheetHeight(window.innerHeight);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const startHeight = currentHeight();
    drag.current = { pointerId: e.pointerId, startY: e.clientY, startHeight, requested: startHeight };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    d.requested = dragHeight(d.startHeight, d.startY, e.clientY);
    setHeight(clampSheetHeight(d.requested, window.innerHeight));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (releaseClosesSheet(d.requested)) onOpenChange(false);
  };
  const onHandleKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === "ArrowUp" ? SHEET_KEY_STEP_PX : e.key === "ArrowDown" ? -SHEET_KEY_STEP_PX : 0;
    if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      setHeight(e.key === "Home" ? SHEET_MIN_PX : sheetMaxHeight(window.innerHeight));
    } else if (step) {
      e.preventDefault();
      setHeight(clampSheetHeight(currentHeight() + step, window.innerHeight));
    }
  };

  const shownHeight = height ?? defaultSheetHeight(typeof window === "undefined" ? 800 : window.innerHeight);

  return (
    <>
      <div
        className={`sp-backdrop${open ? " is-open" : ""}`}
        aria-hidden="true"
        onClick={() => onOpenChange(false)}
      />
      <div
        ref={sheetRef}
        className={`sp-sheet${open ? " is-open" : ""}${dragging ? " is-resizing" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        inert={!open}
        style={height === null ? undefined : { height }}
        data-state={open ? "open" : "closed"}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.stopPropagation();
            onOpenChange(false);
          }
        }}
      >
        <div
          className="sp-handle"
          role="separator"
          aria-label="Resize seasons panel"
          aria-orientation="horizontal"
          aria-valuemin={SHEET_MIN_PX}
          aria-valuemax={typeof window === "undefined" ? undefined : sheetMaxHeight(window.innerHeight)}
          aria-valuenow={Math.round(shownHeight)}
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onHandleKey}
        >
          <span className="sp-handle-bar" />
        </div>
        <div className="sp-head">
          <h2 className="sp-title" id={titleId}>
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-icon sp-icon-button"
            aria-label="Close seasons menu"
            title="Close seasons menu"
            onClick={() => onOpenChange(false)}
          >
            <CloseIcon />
          </button>
        </div>
        {everOpened && children}
      </div>
    </>
  );
}
