import { useCallback, useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "#shared/limits.ts";

/** 768 px wide or narrower is the phone layout (docs/product.md, Phones). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}

/** The phone layout (docs/product.md, Phones). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
