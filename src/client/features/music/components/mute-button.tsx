import { SpeakerIcon, SpeakerMutedIcon } from "#client/components/ui/icons.tsx";
import { MUSIC_TOGGLE_ATTR } from "../music-engine.ts";
import { useMusic } from "../use-music.ts";

export function MuteButton({ className = "" }: { className?: string }) {
  const { muted, toggleMuted } = useMusic();
  const label = muted ? "Unmute music" : "Mute music";
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-icon mute-button ${className}`.trim()}
      aria-label={label}
      aria-pressed={muted}
      title={label}
      onClick={toggleMuted}
      {...{ [MUSIC_TOGGLE_ATTR]: "" }}
    >
      {muted ? <SpeakerMutedIcon /> : <SpeakerIcon />}
    </button>
  );
}
