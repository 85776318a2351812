import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from "react";
import { createPortal } from "react-dom";
import "./modal.css";

export interface ModalProps {
  /** Closes the dialog: Escape, a click on the backdrop, or the caller's own buttons. */
  onClose: () => void;
  /** The dialog's visible heading, which also names it for assistive technology. */
  title: ReactNode;
  children: ReactNode;
  /** Takes the focus when the dialog opens; the dialog itself otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Gets the focus back on close. Without it, whatever had the focus before
   * the dialog opened; give one when that element may be gone or disabled by then.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"])',
].join(",");

/** The focusable elements of `root` in tab order, leaving out those in inert or hidden parts. */
function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest("[inert],[aria-hidden='true']"),
  );
}

/**
 * A modal dialog, shown while it is mounted: role=dialog, aria-modal and
 * named by its title; it takes the focus, keeps Tab inside, closes on Escape
 * and on the backdrop, returns the focus where it came from, and holds the
 * page behind it still.
 */
export function Modal({ onClose, title, children, initialFocusRef, returnFocusRef, className }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The latest onClose, so the document listener below is set up once per opening.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // Focus that lands outside (a click on the page's scrollbar, a script) is taken back.
  // Set up before the effect below, so on close it is gone before the focus goes back.
  useEffect(() => {
    const keepInside = (e: FocusEvent) => {
      const dialog = dialogRef.current;
      if (dialog && e.target instanceof Node && !dialog.contains(e.target))
        dialog.focus({ preventScroll: true });
    };
    document.addEventListener("focusin", keepInside);
    return () => document.removeEventListener("focusin", keepInside);
  }, []);

  // Focus in on open, back out on close.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocusRef?.current ?? dialogRef.current)?.focus({ preventScroll: true });
    const target = returnFocusRef;
    return () => {
      const back = target?.current ?? before;
      if (back?.isConnected) back.focus({ preventScroll: true });
    };
  }, [initialFocusRef, returnFocusRef]);

  // The page behind does not scroll; its scroll bar's width is kept so nothing shifts.
  useEffect(() => {
    const root = document.documentElement;
    const { overflow, paddingRight } = root.style;
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = "hidden";
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    return () => {
      root.style.overflow = overflow;
      root.style.paddingRight = paddingRight;
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== "Tab" || !dialogRef.current) return;
    const items = focusablesIn(dialogRef.current);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || active === dialogRef.current)) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal-layer">
      <div className="modal-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={dialogRef}
        className={`modal card${className ? ` ${className}` : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
