import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { PalmOverlay } from "./components/palm-overlay.tsx";
import {
  type PalmCallbacks,
  type PalmPhase,
  prefersReducedMotion,
  runPalmTimeline,
} from "./palm-timeline.ts";

interface PalmApi {
  /** Plays the transition. Returns false (and does nothing) if one is already playing. */
  run: (callbacks: PalmCallbacks) => boolean;
  phase: PalmPhase;
}

const PalmContext = createContext<PalmApi | null>(null);

export function PalmTransitionProvider({ children }: { children: ReactNode }) {
  const [phase, setPhase] = useState<PalmPhase>("idle");
  const running = useRef(false);
  const cancel = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      cancel.current?.();
      running.current = false;
    },
    [],
  );

  const run = useCallback((callbacks: PalmCallbacks) => {
    if (running.current) return false;
    running.current = true;
    cancel.current = runPalmTimeline({
      reducedMotion: prefersReducedMotion(),
      // Each phase reaches the page before the next step is timed: left to
      // React's scheduling, a main thread busy with the new page (a slow
      // phone, a loaded machine) rendered "opening" and "idle" together and
      // the fronds vanished instead of opening.
      onPhase: (next) => flushSync(() => setPhase(next)),
      onHalfway: callbacks.onHalfway,
      onComplete: () => {
        running.current = false;
        cancel.current = null;
        callbacks.onComplete?.();
      },
    });
    return true;
  }, []);

  const api = useMemo(() => ({ run, phase }), [run, phase]);
  return (
    <PalmContext value={api}>
      {children}
      <PalmOverlay phase={phase} />
    </PalmContext>
  );
}

export function usePalmTransition(): PalmApi {
  const api = useContext(PalmContext);
  if (!api) throw new Error("usePalmTransition needs a <PalmTransitionProvider> above it");
  return api;
}
