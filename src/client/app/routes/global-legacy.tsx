import { SpoilerPrompt } from "#client/features/spoilers/components/spoiler-prompt.tsx";
import { LegacyRankings } from "#client/features/global-rankings/components/legacy-rankings.tsx";

/** /global-rankings/legacy: the closed categories' final results. */
export default function GlobalLegacyRoute() {
  return (
    <>
      <SpoilerPrompt />
      <LegacyRankings />
    </>
  );
}
