import { useEffect, useSyncExternalStore } from "react";
import { createMusicController, type MusicController, type MusicState } from "./music-engine.ts";

// One engine per page: the music outlives every screen.
let shared: MusicController | null = null;
function controller(): MusicController {
  shared ??= createMusicController();
  return shared;
}

export function useMusic(): MusicState & { toggleMuted: () => void } {
  const c = controller();
  const state = useSyncExternalStore(c.subscribe, c.getState, c.getState);
  return { ...state, toggleMuted: c.toggleMuted };
}

/** Mount once near the root: starts the music on the visitor's first gesture. */
export function useMusicAutostart(): void {
  useEffect(() => controller().attach(document), []);
}
