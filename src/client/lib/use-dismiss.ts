import { type RefObject, useEffect, useRef } from "react";

/**
 * While `active`, Escape and a press outside `inside` call `onDismiss` (with
 * how it was dismissed): the header's menu closes so, and the vote editor
 * lets go of its chosen slot so.
 */
export function useDismiss(
  inside: RefObject<HTMLElement | null>,
  active: boolean,
  onDismiss: (how: "escape" | "outside") => void,
) {
  // The listeners outlive a render; they call the latest callback.
  const latest = useRef(onDismiss);
  useEffect(() => {
    latest.current = onDismiss;
  });
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") latest.current("escape");
    };
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && !inside.current?.contains(e.target)) latest.current("outside");
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [active, inside]);
}
