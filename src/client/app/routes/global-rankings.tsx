import { SpoilerPrompt } from "#client/features/spoilers/components/spoiler-prompt.tsx";
import { GlobalOverview } from "#client/features/global-rankings/components/global-overview.tsx";

/** /global-rankings (and /global-rankings/): the open categories. */
export default function GlobalRankingsRoute() {
  return (
    <>
      <SpoilerPrompt />
      <GlobalOverview />
    </>
  );
}
