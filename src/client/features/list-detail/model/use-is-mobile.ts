import { useCallback, useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "#shared/limits.ts";

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** Spec section 9: 768 px wide or narrower is the phone layout. */
export function useIsMobile(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window.matchMedia !== "function") return () => {};
    const list = window.matchMedia(MOBILE_QUERY);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === "function" && window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
