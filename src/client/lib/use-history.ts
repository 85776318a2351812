import { useCallback, useEffect, useReducer, useRef } from "react";

/** How many steps back an editor can go; older ones are forgotten. */
export const HISTORY_LIMIT = 100;
/** Typing in one field is one step until a pause this long (or leaving the field). */
export const TYPING_PAUSE_MS = 1000;

/**
 * An editor's state with its undo and redo stacks (docs/product.md, Undo and
 * redo). `typing` is the field whose keystrokes are being gathered into the
 * present step, and when the last one came.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  typing: { field: string; at: number } | null;
}

export type HistoryAction<T> =
  /** A change. With `field`, consecutive edits of that field within the pause make one step. */
  | { type: "change"; update: T | ((present: T) => T); field?: string; at?: number }
  | { type: "undo" }
  | { type: "redo" }
  /** The field lost focus: its next edit starts a new step. */
  | { type: "seal" };

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], typing: null };
}

const capped = <T>(past: T[], limit: number) =>
  past.length > limit ? past.slice(past.length - limit) : past;

/** Pure: the next history after `action`. A change that gives back the same value is no step. */
export function historyReducer<T>(
  h: History<T>,
  action: HistoryAction<T>,
  limit: number = HISTORY_LIMIT,
): History<T> {
  switch (action.type) {
    case "change": {
      const next =
        typeof action.update === "function" ? (action.update as (p: T) => T)(h.present) : action.update;
      if (Object.is(next, h.present)) return h;
      const at = action.at ?? 0;
      const field = action.field;
      const typing = field ? { field, at } : null;
      const sameTyping =
        field !== undefined && h.typing?.field === field && at - h.typing.at < TYPING_PAUSE_MS;
      if (sameTyping) return { ...h, present: next, future: [], typing };
      return { past: capped([...h.past, h.present], limit), present: next, future: [], typing };
    }
    case "undo": {
      const previous = h.past.at(-1);
      if (h.past.length === 0) return h;
      return {
        past: h.past.slice(0, -1),
        present: previous as T,
        future: [h.present, ...h.future],
        typing: null,
      };
    }
    case "redo": {
      if (h.future.length === 0) return h;
      const [next, ...rest] = h.future;
      return { past: capped([...h.past, h.present], limit), present: next as T, future: rest, typing: null };
    }
    case "seal":
      return h.typing ? { ...h, typing: null } : h;
  }
}

export interface HistoryControls<T> {
  present: T;
  canUndo: boolean;
  canRedo: boolean;
  /** What Undo would bring back, and what Redo would (for editors that save each state they reach). */
  previous: T | undefined;
  next: T | undefined;
  change: (update: T | ((present: T) => T), field?: string) => void;
  undo: () => void;
  redo: () => void;
  /** Ends the typing step of a field (on blur). */
  seal: () => void;
}

/** One editor's undoable state: every `change` is a step (text fields coalesced, see above). */
export function useHistory<T>(initial: T | (() => T)): HistoryControls<T> {
  const [h, dispatch] = useReducer(
    (state: History<T>, action: HistoryAction<T>) => historyReducer(state, action),
    initial,
    (init) => startHistory(typeof init === "function" ? (init as () => T)() : init),
  );
  const change = useCallback(
    (update: T | ((present: T) => T), field?: string) =>
      dispatch({ type: "change", update, field, at: Date.now() }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: "undo" }), []);
  const redo = useCallback(() => dispatch({ type: "redo" }), []);
  const seal = useCallback(() => dispatch({ type: "seal" }), []);
  return {
    present: h.present,
    canUndo: h.past.length > 0,
    canRedo: h.future.length > 0,
    previous: h.past.at(-1),
    next: h.future[0],
    change,
    undo,
    redo,
    seal,
  };
}

/** A field where the browser's own text undo applies; the editor's shortcut leaves it alone. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !["button", "checkbox", "radio", "range", "color", "file", "submit", "reset", "image"].includes(
    target.type,
  );
}

/** Which history command a key press asks for: Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y. */
export function shortcutOf(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): "undo" | "redo" | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === "z") return e.shiftKey ? "redo" : "undo";
  if (key === "y" && !e.shiftKey) return "redo";
  return null;
}

/**
 * The keyboard shortcuts for an editor's history, on the whole page while the
 * editor is shown, except in a text field (there the browser undoes typing).
 */
export function useUndoShortcuts(controls: { undo: () => void; redo: () => void }, enabled = true) {
  const latest = useRef(controls);
  useEffect(() => {
    latest.current = controls;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTextEntry(e.target)) return;
      const command = shortcutOf(e);
      if (!command) return;
      e.preventDefault();
      latest.current[command]();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled]);
}
